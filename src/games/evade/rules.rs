//! Evade rules, per the rulings, as the in-app rules page `static/rules/evade.html` states them (the choices where it is silent are listed in
//! the module documentation of `evade`).

use crate::core::{
    Fact, Game, GameInfo, OptionKind, OptionSpec, Outcome, PlayError, Rng, Seat, SeatCard,
    SetupChoices, SetupError, SetupForm, Side, SideRule, Viewer,
};

/// Squares on a side of the board (6x6: nine 2x2 tiles).
pub const BOARD_SIZE: i32 = 6;

/// Coins per player.
pub const COINS_PER_SEAT: usize = 6;

/// Turns in a row without a freeze after which the game is drawn (50 by each player).
pub const QUIET_TURNS_LIMIT: usize = 100;

/// The two sides: seat 1 plays Suns (starting row 1), seat 2 Moons (starting row 6).
pub const SIDES: [Side; 2] = [
    Side {
        letter: "S",
        name: "Suns",
    },
    Side {
        letter: "M",
        name: "Moons",
    },
];

/// The value on a coin's hidden face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The blank (null) coin, special.
    Blank,
    /// The ace, special.
    Ace,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
}

impl Value {
    /// Every value, in notation order (blank, ace, 2 to 5).
    pub const ALL: [Value; 6] = [
        Value::Blank,
        Value::Ace,
        Value::Two,
        Value::Three,
        Value::Four,
        Value::Five,
    ];

    /// Its notation letter: `n` (null, the blank), `a` (ace), `2` to `5`.
    pub const fn letter(self) -> char {
        match self {
            Value::Blank => 'n',
            Value::Ace => 'a',
            Value::Two => '2',
            Value::Three => '3',
            Value::Four => '4',
            Value::Five => '5',
        }
    }

    /// The value for a notation letter.
    pub fn from_letter(c: char) -> Option<Value> {
        Value::ALL.into_iter().find(|v| v.letter() == c)
    }

    /// Its name for people.
    pub const fn name(self) -> &'static str {
        match self {
            Value::Blank => "blank",
            Value::Ace => "ace",
            Value::Two => "2",
            Value::Three => "3",
            Value::Four => "4",
            Value::Five => "5",
        }
    }

    /// Whether it is one of the two special coins (blank and ace).
    pub const fn is_special(self) -> bool {
        matches!(self, Value::Blank | Value::Ace)
    }
}

/// A square of the 6x6 board: index `row * 6 + file`, `a1` = 0, `f6` = 35.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `row` (0 = row 1), if on the board.
    pub fn new(file: i32, row: i32) -> Option<Square> {
        ((0..BOARD_SIZE).contains(&file) && (0..BOARD_SIZE).contains(&row))
            .then(|| Square((row * BOARD_SIZE + file) as u8))
    }

    /// The square with this index (0..36).
    pub fn from_index(i: usize) -> Option<Square> {
        (i < 36).then_some(Square(i as u8))
    }

    /// Index 0..36.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..6 (a..f).
    pub const fn file(self) -> i32 {
        (self.0 as i32) % BOARD_SIZE
    }

    /// Row 0..6 (rows 1..6).
    pub const fn row(self) -> i32 {
        (self.0 as i32) / BOARD_SIZE
    }

    /// The square `df` files and `dr` rows away, if on the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file() + df, self.row() + dr)
    }

    /// Every square, a1 first, then b1 .. f1, a2 ..
    pub fn all() -> impl Iterator<Item = Square> {
        (0..36).map(Square)
    }

    /// The eight squares around it that are on the board.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        DIRECTIONS
            .iter()
            .filter_map(move |&(df, dr)| self.offset(df, dr))
    }
}

/// The eight directions, in the order moves are listed.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The row (0-based) where `seat` starts: row 1 for seat 1, row 6 for seat 2.
pub const fn start_row(seat: Seat) -> i32 {
    if seat == 0 {
        0
    } else {
        BOARD_SIZE - 1
    }
}

/// The row (0-based) `seat`'s special coins must reach: the opponent's starting row.
pub const fn goal_row(seat: Seat) -> i32 {
    start_row(1 - (seat & 1))
}

/// The side name of a seat ("Suns", "Moons").
pub fn side_name(seat: Seat) -> &'static str {
    SIDES.get(seat).map_or("?", |s| s.name)
}

/// How a coin lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoinState {
    /// Free to move, face down.
    Free,
    /// Not frozen and turned face up: the special coin that won by reaching the far row.
    Shown,
    /// Frozen, on top of an enemy coin it moved onto, and face up.
    OnTop,
    /// Frozen under the enemy coin that moved onto it, face down.
    Under,
}

impl CoinState {
    /// Whether the coin is frozen (one of a pair).
    pub const fn frozen(self) -> bool {
        matches!(self, CoinState::OnTop | CoinState::Under)
    }

    /// Whether the coin lies face up, its value seen by everyone.
    pub const fn face_up(self) -> bool {
        matches!(self, CoinState::OnTop | CoinState::Shown)
    }
}

/// One coin on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Coin {
    /// The seat that owns it.
    pub owner: Seat,
    /// Which coin it is: the file (0 = a) of the square of its starting row where it was set
    /// up. It follows the coin wherever it goes; it is public (anyone watching can follow a
    /// coin), unlike its value.
    pub id: usize,
    /// Where it stands.
    pub square: Square,
    /// Its value, or `None` where the viewer may not see it (masked positions only).
    pub value: Option<Value>,
    /// Free, frozen on top, frozen underneath, or shown after a win.
    pub state: CoinState,
}

