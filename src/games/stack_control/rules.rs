//! Stack Control rules, per the rulings, as the in-app rules page `static/rules/stack-control.html` states them.

use crate::core::{
    Fact, Game, GameInfo, Outcome, PlayError, Rng, Seat, SeatCard, SetupChoices, SetupError,
    SetupForm, Side, SideRule, Viewer,
};

/// The colours seats take by default, in seat order (the new-game form's order too).
const SEAT_ORDER: [Colour; 5] = [
    Colour::Red,
    Colour::Blue,
    Colour::Yellow,
    Colour::Green,
    Colour::Black,
];

/// The five pyramid colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Red (R).
    Red,
    /// Yellow (Y).
    Yellow,
    /// Green (G).
    Green,
    /// Blue (B).
    Blue,
    /// Black (K).
    Black,
}

/// All colours, in notation order.
pub const COLOURS: [Colour; 5] = [
    Colour::Red,
    Colour::Yellow,
    Colour::Green,
    Colour::Blue,
    Colour::Black,
];

/// How many pyramids of each colour and size start on the board (four trios per colour).
pub const PYRAMIDS_PER_KIND: u8 = 4;

impl Colour {
    /// The colour's notation letter.
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::Green => 'G',
            Colour::Blue => 'B',
            Colour::Black => 'K',
        }
    }

    /// The colour's notation letter as a string.
    pub const fn letter_str(self) -> &'static str {
        match self {
            Colour::Red => "R",
            Colour::Yellow => "Y",
            Colour::Green => "G",
            Colour::Blue => "B",
            Colour::Black => "K",
        }
    }

    /// The colour for a notation letter (either case).
    pub fn from_letter(c: char) -> Option<Colour> {
        COLOURS
            .into_iter()
            .find(|col| col.letter() == c.to_ascii_uppercase())
    }

    /// The colour's English name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Black => "black",
        }
    }

    /// Index in [`COLOURS`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Pyramid sizes; the value is the pip count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// Small, 1 pip.
    Pawn = 1,
    /// Medium, 2 pips.
    Drone = 2,
    /// Large, 3 pips.
    Queen = 3,
}

impl Size {
    /// All sizes, small to large.
    pub const ALL: [Size; 3] = [Size::Pawn, Size::Drone, Size::Queen];

    /// Pip count, 1 to 3.
    pub const fn pips(self) -> u8 {
        self as u8
    }

    /// The size with this pip count.
    pub fn from_pips(p: u8) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.pips() == p)
    }

    /// The piece's name.
    pub const fn name(self) -> &'static str {
        match self {
            Size::Pawn => "pawn",
            Size::Drone => "drone",
            Size::Queen => "queen",
        }
    }
}

/// One pyramid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pyramid {
    /// Its colour.
    pub colour: Colour,
    /// Its size.
    pub size: Size,
}

impl Pyramid {
    /// Its name for people: "red queen".
    pub fn name(self) -> String {
        format!("{} {}", self.colour.name(), self.size.name())
    }
}

/// The most pyramids a stack can hold: two of each size, since a third of a size is
/// captured as soon as it lands.
pub const STACK_MOST: usize = 6;

/// One square's stack, bottom to top, kept in place (a position is copied at every step of
/// the computer's playouts, and a board of lists would be 64 allocations a copy).
#[derive(Debug, Clone, Copy)]
pub(super) struct Stack {
    len: u8,
    items: [Pyramid; STACK_MOST],
}

impl Stack {
    /// No pyramid.
    pub(super) const EMPTY: Stack = Stack {
        len: 0,
        items: [Pyramid {
            colour: Colour::Red,
            size: Size::Pawn,
        }; STACK_MOST],
    };

    /// These pyramids, bottom to top, or `None` when they are more than [`STACK_MOST`].
    pub(super) fn from_slice(pyramids: &[Pyramid]) -> Option<Stack> {
        let mut stack = Stack::EMPTY;
        stack
            .items
            .get_mut(..pyramids.len())?
            .copy_from_slice(pyramids);
        stack.len = pyramids.len() as u8;
        Some(stack)
    }

