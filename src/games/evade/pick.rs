//! What a tap on the Evade board does: plain Rust, tested natively.
//!
//! In the secret setup the player arranges six values on their starting row: a value of the
//! tray then a square (or a square then a value; two squares swap), then "Set up". In play, a
//! tap on one of their coins picks it (its steps are the targets), a tap on a target is the
//! step; peeking, passing and the draw are buttons, shown only when the engine allows them. A
//! coin that is not theirs, a frozen pair or an empty square says why nothing happened.
//! Whoever may not move may still pick any coin to look at it.

use super::board::{side_name, start_row, Square};
use super::coins::Value;
use super::moves::EvadeMove;
use super::rules::Evade;
use super::words::sentence;
use crate::core::pick::{why_not, Person, Picking, Tap};
use crate::core::{Game, Rng, Seat};

/// What is picked: a square of the board, a value of the setup tray, and the setup arranged
/// so far (the value on each file of the starting row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pick {
    /// A square of the board.
    pub square: Option<Square>,
    /// A value of the setup tray.
    pub value: Option<Value>,
    /// The value placed on each file of the starting row so far.
    pub row: [Option<Value>; 6],
}

impl Pick {
    /// The six values, once all are placed.
    pub fn complete(&self) -> Option<[Value; 6]> {
        let mut out = [Value::Blank; 6];
        for (slot, v) in out.iter_mut().zip(self.row) {
            *slot = v?;
        }
        Some(out)
    }

    /// The file where value `v` is placed, if it is.
    pub fn file_of(&self, v: Value) -> Option<usize> {
        self.row.iter().position(|x| *x == Some(v))
    }

    /// This arrangement with `v` put on `file` (what stood there goes where `v` was), nothing
    /// picked.
    fn placed(&self, file: usize, v: Value) -> Pick {
        let mut row = self.row;
        if let Some(g) = self.file_of(v) {
            row[g] = row[file];
        }
        row[file] = Some(v);
        Pick {
            row,
            ..Pick::default()
        }
    }

    /// This pick with no square and no value picked.
    fn dropped(&self) -> Pick {
        Pick {
            row: self.row,
            ..Pick::default()
        }
    }
}

/// Whether the person at the device arranges their secret setup now.
pub fn arranging(game: &Evade, can_move: bool) -> bool {
    can_move && game.is_setting_up()
}

/// The starting row (0-based) of the seat setting up or whose turn it is.
pub fn home_row(game: &Evade) -> i32 {
    start_row(game.turn_seat())
}

/// The seat moving from the board now, if the person at the device may move.
fn mover(game: &Evade, can_move: bool) -> Option<Seat> {
    can_move.then(|| game.to_move()).flatten()
}