impl Coin {
    /// Whether it is frozen.
    pub const fn frozen(&self) -> bool {
        self.state.frozen()
    }

    /// Whether it lies face up.
    pub const fn face_up(&self) -> bool {
        self.state.face_up()
    }

    /// Whether it is known to be special (false when its value is hidden).
    pub fn is_special(&self) -> bool {
        self.value.is_some_and(Value::is_special)
    }
}

/// A move: one step of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvadeMove {
    /// The secret setup: the values put on files a to f of the mover's starting row.
    Setup([Value; 6]),
    /// A peek at the mover's own coin on this square (rules as written only).
    Peek(Square),
    /// One coin moves one square; onto a lone enemy coin it freezes both.
    Step {
        /// Where the coin stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// No coin can move: the turn passes.
    Pass,
    /// The player whose turn it is offers a draw (before peeking or moving).
    Offer,
    /// The opponent accepts the draw on offer: the game is drawn.
    Accept,
    /// The opponent declines the draw on offer: the offerer goes on with the turn.
    Decline,
}

/// The options: whether each player is shown the values of their own coins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EvadeOptions {
    /// On: the "show me my own coins" variant (no peeking). Off: the rules as written.
    pub own_coins_shown: bool,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// This seat's special coin entered the far row without freezing: it wins.
    FarRow(Seat),
    /// This seat froze with one of its special coins: it loses.
    FrozeSpecial(Seat),
    /// All four special coins are frozen: a draw.
    SpecialsFrozen,
    /// Both players passed in a row: a draw.
    Passes,
    /// The players agreed to a draw.
    Agreed,
    /// The same position occurred for the third time: a draw.
    Repetition,
    /// 100 turns in a row without a freeze: a draw.
    QuietTurns,
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The players set up their coins in secret, seat 1 first.
    Setup,
    /// The players take turns.
    Play,
    /// The game is over.
    Over(End),
}

/// The state of a draw offer in the current turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DrawOffer {
    /// None made this turn.
    #[default]
    None,
    /// Made by the player whose turn it is; the opponent must answer.
    Pending,
    /// Made and declined this turn: no second offer until the next turn.
    Declined,
}

/// A repetition key: where each coin stands (seat 1's six, then seat 2's, by coin id) and the
/// seat to move. Coins keep their values for the whole game and keys are forgotten at every
/// freeze (frozen coins never move again), so two keys are equal exactly when the positions
/// (every coin with its value and frozen state, and the seat to move) are the same; yet a key
/// holds nothing secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    /// Square index of each coin.
    pub(super) squares: [u8; 12],
    /// The seat to move.
    pub(super) turn: u8,
}

/// What each seat remembers of its own coins: bit `id` of a seat's entry is set once that
/// seat has peeked at its coin `id` (rule 6: the owner "must remember"). People keep it in
/// their heads, so their screen never shows it ([`Game::view`]); the computer is told it
/// ([`Game::recall`]). It belongs to the players, not to the position: two positions are
/// equal whatever their players remember, and the notation writes it only as the values a
/// seat's recall shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Memory(pub(super) [u8; 2]);

impl PartialEq for Memory {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

impl Eq for Memory {}

/// An Evade position, with everything the rules need to decide the rest of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evade {
    /// Whether own coins are shown to their owner (no peeking).
    pub(super) own: bool,
    /// Setup, play or over.
    pub(super) phase: Phase,
    /// The seat setting up, or whose turn it is (at the end: who would have moved next).
    pub(super) turn: Seat,
    /// Each seat's coins by id; empty until the seat has set up.
    pub(super) coins: [Vec<Coin>; 2],
    /// The own coin the player whose turn it is peeked at this turn.
    pub(super) peek: Option<Square>,
    /// The draw offer of this turn.
    pub(super) offer: DrawOffer,
    /// Whether the last turn was a pass.
    pub(super) passed: bool,
    /// The keys of the positions since the last freeze (or the start), the current one last.
    pub(super) keys: Vec<RepetitionKey>,
    /// The own coins each seat has peeked at.
    pub(super) memory: Memory,
}

static INFO: GameInfo = GameInfo {
    slug: "evade",
    name: "Evade",
    designer: "Mark A. Biggar, after Alex Randolph",
    min_players: 2,
    max_players: 2,
    pitch: "Face-down coins, one step at a time: freeze enemy coins by landing on them, and sneak \
            your ace or blank to the far row, but never freeze with one of them.",
    hidden_information: true,
    search_per_second: 3_000,
};

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Lone(Seat),
    Pair,
}

/// A random arrangement for the secret setup (the app's "random arrangement").
pub fn random_setup(rng: &mut Rng) -> EvadeMove {
    let mut values = Value::ALL;
    rng.shuffle(&mut values);
    EvadeMove::Setup(values)
}