    /// Its pyramids, bottom to top.
    pub(super) fn as_slice(&self) -> &[Pyramid] {
        &self.items[..usize::from(self.len)]
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn top(&self) -> Option<&Pyramid> {
        self.as_slice().last()
    }
}

impl PartialEq for Stack {
    fn eq(&self, other: &Stack) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Stack {}

/// A square of the 8x8 board: index `rank * 8 + file`, `a1` = 0, `h8` = 63.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = 1), if on the board.
    pub fn new(file: i32, rank: i32) -> Option<Square> {
        ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| Square((rank * 8 + file) as u8))
    }

    /// The square with this index (0..64).
    pub fn from_index(i: usize) -> Option<Square> {
        (i < 64).then_some(Square(i as u8))
    }

    /// Index 0..64.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..8 (a..h).
    pub const fn file(self) -> i32 {
        (self.0 % 8) as i32
    }

    /// Rank 0..8 (1..8).
    pub const fn rank(self) -> i32 {
        (self.0 / 8) as i32
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Whether this is one of the four corners (empty at the start).
    pub const fn is_corner(self) -> bool {
        matches!(self.0, 0 | 7 | 56 | 63)
    }
}

/// A move: the stack on `from` moves onto the stack on `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StackMove {
    /// Where the moving stack stands.
    pub from: Square,
    /// The stack it lands on.
    pub to: Square,
}

/// The options: one scoring colour per seat, in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackControlOptions {
    /// Seat `i` scores colour `colours[i]`.
    pub colours: Vec<Colour>,
}

impl StackControlOptions {
    /// Checks 2 to 5 distinct colours.
    ///
    /// # Errors
    /// When the count is wrong or a colour repeats.
    pub fn validate(&self) -> Result<(), SetupError> {
        let n = self.colours.len();
        if !(2..=5).contains(&n) {
            return Err(SetupError(format!(
                "Stack Control is for 2 to 5 players, not {n}"
            )));
        }
        for (i, c) in self.colours.iter().enumerate() {
            if self.colours[..i].contains(c) {
                return Err(SetupError(format!(
                    "two players cannot both score {}",
                    c.name()
                )));
            }
        }
        Ok(())
    }
}

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

/// The squares `d` squares away from `from` (1 to 3) in the eight directions, as a bit set
/// (bit `i` for square `i`): where a stack topped by `d` pips may land when they hold a
/// stack. Shifts by whole ranks drop off the board by themselves; a shift along a rank is
/// made only when it stays on it.
fn reach_mask(from: usize, d: u8) -> u64 {
    let bit = 1u64 << (from % 64);
    let (file, d) = (from % 8, usize::from(d));
    let rank = 8 * d;
    let mut mask = bit << rank | bit >> rank;
    if file + d <= 7 {
        let east = bit << d;
        mask |= east | east << rank | east >> rank;
    }
    if file >= d {
        let west = bit >> d;
        mask |= west | west << rank | west >> rank;
    }
    mask
}

/// A Stack Control position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackControl {
    /// 64 stacks, bottom to top.
    pub(super) board: [Stack; 64],
    /// Scoring colour by seat.
    pub(super) colours: Vec<Colour>,
    /// Whether each seat is still in. When one move eliminates every player still in, they
    /// all stay marked in: the game is then a draw among them.
    pub(super) in_game: Vec<bool>,
    /// The seat whose turn it is (meaningless once the game is over).
    pub(super) turn: Seat,
    /// Pyramids removed by captures, by colour and size (`[colour][pips - 1]`).
    pub(super) removed: [[u8; 3]; 5],
}

static INFO: GameInfo = GameInfo {
    slug: "stack-control",
    name: "Stack Control",
    designer: "Robert Dudley",
    min_players: 2,
    max_players: 5,
    pitch:
        "Move stacks by the pips on top, capture by making three of a size, control the most pips.",
    hidden_information: false,
    search_per_second: 20_000,
};

impl StackControl {
    /// The stack on `sq`, bottom to top.
    pub fn stack(&self, sq: Square) -> &[Pyramid] {
        self.board[sq.index()].as_slice()
    }

    /// Scoring colour of each seat.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }

    /// Whether `seat` is still in the game.
    pub fn is_in(&self, seat: Seat) -> bool {
        self.in_game.get(seat).copied().unwrap_or(false)
    }

    /// Pyramids removed by captures so far, by colour and size.
    pub fn removed(&self, colour: Colour, size: Size) -> u8 {
        self.removed[colour.index()][usize::from(size.pips() - 1)]
    }

    /// Number of pyramids of `colour` on the board.
    pub fn count_on_board(&self, colour: Colour) -> usize {
        self.board
            .iter()
            .flat_map(Stack::as_slice)
            .filter(|p| p.colour == colour)
            .count()
    }

    /// The seat that scores `colour`, if anyone does.
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.colours.iter().position(|&c| c == colour)
    }

    /// Where the stack on `from` would land in each direction (its top's pips away, onto a stack).
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        self.reach(from).collect()
    }

    /// [`Self::destinations`] without a list: the search's playouts ask for these at every
    /// step.
    fn reach(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        let d = self.board[from.index()]
            .top()
            .map_or(0, |top| i32::from(top.size.pips()));
        DIRECTIONS
            .iter()
            .filter(move |_| d > 0)
            .filter_map(move |&(df, dr)| Square::new(from.file() + df * d, from.rank() + dr * d))
            .filter(|to| !self.board[to.index()].is_empty())
    }

    /// The scores as they stand: each seat's pips in the stacks it controls, with the rule
    /// that when nobody controls a stack the tops are set aside until somebody does.
    pub fn scores(&self) -> Vec<i64> {
        self.scores_and_layers_set_aside().0
    }

    /// The scores, and how many top layers had to be set aside before anyone controlled a
    /// stack (0 when someone controls one as the board stands).
    pub fn scores_and_layers_set_aside(&self) -> (Vec<i64>, usize) {
        let n = self.colours.len();
        let tallest = self
            .board
            .iter()
            .map(|stack| stack.as_slice().len())
            .max()
            .unwrap_or(0);
        for peeled in 0..tallest {
            let mut scores = vec![0i64; n];
            let mut anyone = false;
            for stack in self.board.iter().map(Stack::as_slice) {
                if stack.len() <= peeled {
                    continue;
                }
                let kept = &stack[..stack.len() - peeled];
                let Some(top) = kept.last() else { continue };
                if let Some(seat) = self.seat_of(top.colour).filter(|&s| self.in_game[s]) {
                    anyone = true;
                    scores[seat] += kept.iter().map(|p| i64::from(p.size.pips())).sum::<i64>();
                }
            }
            if anyone {
                return (scores, peeled);
            }
        }
        (vec![0; n], tallest)
    }

    fn next_seat_after(&self, seat: Seat) -> Seat {
        let n = self.colours.len();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| self.in_game[s])
            .unwrap_or(seat)
    }

    fn alive(&self) -> Vec<Seat> {
        (0..self.colours.len())
            .filter(|&s| self.in_game[s])
            .collect()
    }

    fn everyone_left_is_wiped_out(&self) -> bool {
        (0..self.colours.len())
            .filter(|&s| self.in_game[s])
            .all(|s| !self.on_board(self.colours[s]))
    }

    /// Whether any pyramid of `colour` is on the board: not all of its pyramids were
    /// captured (every position keeps `removed` equal to what is missing from the board, see
    /// [`Game::check_invariants`]), known without looking at the board.
    fn on_board(&self, colour: Colour) -> bool {
        self.removed[colour.index()].iter().sum::<u8>() < 3 * PYRAMIDS_PER_KIND
    }

    /// The squares that hold a stack, as a bit set (bit `i` for square `i`).
    fn occupied(&self) -> u64 {
        self.board
            .iter()
            .enumerate()
            .filter(|(_, stack)| !stack.is_empty())
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// How many squares the stack on `from` may land on, given the squares `occupied`.
    fn landings(&self, from: usize, occupied: u64) -> u32 {
        self.board[from].top().map_or(0, |top| {
            (reach_mask(from, top.size.pips()) & occupied).count_ones()
        })
    }

    fn has_any_move(&self) -> bool {
        let occupied = self.occupied();
        (0..64).any(|from| self.landings(from, occupied) > 0)
    }

    /// Ended by elimination (one player left, or everyone left wiped out at once).
    fn ended_by_elimination(&self) -> bool {
        self.in_game.iter().filter(|&&b| b).count() <= 1 || self.everyone_left_is_wiped_out()
    }

    fn is_over(&self) -> bool {
        self.ended_by_elimination() || !self.has_any_move()
    }

    fn check_move(&self, mv: &StackMove) -> Result<(), PlayError> {
        if self.ended_by_elimination() {
            return Err(PlayError::GameOver);
        }
        let top = self.board[mv.from.index()].top();
        let lands = top.is_some_and(|top| {
            reach_mask(mv.from.index(), top.size.pips()) & 1 << mv.to.index() != 0
                && !self.board[mv.to.index()].is_empty()
        });
        if lands {
            // A legal move proves some stack can move: the game is not over.
            return Ok(());
        }
        if !self.has_any_move() {
            return Err(PlayError::GameOver);
        }
        Err(PlayError::Illegal(match top {
            None => format!("there is no stack on {}", mv.from),
            Some(top) => {
                let pips = top.size.pips();
                format!(
                    "the stack on {} moves exactly {pips} square{} in a straight line onto another stack; {} is not such a square",
                    mv.from,
                    if pips == 1 { "" } else { "s" },
                    mv.to
                )
            }
        }))
    }

    /// The stack on `to` with `moving` put on top and the captures made: every size present
    /// three or more times leaves the game (counted into `removed`). `None` when the result
    /// would hold more than [`STACK_MOST`], which no position that keeps its invariants can
    /// reach (each stack holds at most two of a size, so after the captures so does this one).
    fn landed(&self, moving: &Stack, to: &Stack) -> Option<(Stack, [[u8; 3]; 5])> {
        let mut all = [Stack::EMPTY.items[0]; 2 * STACK_MOST];
        let bottom = to.as_slice();
        let (low, high) = all.split_at_mut(bottom.len());
        low.copy_from_slice(bottom);
        high.get_mut(..moving.as_slice().len())?
            .copy_from_slice(moving.as_slice());
        let all = &all[..bottom.len() + moving.as_slice().len()];
        let mut counts = [0u8; 3];
        for p in all {
            counts[usize::from(p.size.pips() - 1)] += 1;
        }
        let gone = counts.map(|c| c >= 3);
        let mut removed = self.removed;
        let mut kept = Stack::EMPTY;
        for p in all {
            let size = usize::from(p.size.pips() - 1);
            if gone[size] {
                removed[p.colour.index()][size] += 1;
            } else {
                *kept.items.get_mut(usize::from(kept.len))? = *p;
                kept.len += 1;
            }
        }
        Some((kept, removed))
    }

    fn update_eliminations(&mut self) {
        let n = self.colours.len();
        let wiped = |game: &Self, s: Seat| game.in_game[s] && !game.on_board(game.colours[s]);
        // One move that eliminates everyone still in leaves them all in: a draw among them.
        if (0..n).any(|s| self.in_game[s] && !wiped(self, s)) {
            for seat in 0..n {
                if wiped(self, seat) {
                    self.in_game[seat] = false;
                }
            }
        }
    }
}