/// Where the picked coin may step now, and whether each step freezes (none unless the player
/// may move).
pub fn targets(game: &Evade, pick: &Pick, can_move: bool) -> Vec<(Square, bool)> {
    match pick.square {
        Some(from) if can_move && !game.is_setting_up() => {
            let mut to = game.destinations(from);
            crate::core::sort_small(&mut to);
            to.into_iter()
                .map(|t| (t, game.is_freeze(from, t)))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// What a tap on square `sq` does.
pub fn tap_square(game: &Evade, pick: &Pick, can_move: bool, sq: Square) -> Tap<Pick, EvadeMove> {
    if arranging(game, can_move) {
        return tap_slot(game, pick, sq);
    }
    if let Some(from) = pick.square {
        if targets(game, pick, can_move).iter().any(|t| t.0 == sq) {
            return Tap::Play(EvadeMove::Step { from, to: sq });
        }
        if from == sq {
            return Tap::Select(pick.dropped());
        }
    }
    let coins = game.coins_at(sq);
    let look = Tap::Select(Pick {
        square: Some(sq),
        ..pick.dropped()
    });
    let Some(me) = mover(game, can_move) else {
        // Any coin may be looked at.
        return match () {
            _ if !coins.is_empty() => look,
            _ if game.end().is_some() => Tap::Refuse("The game is over.".into()),
            _ => Tap::Refuse(format!("{sq} is empty, and it is not your turn.")),
        };
    };
    if game.draw_offer() == super::DrawOffer::Pending {
        let offerer = side_name(game.turn_seat());
        return Tap::Refuse(format!(
            "{offerer} offer a draw: accept or decline it first."
        ));
    }
    let mine = coins.iter().any(|c| c.owner == me);
    let may_peek = super::words::may_peek(game, sq);
    match (mine, coins.len()) {
        (true, 1) if may_peek || !game.destinations(sq).is_empty() => look,
        (true, 1) if game.must_pass() => {
            Tap::Refuse("None of your coins can move: press Pass.".into())
        }
        (true, 1) => Tap::Refuse(format!("Your coin on {sq} has no step open now.")),
        (true, _) if may_peek => look,
        (_, 2..) if pick.square.is_none() => {
            Tap::Refuse(format!("{sq} is a frozen pair: neither coin moves again."))
        }
        (_, n) => match pick.square {
            Some(from) => Tap::Refuse(engine(why_not(game, &EvadeMove::Step { from, to: sq }))),
            None if n == 0 => Tap::Refuse(format!("{sq} is empty: pick one of your coins first.")),
            None => Tap::Refuse(format!(
                "That is a {} coin: pick one of your {}.",
                super::words::coin_kind(1 - me),
                side_name(me)
            )),
        },
    }
}

/// The engine's reason, as a sentence.
fn engine(why: Option<String>) -> String {
    let why = why.unwrap_or_default();
    sentence(why.strip_prefix("illegal move: ").unwrap_or(&why))
}

/// A tap on a square in the secret setup.
fn tap_slot(game: &Evade, pick: &Pick, sq: Square) -> Tap<Pick, EvadeMove> {
    let row = home_row(game);
    if sq.rank() != row {
        return Tap::Refuse(format!(
            "Your coins start on row {}: pick a square there.",
            row + 1
        ));
    }
    let file = sq.file() as usize;
    Tap::Select(match (pick.value, pick.square) {
        (Some(v), _) => pick.placed(file, v),
        (None, Some(s)) if s == sq => pick.dropped(),
        (None, Some(s)) => {
            let mut swapped = pick.dropped();
            swapped.row.swap(s.file() as usize, file);
            swapped
        }
        (None, None) => Pick {
            square: Some(sq),
            ..*pick
        },
    })
}

/// What a tap on value `v` of the setup tray does.
pub fn tap_tray(game: &Evade, pick: &Pick, can_move: bool, v: Value) -> Tap<Pick, EvadeMove> {
    if !arranging(game, can_move) {
        return Tap::Refuse("The coins are already set up.".into());
    }
    Tap::Select(match (pick.square, pick.value) {
        (Some(s), _) => pick.placed(s.file() as usize, v),
        (None, Some(w)) if w == v => pick.dropped(),
        _ => Pick {
            value: Some(v),
            ..pick.dropped()
        },
    })
}

/// Typing value `v` on square `sq` (the keyboard's way to place a coin in the setup).
pub fn put(
    game: &Evade,
    pick: &Pick,
    can_move: bool,
    sq: Square,
    v: Value,
) -> Tap<Pick, EvadeMove> {
    if !arranging(game, can_move) {
        return Tap::Refuse("Values are typed only while you set up your coins.".into());
    }
    if sq.rank() != home_row(game) {
        return tap_slot(game, pick, sq);
    }
    Tap::Select(pick.placed(sq.file() as usize, v))
}

/// The value a key names in the setup (`n`, `b` or `0` for the blank, `a` or `1` for the ace).
pub fn value_for_key(key: &str) -> Option<Value> {
    match key.to_ascii_lowercase().as_str() {
        "n" | "b" | "0" => Some(Value::Blank),
        "a" | "1" => Some(Value::Ace),
        "2" => Some(Value::Two),
        "3" => Some(Value::Three),
        "4" => Some(Value::Four),
        "5" => Some(Value::Five),
        _ => None,
    }
}

/// A random arrangement, nothing picked.
pub fn random(rng: &mut Rng) -> Pick {
    match super::random_setup(rng) {
        EvadeMove::Setup(values) => Pick {
            row: values.map(Some),
            ..Pick::default()
        },
        _ => Pick::default(),
    }
}

/// "Set up": the setup move once all six coins are placed.
pub fn set_up(game: &Evade, pick: &Pick, can_move: bool) -> Tap<Pick, EvadeMove> {
    match pick.complete() {
        Some(values) if arranging(game, can_move) => Tap::Play(EvadeMove::Setup(values)),
        Some(_) => Tap::Refuse("The coins are already set up.".into()),
        None => {
            let missing = pick.row.iter().filter(|v| v.is_none()).count();
            Tap::Refuse(format!(
                "Put all six coins on row {} first ({missing} to go).",
                home_row(game) + 1
            ))
        }
    }
}

/// A button of the panel in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// Peek at the picked coin.
    Peek,
    /// Drop the pick.
    Cancel,
    /// Pass (only when no step is open).
    Pass,
    /// Offer a draw.
    Offer,
    /// Accept the draw offered.
    Accept,
    /// Decline the draw offered.
    Decline,
}

impl Button {
    /// The move it makes with `pick` (none for Cancel, or Peek with nothing picked).
    fn mv(self, pick: &Pick) -> Option<EvadeMove> {
        match self {
            Button::Peek => pick.square.map(EvadeMove::Peek),
            Button::Cancel => None,
            Button::Pass => Some(EvadeMove::Pass),
            Button::Offer => Some(EvadeMove::Offer),
            Button::Accept => Some(EvadeMove::Accept),
            Button::Decline => Some(EvadeMove::Decline),
        }
    }
}

/// The buttons open now, in the order the panel shows them.
pub fn buttons(game: &Evade, pick: &Pick, can_move: bool) -> Vec<Button> {
    let legal = if can_move && !game.is_setting_up() {
        game.legal_moves()
    } else {
        Vec::new()
    };
    let all = [
        Button::Accept,
        Button::Decline,
        Button::Pass,
        Button::Peek,
        Button::Cancel,
        Button::Offer,
    ];
    all.into_iter()
        .filter(|b| match b.mv(pick) {
            Some(mv) => legal.contains(&mv),
            None => *b == Button::Cancel && pick.square.is_some(),
        })
        .collect()
}

/// What pressing button `b` does.
pub fn press(game: &Evade, pick: &Pick, can_move: bool, b: Button) -> Tap<Pick, EvadeMove> {
    match b.mv(pick) {
        None if b == Button::Cancel => Tap::Select(pick.dropped()),
        None => Tap::Refuse("Pick one of your coins to peek at first.".into()),
        Some(_) if !can_move => Tap::Refuse("It is not your turn.".into()),
        Some(mv) => match why_not(game, &mv) {
            None => Tap::Play(mv),
            why => Tap::Refuse(engine(why)),
        },
    }
}

/// Whatever the player did on the board or its panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A tap (or Enter) on a square.
    Square(Square),
    /// A value typed on a square (the setup by keyboard).
    Type(Square, Value),
    /// Escape: drop the pick (the setup arranged so far stays).
    Cancel,
    /// A coin of the setup tray.
    Tray(Value),
    /// "Random arrangement" (the board draws the arrangement: see [`random`]).
    Random,
    /// "Clear": the setup starts again.
    Clear,
    /// "Set up".
    SetUp,
    /// A button of play.
    Button(Button),
}

impl Picking for Evade {
    type Pick = Pick;
    type Thing = Act;

    /// Every square and Cancel; while setting up, the tray's six values, Clear and "Set up";
    /// in play, the buttons open now.
    fn things(&self, person: &Person, pick: &Pick) -> Vec<Act> {
        let mut out: Vec<Act> = Square::all().map(Act::Square).collect();
        out.push(Act::Cancel);
        if arranging(self, person.can_move) {
            out.extend(Value::ALL.map(Act::Tray));
            out.extend([Act::Clear, Act::SetUp]);
        } else {
            out.extend(
                buttons(self, pick, person.can_move)
                    .into_iter()
                    .map(Act::Button),
            );
        }
        out
    }

    fn tap(&self, person: &Person, pick: &Pick, thing: &Act) -> Tap<Pick, EvadeMove> {
        act(self, pick, person.can_move, *thing)
    }

    /// The setup: each value of the tray, then its square, then "Set up". A step: the coin,
    /// then its square. A peek: the coin, then Peek. Otherwise the move's button.
    fn taps(&self, _: &Person, mv: &EvadeMove) -> Vec<Act> {
        let button = |b| vec![Act::Button(b)];
        match *mv {
            EvadeMove::Setup(values) => {
                let row = home_row(self);
                let mut out: Vec<Act> = (0..6)
                    .filter_map(|file| Some((values[file], Square::new(file as i32, row)?)))
                    .flat_map(|(v, sq)| [Act::Tray(v), Act::Square(sq)])
                    .collect();
                out.push(Act::SetUp);
                out
            }
            EvadeMove::Step { from, to } => vec![Act::Square(from), Act::Square(to)],
            EvadeMove::Peek(sq) => vec![Act::Square(sq), Act::Button(Button::Peek)],
            EvadeMove::Pass => button(Button::Pass),
            EvadeMove::Offer => button(Button::Offer),
            EvadeMove::Accept => button(Button::Accept),
            EvadeMove::Decline => button(Button::Decline),
        }
    }
}

/// What `act` does (for [`Act::Random`], nothing: the board makes the random arrangement).
pub fn act(game: &Evade, pick: &Pick, can_move: bool, act: Act) -> Tap<Pick, EvadeMove> {
    match act {
        Act::Square(sq) => tap_square(game, pick, can_move, sq),
        Act::Type(sq, v) => put(game, pick, can_move, sq, v),
        Act::Cancel => Tap::Select(pick.dropped()),
        Act::Tray(v) => tap_tray(game, pick, can_move, v),
        Act::Random => Tap::Select(*pick),
        Act::Clear => Tap::Select(Pick::default()),
        Act::SetUp => set_up(game, pick, can_move),
        Act::Button(b) => press(game, pick, can_move, b),
    }
}

#[cfg(test)]
mod tests {
    use super::super::words::steps_words;
    use super::*;
    use crate::core::Viewer;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn mv(s: &str) -> EvadeMove {
        s.parse().unwrap()
    }

    fn fresh(own: bool) -> Evade {
        let options = format!("rules={}", if own { "own" } else { "written" });
        <Evade as Game>::new(&options.parse().unwrap(), 1).unwrap()
    }

    /// A game after both setups, as the seat to move sees it.
    fn started(own: bool, moves: &[&str]) -> Evade {
        let mut game = fresh(own);
        for m in ["setup:na2345", "setup:5432an"].iter().chain(moves) {
            game.play(&mv(m)).unwrap();
        }
        let seat = game.to_move().unwrap();
        game.view(Viewer::Seat(seat))
    }

    fn select(t: Tap<Pick, EvadeMove>) -> Pick {
        match t {
            Tap::Select(p) => p,
            other => panic!("not a selection: {other:?}"),
        }
    }

    #[test]
    fn the_whole_setup_by_taps() {
        let game = fresh(false).view(Viewer::Seat(0));
        let mut pick = Pick::default();
        // Value, then square.
        pick = select(tap_tray(&game, &pick, true, Value::Ace));
        assert_eq!(pick.value, Some(Value::Ace), "the tray coin is picked");
        pick = select(tap_square(&game, &pick, true, sq("c1")));
        assert_eq!(pick.row[2], Some(Value::Ace));
        assert_eq!((pick.square, pick.value), (None, None));
        // Square, then value.
        pick = select(tap_square(&game, &pick, true, sq("a1")));
        assert_eq!(pick.square, Some(sq("a1")));
        pick = select(tap_tray(&game, &pick, true, Value::Blank));
        assert_eq!(pick.row[0], Some(Value::Blank));
        // "Set up" waits for six coins, and says so.
        assert_eq!(
            set_up(&game, &pick, true),
            Tap::Refuse("Put all six coins on row 1 first (4 to go).".into())
        );
        for (v, s) in [
            (Value::Two, "b1"),
            (Value::Three, "d1"),
            (Value::Four, "e1"),
            (Value::Five, "f1"),
        ] {
            pick = select(tap_tray(&game, &pick, true, v));
            pick = select(tap_square(&game, &pick, true, sq(s)));
        }
        // Two squares swap their coins; the keyboard types a value onto a square.
        pick = select(tap_square(&game, &pick, true, sq("a1")));
        pick = select(tap_square(&game, &pick, true, sq("c1")));
        assert_eq!(pick.row[0], Some(Value::Ace));
        assert_eq!(pick.row[2], Some(Value::Blank));
        pick = select(put(&game, &pick, true, sq("f1"), Value::Two));
        assert_eq!(pick.row[5], Some(Value::Two));
        assert_eq!(pick.row[1], Some(Value::Five), "the 5 went where the 2 was");
        let Tap::Play(setup) = set_up(&game, &pick, true) else {
            panic!("the setup is made")
        };
        assert_eq!(setup, mv("setup:a5n342"));
        let mut after = fresh(false);
        after.play(&setup).unwrap();
        assert_eq!(after.to_move(), Some(1), "Moons set up next");
    }

    #[test]
    fn in_the_setup_a_square_off_the_starting_row_is_refused() {
        let game = fresh(false);
        let mut moons = game.clone();
        moons.play(&mv("setup:na2345")).unwrap();
        let moons = moons.view(Viewer::Seat(1));
        assert_eq!(
            tap_square(&moons, &Pick::default(), true, sq("c1")),
            Tap::Refuse("Your coins start on row 6: pick a square there.".into())
        );
        // A tray coin tapped twice is put back.
        let p = select(tap_tray(&moons, &Pick::default(), true, Value::Four));
        assert_eq!(
            select(tap_tray(&moons, &p, true, Value::Four)),
            Pick::default()
        );
        // A random arrangement is a whole one.
        let r = random(&mut Rng::new(7));
        assert!(matches!(
            set_up(&moons, &r, true),
            Tap::Play(EvadeMove::Setup(_))
        ));
    }

    #[test]
    fn a_tap_on_an_own_coin_picks_it_and_a_target_steps() {
        let game = started(false, &[]);
        let pick = select(tap_square(&game, &Pick::default(), true, sq("b1")));
        assert_eq!(pick.square, Some(sq("b1")));
        let t = targets(&game, &pick, true);
        assert_eq!(t.len(), 3, "a2, b2 and c2: {t:?}");
        assert!(t.iter().all(|&(_, freezes)| !freezes));
        assert_eq!(
            tap_square(&game, &pick, true, sq("b2")),
            Tap::Play(mv("b1-b2"))
        );
        // Tapping it again drops it.
        assert_eq!(
            tap_square(&game, &pick, true, sq("b1")),
            Tap::Select(Pick::default())
        );
        assert_eq!(
            steps_words(&t),
            vec!["It can step to a2, b2, c2.".to_string()]
        );
    }

    #[test]
    fn an_opponents_coin_an_empty_square_and_a_frozen_pair_say_why() {
        let game = started(false, &["c1-c2", "c6-c5", "c2-c3", "c5-c4"]);
        assert_eq!(
            tap_square(&game, &Pick::default(), true, sq("c4")),
            Tap::Refuse("That is a Moon coin: pick one of your Suns.".into())
        );
        assert_eq!(
            tap_square(&game, &Pick::default(), true, sq("d4")),
            Tap::Refuse("d4 is empty: pick one of your coins first.".into())
        );
        // With a coin picked, the engine's own reason.
        let pick = select(tap_square(&game, &Pick::default(), true, sq("c3")));
        assert_eq!(
            tap_square(&game, &pick, true, sq("c5")),
            Tap::Refuse("A coin moves one square in any direction; c5 is not next to c3.".into())
        );
        // The freeze is a target, marked as freezing.
        assert!(targets(&game, &pick, true).contains(&(sq("c4"), true)));
        // Moons to move: the frozen pair on c4 holds one of their coins, which they may peek at.
        let freeze = ["c1-c2", "c6-c5", "c2-c3", "c5-c4", "c3-c4"];
        let game = started(false, &freeze);
        let pair = select(tap_square(&game, &Pick::default(), true, sq("c4")));
        assert!(
            targets(&game, &pair, true).is_empty(),
            "a frozen coin has no step"
        );
        assert!(buttons(&game, &pair, true).contains(&Button::Peek));
        // Suns to move: their coin on top of that pair lies face up, so there is nothing to
        // peek at (ruling 9): the pair only says it is frozen, and Peek is neither shown nor
        // played.
        let suns = started(
            false,
            &["c1-c2", "c6-c5", "c2-c3", "c5-c4", "c3-c4", "a6-a5"],
        );
        assert_eq!(
            tap_square(&suns, &Pick::default(), true, sq("c4")),
            Tap::Refuse("c4 is a frozen pair: neither coin moves again.".into())
        );
        let top = Pick {
            square: Some(sq("c4")),
            ..Pick::default()
        };
        assert!(!buttons(&suns, &top, true).contains(&Button::Peek));
        assert_eq!(
            press(&suns, &top, true, Button::Peek),
            Tap::Refuse(
                "Suns' coin on c4 is already face up: a peek is at one of your own face-down \
                 coins."
                    .into()
            )
        );
        // With nothing to peek at (own coins shown), the pair says why.
        let shown = started(true, &freeze);
        assert_eq!(
            tap_square(&shown, &Pick::default(), true, sq("c4")),
            Tap::Refuse("c4 is a frozen pair: neither coin moves again.".into())
        );
        // Someone who may not move looks at coins and pairs, and is told about empty squares.
        assert_eq!(
            tap_square(&game, &Pick::default(), false, sq("c4")),
            Tap::Select(Pick {
                square: Some(sq("c4")),
                ..Pick::default()
            })
        );
        assert!(targets(
            &game,
            &Pick {
                square: Some(sq("d6")),
                ..Pick::default()
            },
            false
        )
        .is_empty());
        assert_eq!(
            tap_square(&game, &Pick::default(), false, sq("d4")),
            Tap::Refuse("d4 is empty, and it is not your turn.".into())
        );
    }

    #[test]
    fn a_turn_with_a_peek_then_a_step_that_may_not_freeze() {
        let game = started(false, &["c1-c2", "c6-c5", "c2-c3", "c5-c4"]);
        let pick = select(tap_square(&game, &Pick::default(), true, sq("c3")));
        let open = buttons(&game, &pick, true);
        assert!(
            open.contains(&Button::Peek) && open.contains(&Button::Offer),
            "{open:?}"
        );
        assert!(!open.contains(&Button::Pass));
        let Tap::Play(peek) = press(&game, &pick, true, Button::Peek) else {
            panic!("the peek is made")
        };
        assert_eq!(peek, mv("peek:c3"));
        let mut whole = fresh(false);
        for m in [
            "setup:na2345",
            "setup:5432an",
            "c1-c2",
            "c6-c5",
            "c2-c3",
            "c5-c4",
        ] {
            whole.play(&mv(m)).unwrap();
        }
        whole.play(&peek).unwrap();
        let game = whole.view(Viewer::Seat(0));
        assert_eq!(game.to_move(), Some(0), "the same player goes on");
        // The peeked coin shows its value to its owner; freezing is no longer a target.
        assert_eq!(game.coins_at(sq("c3"))[0].value, Some(Value::Two));
        let pick = select(tap_square(&game, &Pick::default(), true, sq("c3")));
        let t = targets(&game, &pick, true);
        assert!(!t.iter().any(|&(s, _)| s == sq("c4")), "{t:?}");
        assert_eq!(
            tap_square(&game, &pick, true, sq("c4")),
            Tap::Refuse("A player who peeked may not freeze this turn.".into())
        );
        assert!(
            !buttons(&game, &pick, true).contains(&Button::Peek),
            "one peek a turn"
        );
        let Tap::Play(step) = tap_square(&game, &pick, true, sq("d4")) else {
            panic!("the step is made")
        };
        whole.play(&step).unwrap();
        assert_eq!(whole.to_move(), Some(1));
    }

    #[test]
    fn a_draw_offer_is_answered_by_buttons_only() {
        let mut whole = fresh(true);
        for m in ["setup:na2345", "setup:5432an", "offer"] {
            whole.play(&mv(m)).unwrap();
        }
        let game = whole.view(Viewer::Seat(1));
        assert_eq!(
            buttons(&game, &Pick::default(), true),
            vec![Button::Accept, Button::Decline]
        );
        assert_eq!(
            tap_square(&game, &Pick::default(), true, sq("a6")),
            Tap::Refuse("Suns offer a draw: accept or decline it first.".into())
        );
        assert_eq!(
            press(&game, &Pick::default(), true, Button::Decline),
            Tap::Play(EvadeMove::Decline)
        );
        // No peeking with own coins shown.
        let game = started(true, &[]);
        let pick = select(tap_square(&game, &Pick::default(), true, sq("a1")));
        assert!(!buttons(&game, &pick, true).contains(&Button::Peek));
        assert_eq!(
            press(&game, &pick, true, Button::Peek),
            Tap::Refuse(
                "Peeking is only for the rules as written: your own coins are shown.".into()
            )
        );
    }
}