/// Every arrangement of the six values, in lexicographic order of [`Value::ALL`] (720).
pub fn all_setups() -> Vec<EvadeMove> {
    fn extend(prefix: &mut Vec<Value>, out: &mut Vec<EvadeMove>) {
        if prefix.len() == COINS_PER_SEAT {
            let mut values = [Value::Blank; 6];
            values.copy_from_slice(prefix);
            out.push(EvadeMove::Setup(values));
            return;
        }
        for v in Value::ALL {
            if !prefix.contains(&v) {
                prefix.push(v);
                extend(prefix, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::with_capacity(720);
    extend(&mut Vec::new(), &mut out);
    out
}

/// Gives every coin of one seat whose value is hidden (`None`) one of the values not yet seen
/// on the others, uniformly among the assignments that put no special value on a coin marked
/// `plain` (when that is possible at all).
fn fill_hidden_values(coins: &mut [Coin], plain: &[bool; COINS_PER_SEAT], rng: &mut Rng) {
    let mut pool: Vec<Value> = Value::ALL
        .into_iter()
        .filter(|v| !coins.iter().any(|c| c.value == Some(*v)))
        .collect();
    let hidden: Vec<usize> = (0..coins.len())
        .filter(|&i| coins[i].value.is_none())
        .collect();
    if pool.len() != hidden.len() {
        return; // not a position of this game (duplicate values); leave it as it is
    }
    rng.shuffle(&mut pool);
    let (mut specials, mut others): (Vec<Value>, Vec<Value>) =
        pool.into_iter().partition(|v| v.is_special());
    let mut free: Vec<usize> = hidden
        .iter()
        .copied()
        .filter(|&i| !plain.get(i).copied().unwrap_or(false))
        .collect();
    let mut rest: Vec<usize> = Vec::new();
    if free.len() < specials.len() {
        free.clone_from(&hidden);
    } else {
        rest = hidden
            .iter()
            .copied()
            .filter(|i| !free.contains(i))
            .collect();
    }
    rng.shuffle(&mut free);
    // The specials go on random coins that may hold them, everything else anywhere left.
    let mut order = free.split_off(specials.len().min(free.len()));
    let chosen = free;
    order.append(&mut rest);
    rng.shuffle(&mut order);
    for i in chosen {
        coins[i].value = specials.pop();
    }
    others.append(&mut specials);
    for i in order {
        coins[i].value = others.pop();
    }
}

/// Whether six values are the six different values.
pub fn is_arrangement(values: &[Value; 6]) -> bool {
    Value::ALL.iter().all(|v| values.contains(v))
}

impl Evade {
    /// Whether each player is shown the values of their own coins ("show me my own coins").
    pub fn own_coins_shown(&self) -> bool {
        self.own
    }

    /// The options this game was started with.
    pub fn options(&self) -> EvadeOptions {
        EvadeOptions {
            own_coins_shown: self.own,
        }
    }

    /// Setup, play or over.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the secret setup is still going on.
    pub fn is_setting_up(&self) -> bool {
        self.phase == Phase::Setup
    }

    /// The seat setting up or whose turn it is (while a draw offer waits for an answer, the
    /// offerer; [`Game::to_move`] is then the opponent).
    pub fn turn_seat(&self) -> Seat {
        self.turn
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        match self.phase {
            Phase::Over(end) => Some(end),
            _ => None,
        }
    }

    /// Every coin on the board: seat 1's by id, then seat 2's (a seat that has not set up has
    /// none yet).
    pub fn coins(&self) -> impl Iterator<Item = &Coin> {
        self.coins.iter().flatten()
    }

    /// The coins of `seat`, by id.
    pub fn seat_coins(&self, seat: Seat) -> &[Coin] {
        self.coins.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The coins on `sq`: none, one, or a frozen pair (the one under first).
    pub fn coins_at(&self, sq: Square) -> Vec<Coin> {
        let mut here: Vec<Coin> = self.coins().filter(|c| c.square == sq).copied().collect();
        // At most two: a frozen pair, the one under first. (No sort: a stable sort's code
        // costs the bundle kilobytes.)
        if here.len() == 2 && here[1].state == CoinState::Under {
            here.swap(0, 1);
        }
        here
    }

    /// The square the player whose turn it is peeked at this turn.
    pub fn peeked(&self) -> Option<Square> {
        self.peek
    }

    /// The state of this turn's draw offer.
    pub fn draw_offer(&self) -> DrawOffer {
        self.offer
    }

    /// Whether the last turn was a pass (a second pass in a row draws).
    pub fn last_turn_passed(&self) -> bool {
        self.passed
    }

    /// Turns played in a row without a freeze (the game is drawn at 100).
    pub fn turns_without_freeze(&self) -> usize {
        self.keys.len().saturating_sub(1)
    }

    /// How many times the current position has occurred (the game is drawn at the third).
    pub fn occurrences(&self) -> usize {
        match self.keys.last() {
            Some(last) => self.keys.iter().filter(|k| *k == last).count(),
            None => 0,
        }
    }

    fn cells(&self) -> [Cell; 36] {
        let mut cells = [Cell::Empty; 36];
        for c in self.coins() {
            let cell = &mut cells[c.square.index()];
            *cell = match *cell {
                Cell::Empty => Cell::Lone(c.owner),
                _ => Cell::Pair,
            };
        }
        cells
    }

    /// Index of `seat`'s coin on `sq`.
    fn coin_index(&self, seat: Seat, sq: Square) -> Option<usize> {
        self.seat_coins(seat).iter().position(|c| c.square == sq)
    }

    /// Whether the coin of the player whose turn it is on `sq` lies face up (the top of a
    /// frozen pair): nothing to peek at.
    fn own_face_up(&self, sq: Square) -> bool {
        self.seat_coins(self.turn)
            .iter()
            .any(|c| c.square == sq && c.face_up())
    }

    fn in_turn(&self) -> bool {
        self.phase == Phase::Play && self.offer != DrawOffer::Pending
    }

    /// The steps `seat` can make (from, to, freezes), squares in index order and directions
    /// in a fixed order; freezes only when `allow_freeze`.
    fn steps(&self, seat: Seat, allow_freeze: bool) -> Vec<(Square, Square, bool)> {
        let cells = self.cells();
        let mut out = Vec::new();
        for from in Square::all() {
            let mine = self
                .seat_coins(seat)
                .iter()
                .any(|c| c.square == from && c.state == CoinState::Free);
            if !mine {
                continue;
            }
            for to in from.neighbours() {
                match cells[to.index()] {
                    Cell::Empty => out.push((from, to, false)),
                    Cell::Lone(owner) if owner != seat && allow_freeze => {
                        out.push((from, to, true))
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The steps of the player whose turn it is (no freezes after a peek); none outside play
    /// or while a draw offer waits.
    fn turn_steps(&self) -> Vec<(Square, Square, bool)> {
        if !self.in_turn() {
            return Vec::new();
        }
        self.steps(self.turn, self.peek.is_none())
    }

    /// Where the coin on `from` may legally go now (empty when it is not a coin of the player
    /// to move, or it is frozen, or nothing may move now).
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        self.turn_steps()
            .into_iter()
            .filter(|&(f, _, _)| f == from)
            .map(|(_, to, _)| to)
            .collect()
    }

    /// Whether moving from `from` to `to` would freeze (a lone enemy coin stands on `to`).
    pub fn is_freeze(&self, from: Square, to: Square) -> bool {
        let cells = self.cells();
        match (cells[from.index()], cells[to.index()]) {
            (Cell::Lone(a), Cell::Lone(b)) => a != b,
            _ => false,
        }
    }

    /// Whether `viewer` reads the arrangement of the setup the seat to move makes now: everyone
    /// (after the end), or its own seat when shown its own coins.
    fn setup_seen_by(&self, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Everyone => true,
            Viewer::Seat(s) => self.own && self.phase == Phase::Setup && self.turn == s,
        }
    }

    /// Whether a peek is offered now: rules as written, no peek yet this turn, and some legal
    /// move that does not freeze.
    pub fn can_peek(&self) -> bool {
        !self.own
            && self.in_turn()
            && self.peek.is_none()
            && self.turn_steps().iter().any(|&(_, _, freezes)| !freezes)
    }

    /// The squares of the coins the player to move may peek at, when a peek is offered: their
    /// own face-down coins, a frozen one underneath included; not a coin already face up (the
    /// top of a frozen pair): a peek there shows nothing and only spends the turn's freeze
    /// (ruling 9).
    pub fn peek_squares(&self) -> Vec<Square> {
        if !self.can_peek() {
            return Vec::new();
        }
        let mut squares: Vec<Square> = self
            .seat_coins(self.turn)
            .iter()
            .filter(|c| !c.face_up())
            .map(|c| c.square)
            .collect();
        crate::core::sort_small(&mut squares); // distinct squares
        squares
    }

    /// Whether the player whose turn it is may offer a draw now (once a turn, before peeking).
    pub fn can_offer_draw(&self) -> bool {
        self.phase == Phase::Play && self.offer == DrawOffer::None && self.peek.is_none()
    }

    /// Whether the player to move has no coin that can move and must pass.
    pub fn must_pass(&self) -> bool {
        self.in_turn() && self.turn_steps().is_empty()
    }

    /// The repetition key of the current coins and seat to move.
    pub(super) fn key(&self) -> RepetitionKey {
        let mut squares = [0u8; 12];
        for (i, c) in self.coins().take(12).enumerate() {
            squares[i] = c.square.0;
        }
        RepetitionKey {
            squares,
            turn: self.turn as u8,
        }
    }

    fn all_specials_frozen(&self) -> bool {
        let specials: Vec<&Coin> = self.coins().filter(|c| c.is_special()).collect();
        specials.len() == 4 && specials.iter().all(|c| c.frozen())
    }

    /// Why `mv` is not legal here (it is not in the list).
    fn why_illegal(&self, mv: &EvadeMove) -> String {
        let me = side_name(self.turn);
        match (mv, self.phase) {
            (EvadeMove::Setup(v), Phase::Setup) if !is_arrangement(v) => {
                "a setup uses each of the six values once".into()
            }
            (EvadeMove::Setup(_), _) => "the coins are already set up".into(),
            (_, Phase::Setup) => format!("{me} must first set up their coins"),
            (EvadeMove::Accept | EvadeMove::Decline, _) if self.offer != DrawOffer::Pending => {
                "no draw is on offer".into()
            }
            (_, _) if self.offer == DrawOffer::Pending => format!(
                "{me} offered a draw: {} must accept or decline it",
                side_name(1 - self.turn)
            ),
            (EvadeMove::Offer, _) if self.offer == DrawOffer::Declined => {
                "a player may offer a draw once a turn".into()
            }
            (EvadeMove::Offer, _) => "a draw is offered before peeking".into(),
            (EvadeMove::Peek(_), _) if self.own => {
                "peeking is only for the rules as written: your own coins are shown".into()
            }
            (EvadeMove::Peek(_), _) if self.peek.is_some() => "one peek a turn".into(),
            (EvadeMove::Peek(sq), _) if self.coin_index(self.turn, *sq).is_none() => {
                format!("{me} have no coin on {sq} to peek at")
            }
            (EvadeMove::Peek(sq), _) if self.own_face_up(*sq) => format!(
                "{me}' coin on {sq} is already face up: a peek is at one of your own face-down \
                 coins"
            ),
            (EvadeMove::Peek(_), _) => {
                "no peek when every move freezes (a player who peeks may not freeze)".into()
            }
            (EvadeMove::Pass, _) => "a player passes only when no coin can move".into(),
            (EvadeMove::Step { from, to }, _) => self.why_step_illegal(*from, *to),
            _ => "not a legal move here".into(),
        }
    }

    fn why_step_illegal(&self, from: Square, to: Square) -> String {
        let me = side_name(self.turn);
        let Some(i) = self.coin_index(self.turn, from) else {
            return format!("{me} have no coin on {from}");
        };
        if self.seat_coins(self.turn)[i].frozen() {
            return format!("the coin on {from} is frozen");
        }
        if !from.neighbours().any(|n| n == to) {
            return format!("a coin moves one square in any direction; {to} is not next to {from}");
        }
        match self.cells()[to.index()] {
            Cell::Pair => format!("{to} holds a frozen pair"),
            Cell::Lone(s) if s == self.turn => format!("{me} already have a coin on {to}"),
            Cell::Lone(_) if self.peek.is_some() => {
                "a player who peeked may not freeze this turn".into()
            }
            _ => "not a legal move here".into(),
        }
    }

    fn is_legal(&self, mv: &EvadeMove) -> bool {
        match mv {
            EvadeMove::Setup(values) => self.phase == Phase::Setup && is_arrangement(values),
            _ => self.legal_moves().contains(mv),
        }
    }

    /// Ends the turn of the player to move: the turn passes, the position is recorded, and
    /// the game ends if a rule says so. `moved` is the mover's coin index after a step.
    fn end_turn(&mut self, moved: Option<usize>, froze: bool) {
        let mover = self.turn;
        let was_pass = moved.is_none();
        let two_passes = was_pass && self.passed;
        self.passed = was_pass;
        self.peek = None;
        self.offer = DrawOffer::None;
        self.turn = 1 - mover;
        if froze {
            self.keys.clear();
        }
        let key = self.key();
        self.keys.push(key);
        let coin = moved.and_then(|i| self.coins[mover].get(i).copied());
        let special = coin.is_some_and(|c| c.is_special());
        let end = if froze && special {
            Some(End::FrozeSpecial(mover))
        } else if froze && self.all_specials_frozen() {
            Some(End::SpecialsFrozen)
        } else if !froze && special && coin.is_some_and(|c| c.square.row() == goal_row(mover)) {
            if let Some(c) = moved.and_then(|i| self.coins[mover].get_mut(i)) {
                c.state = CoinState::Shown;
            }
            Some(End::FarRow(mover))
        } else if two_passes {
            Some(End::Passes)
        } else if self.occurrences() >= 3 {
            Some(End::Repetition)
        } else if self.turns_without_freeze() >= QUIET_TURNS_LIMIT {
            Some(End::QuietTurns)
        } else {
            None
        };
        if let Some(end) = end {
            self.phase = Phase::Over(end);
        }
    }

    fn apply(&mut self, mv: &EvadeMove) {
        match *mv {
            EvadeMove::Setup(values) => {
                let seat = self.turn;
                self.coins[seat] = values
                    .iter()
                    .enumerate()
                    .filter_map(|(id, &v)| {
                        Some(Coin {
                            owner: seat,
                            id,
                            square: Square::new(id as i32, start_row(seat))?,
                            value: Some(v),
                            state: CoinState::Free,
                        })
                    })
                    .collect();
                if seat == 0 {
                    self.turn = 1;
                } else {
                    self.turn = 0;
                    self.phase = Phase::Play;
                    self.keys = vec![self.key()];
                }
            }
            EvadeMove::Peek(sq) => {
                self.peek = Some(sq);
                if let Some(i) = self.coin_index(self.turn, sq) {
                    self.memory.0[self.turn] |= 1 << i;
                }
            }
            EvadeMove::Offer => self.offer = DrawOffer::Pending,
            EvadeMove::Decline => self.offer = DrawOffer::Declined,
            EvadeMove::Accept => {
                self.offer = DrawOffer::None;
                self.phase = Phase::Over(End::Agreed);
            }
            EvadeMove::Pass => self.end_turn(None, false),
            EvadeMove::Step { from, to } => {
                let seat = self.turn;
                let other = 1 - seat;
                let Some(i) = self.coin_index(seat, from) else {
                    return;
                };
                let victim = self.coin_index(other, to);
                self.coins[seat][i].square = to;
                if let Some(j) = victim {
                    self.coins[seat][i].state = CoinState::OnTop;
                    self.coins[other][j].state = CoinState::Under;
                }
                self.end_turn(Some(i), victim.is_some());
            }
        }
    }

    /// Whether `viewer` may see the value of `coin` (in a game still going on).
    fn sees(&self, coin: &Coin, viewer: Seat) -> bool {
        coin.face_up()
            || (coin.owner == viewer
                && (self.own || (self.turn == viewer && self.peek == Some(coin.square))))
    }

    fn check_coins(&self) -> Result<(), String> {
        for (seat, coins) in self.coins.iter().enumerate() {
            let name = side_name(seat);
            if !coins.is_empty() && coins.len() != COINS_PER_SEAT {
                return Err(format!("{name} have {} coins, not 6", coins.len()));
            }
            for (id, c) in coins.iter().enumerate() {
                if c.owner != seat || c.id != id {
                    return Err(format!("{name}' coin {id} is filed wrongly"));
                }
                if let Some(v) = c.value {
                    if coins[..id].iter().any(|d| d.value == Some(v)) {
                        return Err(format!("{name} have two {} coins", v.name()));
                    }
                }
            }
        }
        for sq in Square::all() {
            let here = self.coins_at(sq);
            match here.as_slice() {
                [] => {}
                [c] if c.frozen() => return Err(format!("the coin on {sq} is frozen alone")),
                [_] => {}
                [under, top] => {
                    if under.owner == top.owner
                        || under.state != CoinState::Under
                        || top.state != CoinState::OnTop
                    {
                        return Err(format!("{sq} holds two coins that are not a frozen pair"));
                    }
                }
                _ => return Err(format!("{sq} holds more than two coins")),
            }
        }
        Ok(())
    }

    fn check_phase(&self) -> Result<(), String> {
        let placed = [self.coins[0].len(), self.coins[1].len()];
        if self.turn > 1 {
            return Err(format!(
                "seat {} is to move in a two-player game",
                self.turn + 1
            ));
        }
        if self.phase == Phase::Setup {
            let expected = if self.turn == 0 { [0, 0] } else { [6, 0] };
            if placed != expected {
                return Err(format!(
                    "{} set up in the wrong order",
                    side_name(self.turn)
                ));
            }
            if self.peek.is_some()
                || self.offer != DrawOffer::None
                || self.passed
                || !self.keys.is_empty()
            {
                return Err("nothing but the setup happens before play".into());
            }
            if self.coins().any(|c| {
                c.state != CoinState::Free || Square::new(c.id as i32, 0) != Some(c.square)
            }) {
                return Err("Suns' coins must stand free on row 1 until Moons set up".into());
            }
            return Ok(());
        }
        if placed != [6, 6] {
            return Err("play starts only once both players set up".into());
        }
        let Some(last) = self.keys.last() else {
            return Err("no position is recorded".into());
        };
        if *last != self.key() {
            return Err("the last recorded position is not the current one".into());
        }
        let limit = match self.phase {
            Phase::Over(_) => QUIET_TURNS_LIMIT + 1,
            _ => QUIET_TURNS_LIMIT,
        };
        if self.keys.len() > limit {
            return Err(format!(
                "{} positions recorded without a freeze",
                self.keys.len()
            ));
        }
        // Frozen coins never move, and the record restarts at every freeze.
        let frozen: Vec<(usize, u8)> = self
            .coins()
            .enumerate()
            .filter(|(_, c)| c.frozen())
            .map(|(i, c)| (i, c.square.0))
            .collect();
        for k in &self.keys {
            if k.turn > 1
                || k.squares.iter().any(|&s| s >= 36)
                || frozen.iter().any(|&(i, s)| k.squares[i] != s)
            {
                return Err("a recorded position does not fit the frozen coins".into());
            }
        }
        let shown: Vec<&Coin> = self
            .coins()
            .filter(|c| c.state == CoinState::Shown)
            .collect();
        match self.phase {
            Phase::Play => {
                if !shown.is_empty() {
                    return Err("a coin is shown face up while play goes on".into());
                }
                if self
                    .keys
                    .iter()
                    .any(|k| self.keys.iter().filter(|j| *j == k).count() >= 3)
                {
                    return Err("a position occurred three times but play goes on".into());
                }
                if self.all_specials_frozen() {
                    return Err("all four special coins are frozen but play goes on".into());
                }
                for c in self.coins() {
                    if c.is_special() && c.state == CoinState::OnTop {
                        return Err(format!(
                            "a special coin froze on {} but play goes on",
                            c.square
                        ));
                    }
                    if c.is_special() && !c.frozen() && c.square.row() == goal_row(c.owner) {
                        return Err(format!(
                            "a special coin reached {} but play goes on",
                            c.square
                        ));
                    }
                }
                if let Some(sq) = self.peek {
                    if self.own {
                        return Err("nobody peeks when own coins are shown".into());
                    }
                    if self.offer == DrawOffer::Pending {
                        return Err("a draw is offered before peeking".into());
                    }
                    if self.coin_index(self.turn, sq).is_none() {
                        return Err(format!(
                            "the peeked square {sq} holds no coin of {}",
                            side_name(self.turn)
                        ));
                    }
                    if self.own_face_up(sq) {
                        return Err(format!(
                            "the peeked coin of {} on {sq} lies face up",
                            side_name(self.turn)
                        ));
                    }
                    if self.turn_steps().is_empty() {
                        return Err("a peek was made with no move left that does not freeze".into());
                    }
                }
            }
            Phase::Over(end) => {
                if self.peek.is_some() || self.offer != DrawOffer::None {
                    return Err("a finished game has no peek or draw offer".into());
                }
                match (end, shown.as_slice()) {
                    (End::FarRow(seat), [c])
                        if c.owner == seat
                            && c.square.row() == goal_row(seat)
                            && c.value.is_none_or(Value::is_special) => {}
                    (End::FarRow(_), _) => {
                        return Err(
                            "a win in the far row shows the special coin that made it".into()
                        )
                    }
                    (_, []) => {}
                    _ => return Err("only the coin that won in the far row is shown".into()),
                }
                if matches!(end, End::FarRow(s) | End::FrozeSpecial(s) if s > 1) {
                    return Err("the game ended for a seat that is not at the table".into());
                }
            }
            Phase::Setup => {}
        }
        Ok(())
    }
}

impl Game for Evade {
    type Move = EvadeMove;
    type Options = EvadeOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if players != 2 {
            return Err(SetupError(format!("Evade is for 2 players, not {players}")));
        }
        Ok(SetupForm {
            sides: SideRule::Fixed(SIDES.to_vec()),
            options: vec![OptionSpec {
                key: "own",
                label: "Show me my own coins",
                help: "Each player sees the values of their own coins and nobody peeks; off, the \
                       rules as written: your own coins are face down to you too, and you may \
                       peek at one before moving.",
                kind: OptionKind::Switch { default: false },
            }],
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<EvadeOptions, SetupError> {
        let n = choices.sides.len();
        Self::setup_form(n)?.check(n, choices)?;
        Ok(EvadeOptions {
            own_coins_shown: choices.is_on("own"),
        })
    }

    fn new(options: &EvadeOptions, _seed: u64) -> Result<Self, SetupError> {
        Ok(Evade {
            own: options.own_coins_shown,
            phase: Phase::Setup,
            turn: 0,
            coins: [Vec::new(), Vec::new()],
            peek: None,
            offer: DrawOffer::None,
            passed: false,
            keys: Vec::new(),
            memory: Memory::default(),
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over(_) => None,
            Phase::Play if self.offer == DrawOffer::Pending => Some(1 - self.turn),
            _ => Some(self.turn),
        }
    }

    fn legal_moves(&self) -> Vec<EvadeMove> {
        match self.phase {
            Phase::Over(_) => Vec::new(),
            Phase::Setup => all_setups(),
            Phase::Play if self.offer == DrawOffer::Pending => {
                vec![EvadeMove::Accept, EvadeMove::Decline]
            }
            Phase::Play => {
                let mut moves: Vec<EvadeMove> = self
                    .turn_steps()
                    .into_iter()
                    .map(|(from, to, _)| EvadeMove::Step { from, to })
                    .collect();
                if moves.is_empty() {
                    moves.push(EvadeMove::Pass);
                }
                moves.extend(self.peek_squares().into_iter().map(EvadeMove::Peek));
                if self.can_offer_draw() {
                    moves.push(EvadeMove::Offer);
                }
                moves
            }
        }
    }

    fn play(&mut self, mv: &EvadeMove) -> Result<(), PlayError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal(self.why_illegal(mv)));
        }
        self.apply(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over(end) = self.phase else {
            return None;
        };
        let draw = |reason: &str| Outcome {
            winners: vec![0, 1],
            scores: None,
            reason: reason.to_string(),
        };
        Some(match end {
            End::FarRow(seat) => {
                let what = self
                    .seat_coins(seat)
                    .iter()
                    .find(|c| c.state == CoinState::Shown)
                    .and_then(|c| c.value)
                    .map_or("special coin", Value::name);
                Outcome::win(
                    seat,
                    format!(
                        "{}' {what} reached row {} without freezing",
                        side_name(seat),
                        goal_row(seat) + 1
                    ),
                )
            }
            End::FrozeSpecial(seat) => Outcome::win(
                1 - seat,
                format!("{} froze with one of their special coins", side_name(seat)),
            ),
            End::SpecialsFrozen => draw("all four special coins are frozen"),
            End::Passes => draw("both players passed in a row"),
            End::Agreed => draw("the players agreed to a draw"),
            End::Repetition => draw("the same position occurred for the third time"),
            End::QuietTurns => draw("100 turns in a row without a freeze"),
        })
    }

    fn view(&self, viewer: Viewer) -> Self {
        let Viewer::Seat(seat) = viewer else {
            return self.clone();
        };
        if matches!(self.phase, Phase::Over(_)) {
            // At the end every coin is revealed.
            return self.clone();
        }
        let mut masked = self.clone();
        for coins in &mut masked.coins {
            for c in coins.iter_mut() {
                if !self.sees(c, seat) {
                    c.value = None;
                }
            }
        }
        masked
    }

    fn winning_move(&self) -> Option<EvadeMove> {
        // A free special coin of the mover next to an empty square of its far row: the step
        // does not freeze, so it wins (rule 7). Only where the value is known (a sample).
        if !self.in_turn() {
            return None;
        }
        let seat = self.turn;
        let cells = self.cells();
        self.seat_coins(seat)
            .iter()
            .filter(|c| c.state == CoinState::Free && c.is_special())
            .find_map(|c| {
                c.square
                    .neighbours()
                    .find(|to| {
                        to.row() == goal_row(seat) && matches!(cells[to.index()], Cell::Empty)
                    })
                    .map(|to| EvadeMove::Step { from: c.square, to })
            })
    }

    fn recall(&self, seat: Seat) -> Self {
        let mut out = self.view(Viewer::Seat(seat));
        let known = self.memory.0.get(seat).copied().unwrap_or(0);
        if let (Some(mine), Some(values)) = (out.coins.get_mut(seat), self.coins.get(seat)) {
            for (c, v) in mine.iter_mut().zip(values) {
                if known & (1 << c.id) != 0 {
                    c.value = v.value;
                }
            }
        }
        out
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut out = self.recall(seat);
        // What `seat` has seen beyond the values shown: a coin that ever stood free in its
        // owner's goal row while play went on entered it without winning, so it is not special
        // (its square now, and every recorded position since the last freeze, say so). And
        // play going on means the four specials are not all frozen.
        let plain: [[bool; COINS_PER_SEAT]; 2] = std::array::from_fn(|owner| {
            std::array::from_fn(|id| {
                let base = owner * COINS_PER_SEAT;
                let in_goal = |sq: Square| sq.row() == goal_row(owner);
                out.coins[owner].get(id).is_some_and(|c| {
                    out.phase == Phase::Play
                        && (in_goal(c.square)
                            || out.keys.iter().any(|k| {
                                Square::from_index(usize::from(k.squares[base + id]))
                                    .is_some_and(in_goal)
                            }))
                })
            })
        });
        let masked = out.coins.clone();
        for attempt in 0..32 {
            for owner in 0..2 {
                out.coins[owner].clone_from(&masked[owner]);
                fill_hidden_values(&mut out.coins[owner], &plain[owner], rng);
            }
            if out.phase != Phase::Play || !out.all_specials_frozen() || attempt == 31 {
                break;
            }
        }
        out
    }

    fn describe_move(&self, mv: &EvadeMove, viewer: Viewer) -> String {
        let what = match mv {
            EvadeMove::Setup(values) if self.setup_seen_by(viewer) => {
                let names: Vec<&str> = values.iter().map(|v| v.name()).collect();
                let row = start_row(self.turn) + 1;
                format!("set up a{row}-f{row}: {}", names.join(", "))
            }
            EvadeMove::Setup(_) => "set up in secret".into(),
            EvadeMove::Peek(sq) => format!("peek at {sq}"),
            EvadeMove::Step { from, to } => format!(
                "move {from} to {to}{}",
                if self.is_freeze(*from, *to) {
                    ", freezing both coins"
                } else {
                    ""
                }
            ),
            EvadeMove::Pass => "pass".into(),
            EvadeMove::Offer => "offer a draw".into(),
            EvadeMove::Accept => "accept the draw".into(),
            EvadeMove::Decline => "decline the draw".into(),
        };
        format!(
            "{} {what}",
            side_name(Game::to_move(self).unwrap_or_default())
        )
    }

    fn public_move(&self, mv: &EvadeMove, viewer: Viewer) -> Option<EvadeMove> {
        // A setup is what its description shows: the arrangement only to whom it reads so.
        match mv {
            EvadeMove::Setup(_) if !self.setup_seen_by(viewer) => None,
            _ => Some(*mv),
        }
    }

    fn seat_label(&self, seat: Seat) -> Option<String> {
        SIDES.get(seat).map(|s| s.letter.to_string())
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        let Some(side) = SIDES.get(seat) else {
            return SeatCard::default();
        };
        let mut facts = Vec::new();
        let coins = self.seat_coins(seat);
        if coins.is_empty() {
            facts.push(Fact::new("coins", "not set up yet"));
        } else if self.phase == Phase::Setup {
            facts.push(Fact::new("coins", "set up"));
        } else {
            let frozen: Vec<&Coin> = coins.iter().filter(|c| c.frozen()).collect();
            facts.push(Fact::new("frozen", format!("{} of 6", frozen.len())));
            let known = frozen.iter().filter(|c| c.is_special()).count();
            let unknown = frozen.iter().filter(|c| c.value.is_none()).count();
            let specials = match (known, unknown) {
                (k, 0) => k.to_string(),
                (0, _) => "?".to_string(),
                (k, _) => format!("{k} or more"),
            };
            facts.push(Fact::new("specials frozen", specials));
        }
        SeatCard {
            side: format!("{}, from row {}", side.name, start_row(seat) + 1),
            score: None,
            out: false,
            facts,
        }
    }

    fn turn_words(&self) -> &'static str {
        match self.phase {
            Phase::Setup => "to set up their coins in secret",
            Phase::Play | Phase::Over(_) => "to move",
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let mut facts = Vec::new();
        match self.phase {
            Phase::Setup => facts.push(Fact::new(
                "setup",
                format!("{} arrange their coins in secret", side_name(self.turn)),
            )),
            Phase::Play | Phase::Over(_) => facts.push(Fact::new(
                "turns without a freeze",
                format!("{} of {QUIET_TURNS_LIMIT}", self.turns_without_freeze()),
            )),
        }
        if let Some(sq) = self.peek {
            facts.push(Fact::new(
                "peeked",
                format!("{} peeked at {sq}", side_name(self.turn)),
            ));
        }
        match self.offer {
            DrawOffer::Pending => facts.push(Fact::new(
                "draw",
                format!("offered by {}", side_name(self.turn)),
            )),
            DrawOffer::Declined => facts.push(Fact::new("draw", "offer declined")),
            DrawOffer::None => {}
        }
        if self.passed && self.phase == Phase::Play {
            facts.push(Fact::new("last turn", "a pass (another draws)"));
        }
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.check_coins()?;
        self.check_phase()
    }
}