impl Game for StackControl {
    type Move = StackMove;
    type Options = StackControlOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if !(INFO.min_players..=INFO.max_players).contains(&players) {
            return Err(SetupError(format!(
                "Stack Control is for 2 to 5 players, not {players}"
            )));
        }
        Ok(SetupForm {
            sides: SideRule::Choose(
                SEAT_ORDER
                    .iter()
                    .map(|c| Side {
                        letter: c.letter_str(),
                        name: c.name(),
                    })
                    .collect(),
            ),
            options: Vec::new(),
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<StackControlOptions, SetupError> {
        let form = Self::setup_form(choices.sides.len())?;
        let colours = choices
            .sides
            .iter()
            .map(|l| {
                l.chars()
                    .next()
                    .and_then(Colour::from_letter)
                    .ok_or_else(|| SetupError(format!("no colour {l}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let options = StackControlOptions { colours };
        // The game's own words first ("two players cannot both score red"), then the form's.
        options.validate()?;
        form.check(choices.sides.len(), choices)?;
        Ok(options)
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        let Some(&colour) = self.colours.get(seat) else {
            return SeatCard::default();
        };
        let lost: u32 = Size::ALL
            .iter()
            .map(|&s| u32::from(self.removed(colour, s)))
            .sum();
        SeatCard {
            side: format!("scores {}", colour.name()),
            score: self.scores().get(seat).copied(),
            out: !self.is_in(seat),
            facts: vec![Fact::new("lost to captures", lost)],
        }
    }

    fn new(options: &StackControlOptions, seed: u64) -> Result<Self, SetupError> {
        options.validate()?;
        let mut pyramids: Vec<Pyramid> = COLOURS
            .iter()
            .flat_map(|&colour| {
                Size::ALL.iter().flat_map(move |&size| {
                    std::iter::repeat_n(Pyramid { colour, size }, usize::from(PYRAMIDS_PER_KIND))
                })
            })
            .collect();
        Rng::new(seed).shuffle(&mut pyramids);
        let mut pile = pyramids.into_iter();
        let mut board = [Stack::EMPTY; 64];
        for (sq, stack) in Square::all().zip(board.iter_mut()) {
            if !sq.is_corner() {
                if let Some(p) = pile.next() {
                    *stack = Stack::from_slice(&[p]).unwrap_or(Stack::EMPTY);
                }
            }
        }
        let n = options.colours.len();
        Ok(StackControl {
            board,
            colours: options.colours.clone(),
            in_game: vec![true; n],
            // The seat that picked its colour last moves first.
            turn: n - 1,
            removed: [[0; 3]; 5],
        })
    }

    fn seats(&self) -> usize {
        self.colours.len()
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.turn)
    }

    fn legal_moves(&self) -> Vec<StackMove> {
        // When no stack can move the list is empty anyway: no need to look twice.
        if self.ended_by_elimination() {
            return Vec::new();
        }
        Square::all()
            .flat_map(|from| self.reach(from).map(move |to| StackMove { from, to }))
            .collect()
    }

    fn random_move(&self, rng: &mut Rng) -> Option<StackMove> {
        // The default's draw (one `below` over the listed moves, in their order) without
        // listing them: the same games, move for move, with no list to allocate.
        if self.ended_by_elimination() {
            return None;
        }
        let occupied = self.occupied();
        let mut counts = [0u32; 64];
        for (from, count) in counts.iter_mut().enumerate() {
            *count = self.landings(from, occupied);
        }
        let total: u32 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        // The pick-th move in listing order: square by square, then the square's own order.
        let mut pick = rng.below(u64::from(total)) as u32;
        for (from, &count) in counts.iter().enumerate() {
            if pick < count {
                let from = Square::from_index(from)?;
                let to = self.reach(from).nth(pick as usize)?;
                return Some(StackMove { from, to });
            }
            pick -= count;
        }
        None
    }

    fn play(&mut self, mv: &StackMove) -> Result<(), PlayError> {
        self.check_move(mv)?;
        let (from, to) = (mv.from.index(), mv.to.index());
        let (landed, removed) =
            self.landed(&self.board[from], &self.board[to])
                .ok_or_else(|| {
                    PlayError::Illegal(format!(
                        "the stacks on {} and {} hold more than two of a size",
                        mv.from, mv.to
                    ))
                })?;
        self.board[from] = Stack::EMPTY;
        self.board[to] = landed;
        self.removed = removed;
        self.update_eliminations();
        self.turn = self.next_seat_after(self.turn);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let alive = self.alive();
        if self.everyone_left_is_wiped_out() {
            // No scores: everyone in the draw shares first place, and nobody else does.
            return Some(Outcome {
                winners: alive,
                scores: None,
                reason: "one move eliminated every player still in: a draw among them".into(),
            });
        }
        if let [last] = alive[..] {
            let mut outcome = Outcome::win(last, "every other player was eliminated");
            outcome.scores = Some(self.scores());
            return Some(outcome);
        }
        let (scores, set_aside) = self.scores_and_layers_set_aside();
        let best = alive.iter().map(|&s| scores[s]).max().unwrap_or(0);
        let winners: Vec<Seat> = alive.into_iter().filter(|&s| scores[s] == best).collect();
        let mut reason = "no stack can move".to_string();
        if set_aside > 0 {
            reason += &format!(
                "; nobody controlled a stack, so the top {} set aside before scoring",
                if set_aside == 1 {
                    "layer was".to_string()
                } else {
                    format!("{set_aside} layers were")
                }
            );
        }
        reason += if winners.len() == 1 {
            ": the highest score wins"
        } else {
            ": the highest scores are equal and share the win"
        };
        Some(Outcome {
            winners,
            scores: Some(scores),
            reason,
        })
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn describe_move(&self, mv: &StackMove, _viewer: Viewer) -> String {
        let mut after = self.clone();
        if after.play(mv).is_err() {
            return mv.to_string();
        }
        let stack = self.stack(mv.from);
        let mut text = stack.last().map(|p| p.name()).unwrap_or_default();
        if stack.len() > 1 {
            text += &format!(" (stack of {})", stack.len());
        }
        text += &format!(" moves {} to {}", mv.from, mv.to);
        let mut sep = ", captures ";
        for size in Size::ALL {
            let colours: Vec<&str> = COLOURS
                .iter()
                .flat_map(|&c| {
                    let n = after.removed(c, size) - self.removed(c, size);
                    std::iter::repeat_n(c.name(), usize::from(n))
                })
                .collect();
            if !colours.is_empty() {
                let n = if colours.len() == 3 { "three" } else { "four" };
                text += &format!("{sep}{n} {}s: {}", size.name(), colours.join(", "));
                sep = " and ";
            }
        }
        text
    }

    fn seat_label(&self, seat: Seat) -> Option<String> {
        self.colours.get(seat).map(|c| c.letter().to_string())
    }

    fn check_invariants(&self) -> Result<(), String> {
        for colour in COLOURS {
            for size in Size::ALL {
                let on_board = self
                    .board
                    .iter()
                    .flat_map(Stack::as_slice)
                    .filter(|p| p.colour == colour && p.size == size)
                    .count();
                let total = on_board + usize::from(self.removed(colour, size));
                if total != usize::from(PYRAMIDS_PER_KIND) {
                    return Err(format!(
                        "{} {}s: {on_board} on the board and {} removed, not {PYRAMIDS_PER_KIND}",
                        colour.name(),
                        size.name(),
                        self.removed(colour, size)
                    ));
                }
            }
        }
        for (i, stack) in self.board.iter().map(Stack::as_slice).enumerate() {
            for size in Size::ALL {
                if stack.iter().filter(|p| p.size == size).count() >= 3 {
                    return Err(format!("square {i} keeps three {}s", size.name()));
                }
            }
        }
        for (seat, colour) in self.colours.iter().enumerate() {
            if !self.in_game[seat] && self.count_on_board(*colour) > 0 {
                return Err(format!(
                    "seat {} is out but {} is on the board",
                    seat + 1,
                    colour.name()
                ));
            }
        }
        // A seat with none of its colour left is out at once; the one exception is the move
        // that wipes out everyone still in, who then all stay in (a draw among them).
        if !self.everyone_left_is_wiped_out() {
            for (seat, colour) in self.colours.iter().enumerate() {
                if self.in_game[seat] && self.count_on_board(*colour) == 0 {
                    return Err(format!(
                        "seat {} is still in but no {} pyramid is left",
                        seat + 1,
                        colour.name()
                    ));
                }
            }
        }
        if !self.in_game.get(self.turn).copied().unwrap_or(false) {
            return Err(format!("seat {} is to move but is out", self.turn + 1));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_masks_are_the_squares_d_away_in_the_eight_directions() {
        for from in Square::all() {
            for d in 1..=3u8 {
                let mut expected = 0u64;
                for (df, dr) in DIRECTIONS {
                    let step = i32::from(d);
                    if let Some(to) = Square::new(from.file() + df * step, from.rank() + dr * step)
                    {
                        expected |= 1 << to.index();
                    }
                }
                assert_eq!(reach_mask(from.index(), d), expected, "{from}, {d}");
            }
        }
    }
}
