//! What a tap on the STAX board or its panel does: plain Rust, tested natively.
//!
//! A turn is placing a tile from the rack (pick it, pick a highlighted cell, choose how it
//! lies, Place) or moving one of your tiles on the table (pick it, pick a highlighted
//! landing, choose how it ends turned, Move). The king and the queen, whose turning changes
//! nothing, go at once. Every other tap says why nothing happened.

use super::cell::Cell;
use super::moves::{Refusal, StaxMove};
use super::rules::{Phase, Stax};
use super::tile::{mirror, rotate, rotations, TileKind};
use super::words::{kind_words, name, sentence, stack_words};
use crate::core::pick::{Person, Picking};
pub use crate::core::Tap;
use crate::core::{Game, Seat};

/// What the player has picked so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pick {
    /// Nothing.
    #[default]
    None,
    /// A tile from the rack, its cell not yet chosen.
    Kind(TileKind),
    /// A tile from the rack on a cell, lying with these pointers.
    Place(TileKind, Cell, u8),
    /// A tile on the table to move, its landing not yet chosen.
    From(Cell),
    /// A tile moving to a cell, turned to show these pointers.
    Travel(Cell, Cell, u8),
}

impl Pick {
    /// The rack tile picked.
    pub fn placing(self) -> Option<TileKind> {
        match self {
            Pick::Kind(k) | Pick::Place(k, ..) => Some(k),
            _ => None,
        }
    }

    /// The cell of the tile picked on the table.
    pub fn from(self) -> Option<Cell> {
        match self {
            Pick::From(f) | Pick::Travel(f, ..) => Some(f),
            _ => None,
        }
    }

    /// Where the tile picked is shown and how it lies, once its cell is chosen.
    pub fn chosen(self) -> Option<(Cell, u8)> {
        match self {
            Pick::Place(_, c, m) | Pick::Travel(_, c, m) => Some((c, m)),
            _ => None,
        }
    }
}

/// Whether rack tile `k` of `seat` shows as picked: only in the mover's rack, never the same
/// kind in another player's.
pub fn pressed_in_rack(game: &Stax, pick: Pick, seat: Seat, k: TileKind) -> bool {
    seat == game.turn() && pick.placing() == Some(k)
}

/// A way to turn the tile shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spin {
    /// Clockwise (R).
    Clockwise,
    /// Anticlockwise (Shift+R).
    Back,
    /// The other side up (F, the 3X tile only).
    Over,
}

/// What can be tapped (or pressed with Enter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thing {
    /// A cell of the table.
    Cell(Cell),
    /// A tile in a seat's rack.
    Rack(Seat, TileKind),
    /// A way to lay (or turn) the tile shown.
    Way(u8),
    /// Turning the tile shown.
    Spin(Spin),
    /// Place or Move.
    Confirm,
    /// Cancel (Escape).
    Cancel,
    /// A draw offer, or its answer.
    Draw(StaxMove),
}

/// The cells drawn: the empty cells around the stacks and the targets (the origin on an
/// empty table), then every stack in the engine's order, rows top to bottom, so that the
/// tiles drawn under a stack's top tile are covered by the row below.
pub fn cells_drawn(game: &Stax, targets: &[Cell]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    let around = game.stacks().iter().flat_map(|(c, _)| c.neighbours());
    for c in around.chain(targets.iter().copied()) {
        if game.height(c) == 0 && !cells.contains(&c) {
            cells.push(c);
        }
    }
    if game.stacks().is_empty() && cells.is_empty() {
        cells.push(Cell::ORIGIN);
    }
    cells.extend(game.stacks().iter().map(|(c, _)| *c));
    cells
}

impl Picking for Stax {
    type Pick = Pick;
    type Thing = Thing;

    /// The cells drawn (every stack, the empty cells around them, the targets), every tile
    /// of every rack, the ways and turns of the tile shown, Place or Move, Cancel, and the
    /// draw buttons open now.
    fn things(&self, person: &Person, pick: &Pick) -> Vec<Thing> {
        let turn = Turn::new(self, person.can_move);
        let pick = turn.clean(*pick);
        let mut out: Vec<Thing> = cells_drawn(self, &turn.targets(pick))
            .into_iter()
            .map(Thing::Cell)
            .collect();
        for seat in 0..self.players() {
            out.extend(self.reserve(seat).into_iter().map(|k| Thing::Rack(seat, k)));
        }
        out.extend(turn.ways(pick).into_iter().map(|w| Thing::Way(w.0)));
        if pick.chosen().is_some() {
            out.extend([Spin::Clockwise, Spin::Back, Spin::Over].map(Thing::Spin));
        }
        out.extend([Thing::Confirm, Thing::Cancel]);
        out.extend(
            [StaxMove::Offer, StaxMove::Accept, StaxMove::Decline]
                .into_iter()
                .filter(|m| turn.may(m))
                .map(Thing::Draw),
        );
        out
    }

    fn tap(&self, person: &Person, pick: &Pick, thing: &Thing) -> Tap<Pick, StaxMove> {
        Turn::new(self, person.can_move).tap(*pick, *thing)
    }

    /// A tile of the rack, or a tile of the table, then its cell; then, where it may lie more
    /// than one way, the way and Place (or Move). A draw's is its button.
    fn taps(&self, _: &Person, mv: &StaxMove) -> Vec<Thing> {
        let (first, cell, ways, mask) = match *mv {
            StaxMove::Place { kind, mask, cell } => (
                Thing::Rack(self.turn(), kind),
                cell,
                kind.orientations().len(),
                mask,
            ),
            StaxMove::Travel { from, to, mask } => {
                let shown = self.top(from).map_or(0, |t| t.mask());
                (
                    Thing::Cell(from),
                    to,
                    rotations(shown).len(),
                    mask.unwrap_or(shown),
                )
            }
            _ => return vec![Thing::Draw(*mv)],
        };
        let mut out = vec![first, Thing::Cell(cell)];
        if ways > 1 {
            out.extend([Thing::Way(mask), Thing::Confirm]);
        }
        out
    }
}

/// What the person at the board may do now in `game`.
pub struct Turn<'a> {
    game: &'a Stax,
    can_move: bool,
    legal: Vec<StaxMove>,
}

impl<'a> Turn<'a> {
    /// The turn in `game`; nothing is offered unless `can_move`.
    pub fn new(game: &'a Stax, can_move: bool) -> Turn<'a> {
        let legal = if can_move {
            game.legal_moves()
        } else {
            Vec::new()
        };
        Turn {
            game,
            can_move,
            legal,
        }
    }

    /// Whether `mv` may be played now.
    pub fn may(&self, mv: &StaxMove) -> bool {
        self.legal.contains(mv)
    }

    /// The rack tiles that have a place now.
    pub fn placeable(&self) -> Vec<TileKind> {
        let mut out = Vec::new();
        for mv in &self.legal {
            if let StaxMove::Place { kind, .. } = *mv {
                if !out.contains(&kind) {
                    out.push(kind);
                }
            }
        }
        out
    }

    /// The cells whose top tile may move now.
    pub fn movable(&self) -> Vec<Cell> {
        let mut out = Vec::new();
        for mv in &self.legal {
            if let StaxMove::Travel { from, .. } = *mv {
                if !out.contains(&from) {
                    out.push(from);
                }
            }
        }
        out
    }

    /// `pick`, or nothing when the position no longer allows it (after an undo, say).
    pub fn clean(&self, pick: Pick) -> Pick {
        let stale = match pick {
            Pick::None => false,
            Pick::Kind(k) | Pick::Place(k, ..) => !self.placeable().contains(&k),
            Pick::From(f) | Pick::Travel(f, ..) => !self.movable().contains(&f),
        };
        if stale {
            Pick::None
        } else {
            pick
        }
    }

    /// The cells the tile picked may go to.
    pub fn targets(&self, pick: Pick) -> Vec<Cell> {
        let mut out = Vec::new();
        for mv in &self.legal {
            let to = match *mv {
                StaxMove::Place { kind, cell, .. } if Some(kind) == pick.placing() => cell,
                StaxMove::Travel { from, to, .. } if Some(from) == pick.from() => to,
                _ => continue,
            };
            if !out.contains(&to) {
                out.push(to);
            }
        }
        out
    }

    /// Every way the tile shown may lie, each refused one with its reason.
    pub fn ways(&self, pick: Pick) -> Vec<(u8, Option<Refusal>)> {
        match pick {
            Pick::Place(k, c, _) => k
                .orientations()
                .iter()
                .map(|&m| (m, self.game.placement_refusal(k, m, c).err()))
                .collect(),
            Pick::Travel(f, ..) => self
                .game
                .arrival_masks(f)
                .into_iter()
                .map(|m| (m, None))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The move the pick makes, when it is whole and legal.
    pub fn ready(&self, pick: Pick) -> Option<StaxMove> {
        match pick {
            Pick::Place(k, c, m) => Some(StaxMove::place(k, m, c)),
            Pick::Travel(f, t, m) => Some(StaxMove::travel(f, t, m)),
            _ => None,
        }
        .filter(|mv| self.may(mv))
    }

    /// Why nothing may be picked now, if so.
    fn closed(&self) -> Option<String> {
        Some(if self.game.outcome().is_some() {
            "The game is over.".to_string()
        } else if !self.can_move {
            "It is not your turn to move.".to_string()
        } else if let Phase::Answer { answering } = self.game.phase() {
            format!(
                "{} offers a draw: {} accepts or declines first.",
                name(self.game.turn()),
                name(answering)
            )
        } else {
            return None;
        })
    }

    /// What a tap on `thing` does, with `pick` picked.
    pub fn tap(&self, pick: Pick, thing: Thing) -> Tap<Pick, StaxMove> {
        let pick = self.clean(pick);
        match thing {
            Thing::Cancel => Tap::Select(Pick::None),
            Thing::Draw(mv) if self.may(&mv) => Tap::Play(mv),
            Thing::Draw(mv) => Tap::Refuse(self.closed().unwrap_or_else(|| {
                let why = match mv {
                    StaxMove::Offer => Refusal::AlreadyOffered,
                    _ => Refusal::NoOffer,
                };
                sentence(&why.to_string())
            })),
            Thing::Cell(c) => match self.closed() {
                Some(why) => Tap::Refuse(match self.game.stack(c) {
                    [] => why,
                    stack => format!("{}. {why}", stack_words(c, stack)),
                }),
                None => self.tap_cell(pick, c),
            },
            _ if self.closed().is_some() => Tap::Refuse(self.closed().unwrap_or_default()),
            Thing::Rack(seat, k) => self.tap_rack(pick, seat, k),
            Thing::Way(m) => self.tap_way(pick, m),
            Thing::Spin(spin) => self.spin(pick, spin),
            Thing::Confirm => match self.ready(pick) {
                Some(mv) => Tap::Play(mv),
                None => Tap::Refuse("Pick a tile and where it goes first.".into()),
            },
        }
    }

    fn tap_cell(&self, pick: Pick, c: Cell) -> Tap<Pick, StaxMove> {
        let game = self.game;
        if pick.chosen().is_some_and(|(at, _)| at == c) {
            return match self.ready(pick) {
                Some(mv) => Tap::Play(mv),
                None => Tap::Refuse("Choose a way to lay it that is not refused.".into()),
            };
        }
        if self.targets(pick).contains(&c) {
            if let Some(k) = pick.placing() {
                let ok = self.allowed(Pick::Place(k, c, 0));
                let keep = pick.chosen().map(|(_, m)| m).filter(|m| ok.contains(m));
                let m = keep.or(ok.first().copied()).unwrap_or(k.base());
                return if k.orientations().len() == 1 {
                    Tap::Play(StaxMove::place(k, m, c))
                } else {
                    Tap::Select(Pick::Place(k, c, m))
                };
            }
            if let Some(f) = pick.from() {
                let m = game.top(f).map_or(0, |t| t.mask());
                return if rotations(m).len() == 1 {
                    Tap::Play(StaxMove::travel(f, c, m))
                } else {
                    Tap::Select(Pick::Travel(f, c, m))
                };
            }
        }
        if pick.from() == Some(c) {
            return Tap::Select(Pick::None);
        }
        if self.movable().contains(&c) {
            return Tap::Select(Pick::From(c));
        }
        Tap::Refuse(self.cell_refusal(pick, c))
    }

    /// Why a tap on cell `c` (not a target, not movable) does nothing.
    fn cell_refusal(&self, pick: Pick, c: Cell) -> String {
        let game = self.game;
        let me = game.turn();
        if let Some(k) = pick.placing() {
            let why = game.placement_refusal(k, k.orientations()[0], c).err();
            return format!(
                "The {} cannot go on {c}: {}.",
                kind_words(k),
                why.map(|r| r.to_string()).unwrap_or_default()
            );
        }
        if let Some(f) = pick.from() {
            let why = game.travel_refusal(f, c).err();
            return format!(
                "The tile on {f} cannot land on {c}: {}.",
                why.map(|r| r.to_string()).unwrap_or_default()
            );
        }
        match game.top(c) {
            None => format!("{c} is empty: pick a tile from your rack first."),
            Some(t) if t.owner() != me => format!(
                "{c} holds {}'s {}: {} moves only {}'s tiles.",
                name(t.owner()),
                kind_words(t.kind()),
                name(me),
                name(me)
            ),
            Some(t) => {
                let why = if !game.has_free_side(c) {
                    Refusal::NoFreeSide.to_string()
                } else if game.in_reserve(me, TileKind::King) {
                    Refusal::KingNotPlaced.to_string()
                } else {
                    "every landing it could reach is refused".into()
                };
                format!("Your {} on {c} cannot move: {why}.", kind_words(t.kind()))
            }
        }
    }

    fn tap_rack(&self, pick: Pick, seat: Seat, k: TileKind) -> Tap<Pick, StaxMove> {
        let me = self.game.turn();
        if seat != me {
            return Tap::Refuse(format!(
                "That is {}'s rack: {} places from {}'s.",
                name(seat),
                name(me),
                name(me)
            ));
        }
        if pick.placing() == Some(k) {
            return Tap::Select(Pick::None);
        }
        if self.placeable().contains(&k) {
            // Another tile for the same cell stays on it where it may go there.
            if let Some((c, _)) = pick.chosen().filter(|_| pick.placing().is_some()) {
                if let Some(&m) = self.allowed(Pick::Place(k, c, 0)).first() {
                    return Tap::Select(Pick::Place(k, c, m));
                }
            }
            return Tap::Select(Pick::Kind(k));
        }
        if k == TileKind::Queen && self.game.placed() < 2 {
            return Tap::Refuse(sentence(&Refusal::NoQueenInOpening.to_string()));
        }
        Tap::Refuse(format!("The {} has nowhere to go now.", kind_words(k)))
    }

    fn tap_way(&self, pick: Pick, m: u8) -> Tap<Pick, StaxMove> {
        match pick {
            Pick::Place(k, c, _) => match self.game.placement_refusal(k, m, c) {
                Ok(()) => Tap::Select(Pick::Place(k, c, m)),
                Err(r) => Tap::Refuse(format!("Refused: {r}.")),
            },
            Pick::Travel(f, t, _) if self.game.arrival_masks(f).contains(&m) => {
                Tap::Select(Pick::Travel(f, t, m))
            }
            _ => Tap::Refuse(sentence(&Refusal::BadPointers.to_string())),
        }
    }

    /// The ways the tile shown may lie (not refused).
    fn allowed(&self, pick: Pick) -> Vec<u8> {
        self.ways(pick)
            .into_iter()
            .filter(|w| w.1.is_none())
            .map(|w| w.0)
            .collect()
    }

    /// Turns the tile shown to the next way it may lie.
    fn spin(&self, pick: Pick, spin: Spin) -> Tap<Pick, StaxMove> {
        let Some((_, m)) = pick.chosen() else {
            return Tap::Refuse("Pick a tile and a cell first: then it can be turned.".into());
        };
        let allowed = self.allowed(pick);
        let start = match spin {
            Spin::Over if pick.placing().is_some_and(TileKind::two_sided) => mirror(m),
            Spin::Over => return Tap::Refuse("Only the 3X tile has another side.".into()),
            _ => m,
        };
        let step = if spin == Spin::Back { 1 } else { 5 };
        let first = u32::from(spin != Spin::Over);
        let next = (first..6)
            .map(|k| rotate(start, step * k))
            .find(|n| *n != m && allowed.contains(n));
        match (next, pick) {
            (Some(n), Pick::Place(k, c, _)) => Tap::Select(Pick::Place(k, c, n)),
            (Some(n), Pick::Travel(f, t, _)) => Tap::Select(Pick::Travel(f, t, n)),
            _ => Tap::Refuse("It may lie only this way here.".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rng;

    fn start(players: usize) -> Stax {
        Stax::start(players).unwrap()
    }

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    fn played(mut game: Stax, moves: &[&str]) -> Stax {
        for m in moves {
            game.play(&m.parse().unwrap()).unwrap();
        }
        game
    }

    /// Light's king on 0,0, Dark's 1 on 1,0: Light to move.
    fn opened() -> Stax {
        played(start(2), &["K@0,0", "1:1@1,0"])
    }

    fn play(game: &mut Stax, tap: Tap<Pick, StaxMove>) {
        let Tap::Play(mv) = tap else {
            panic!("a move, not {tap:?}")
        };
        game.play(&mv).unwrap();
    }

    #[test]
    fn a_rack_tile_is_picked_its_cells_highlighted_and_a_second_tap_drops_it() {
        let game = start(2);
        let turn = Turn::new(&game, true);
        let one = Thing::Rack(0, TileKind::One);
        assert_eq!(
            turn.tap(Pick::None, one),
            Tap::Select(Pick::Kind(TileKind::One))
        );
        assert_eq!(turn.targets(Pick::Kind(TileKind::One)), vec![Cell::ORIGIN]);
        assert_eq!(
            turn.tap(Pick::Kind(TileKind::One), one),
            Tap::Select(Pick::None)
        );
        // Only the mover's rack shows the pick: Dark's 1 is not highlighted with Light's.
        let pick = Pick::Kind(TileKind::One);
        assert!(pressed_in_rack(&game, pick, 0, TileKind::One));
        assert!(!pressed_in_rack(&game, pick, 1, TileKind::One));
        assert!(!pressed_in_rack(&game, pick, 0, TileKind::TwoA));
    }

    #[test]
    fn the_king_goes_down_at_once_and_the_queen_may_not_open() {
        let mut game = start(2);
        let turn = Turn::new(&game, true);
        let why = turn.tap(Pick::None, Thing::Rack(0, TileKind::Queen));
        assert_eq!(
            why.refusal(),
            Some("The queen may not be the first tile a player places.")
        );
        let king = Pick::Kind(TileKind::King);
        let tap = turn.tap(king, Thing::Cell(Cell::ORIGIN));
        assert_eq!(tap, Tap::Play("K@0,0".parse().unwrap()));
        play(&mut game, tap);
        assert_eq!(game.turn(), 1);
    }

    #[test]
    fn a_placement_picked_turned_and_placed_never_points_at_the_king() {
        let mut game = played(start(2), &["K@0,0"]);
        let turn = Turn::new(&game, true);
        let east = cell("1,0");
        let Tap::Select(pick) = turn.tap(Pick::Kind(TileKind::One), Thing::Cell(east)) else {
            panic!("the cell is chosen")
        };
        let Pick::Place(TileKind::One, at, m) = pick else {
            panic!("{pick:?}")
        };
        assert_eq!(at, east);
        // Pointing west, at Light's king, is refused: listed with its reason, never shown.
        let ways = turn.ways(pick);
        assert_eq!(ways.len(), 6);
        let refused: Vec<u8> = ways.iter().filter(|w| w.1.is_some()).map(|w| w.0).collect();
        assert_eq!(refused, vec![8]);
        assert_ne!(m, 8);
        let why = turn.tap(pick, Thing::Way(8));
        assert_eq!(
            why.refusal(),
            Some("Refused: the tile would point at the enemy king.")
        );
        // R turns it through the allowed ways only, and back again.
        let mut now = pick;
        for _ in 0..5 {
            let Tap::Select(next) = turn.tap(now, Thing::Spin(Spin::Clockwise)) else {
                panic!("turned")
            };
            assert_ne!(next.chosen().map(|c| c.1), Some(8));
            now = next;
        }
        assert_eq!(now, pick, "five turns go round the five allowed ways");
        let back = turn.tap(pick, Thing::Spin(Spin::Back));
        assert!(matches!(back, Tap::Select(Pick::Place(..))));
        assert!(turn.tap(pick, Thing::Spin(Spin::Over)).refusal().is_some());
        let chosen = turn.tap(pick, Thing::Way(16));
        assert_eq!(chosen, Tap::Select(Pick::Place(TileKind::One, east, 16)));
        let tap = turn.tap(Pick::Place(TileKind::One, east, 16), Thing::Confirm);
        play(&mut game, tap);
        assert_eq!(game.stack(east).len(), 1);
        assert_eq!(game.turn(), 0);
    }

    #[test]
    fn a_refused_placement_says_why() {
        let game = opened();
        let turn = Turn::new(&game, true);
        let pick = Pick::Kind(TileKind::TwoA);
        assert!(!turn.targets(pick).contains(&cell("3,3")));
        let why = turn.tap(pick, Thing::Cell(cell("3,3")));
        assert_eq!(
            why.refusal(),
            Some("The 2A tile cannot go on 3,3: a placed tile must share edges with two or more stacks.")
        );
        // Confirming before a cell is chosen says what is missing.
        assert!(turn.tap(pick, Thing::Confirm).refusal().is_some());
    }

    #[test]
    fn a_tap_on_another_players_tile_king_or_rack_says_whose_it_is() {
        let game = opened();
        let turn = Turn::new(&game, true);
        assert_eq!(
            turn.tap(Pick::None, Thing::Cell(cell("1,0"))).refusal(),
            Some("1,0 holds Dark's 1 tile: Light moves only Light's tiles.")
        );
        assert_eq!(
            turn.tap(Pick::None, Thing::Rack(1, TileKind::TwoA))
                .refusal(),
            Some("That is Dark's rack: Light places from Light's.")
        );
        let dark = played(start(2), &["K@0,0"]);
        let turn = Turn::new(&dark, true);
        assert_eq!(
            turn.tap(Pick::None, Thing::Cell(Cell::ORIGIN)).refusal(),
            Some("0,0 holds Light's king: Dark moves only Dark's tiles.")
        );
        assert_eq!(
            turn.tap(Pick::None, Thing::Cell(cell("4,0"))).refusal(),
            Some("4,0 is empty: pick a tile from your rack first.")
        );
    }

    /// Light's king on 0,0 next to Dark's on 1,0; Dark's 1 on 0,1: Light to move.
    fn kings_side_by_side() -> Stax {
        let text = "L 0,0=LK/1,0=DK/0,1=D0 1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q/2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q -";
        text.parse().unwrap()
    }

    #[test]
    fn the_king_is_picked_and_moved_onto_the_enemy_king_capturing_it() {
        let mut game = kings_side_by_side();
        let turn = Turn::new(&game, true);
        assert!(turn.movable().contains(&Cell::ORIGIN));
        assert_eq!(
            turn.tap(Pick::None, Thing::Cell(Cell::ORIGIN)),
            Tap::Select(Pick::From(Cell::ORIGIN))
        );
        let from = Pick::From(Cell::ORIGIN);
        assert_eq!(turn.targets(from), game.destinations(Cell::ORIGIN));
        assert!(turn.targets(from).contains(&cell("1,0")));
        // A second tap on the king drops it; a landing out of reach says why.
        assert_eq!(
            turn.tap(from, Thing::Cell(Cell::ORIGIN)),
            Tap::Select(Pick::None)
        );
        let far = turn.tap(from, Thing::Cell(cell("3,0")));
        assert_eq!(
            far.refusal(),
            Some("The tile on 0,0 cannot land on 3,0: the tile does not point that way.")
        );
        // The king turns to nothing: the landing is the move.
        let tap = turn.tap(from, Thing::Cell(cell("1,0")));
        play(&mut game, tap);
        assert_eq!(game.outcome().map(|o| o.winners), Some(vec![0]));
        let over = Turn::new(&game, true);
        assert_eq!(
            over.tap(Pick::None, Thing::Cell(cell("1,0"))).refusal(),
            Some("1,0: Light K. The game is over.")
        );
    }

    /// A position reached by seeded random play where the mover can move a tile that turns.
    fn a_tile_that_turns() -> (Stax, Cell) {
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let mut game = start(2);
            while game.outcome().is_none() {
                let from = game.movable().into_iter().find(|&f| {
                    game.top(f).is_some_and(|t| rotations(t.mask()).len() > 1)
                        && !game.destinations(f).is_empty()
                });
                if let Some(f) = from {
                    return (game, f);
                }
                let Some(mv) = game.random_move(&mut rng) else {
                    break;
                };
                game.play(&mv).unwrap();
            }
        }
        panic!("no tile to move and turn")
    }

    #[test]
    fn a_whole_move_of_a_tile_picked_landed_turned_and_moved() {
        let (mut game, f) = a_tile_that_turns();
        let turn = Turn::new(&game, true);
        let Tap::Select(from) = turn.tap(Pick::None, Thing::Cell(f)) else {
            panic!("picked")
        };
        let to = turn.targets(from)[0];
        let Tap::Select(landed) = turn.tap(from, Thing::Cell(to)) else {
            panic!("landed")
        };
        let mask = game.top(f).unwrap().mask();
        assert_eq!(landed, Pick::Travel(f, to, mask));
        assert_eq!(turn.ways(landed).len(), rotations(mask).len());
        let Tap::Select(turned) = turn.tap(landed, Thing::Spin(Spin::Clockwise)) else {
            panic!("turned")
        };
        assert_eq!(turned, Pick::Travel(f, to, rotate(mask, 5)));
        let mover = game.turn();
        let tap = turn.tap(turned, Thing::Cell(to));
        play(&mut game, tap);
        assert_eq!(
            game.top(to).map(|t| (t.owner(), t.mask())),
            Some((mover, rotate(mask, 5)))
        );
    }

    #[test]
    fn nothing_is_offered_when_the_player_may_not_move_and_draws_are_buttons() {
        let game = opened();
        let watching = Turn::new(&game, false);
        assert!(watching.movable().is_empty() && watching.placeable().is_empty());
        assert_eq!(
            watching
                .tap(Pick::None, Thing::Cell(Cell::ORIGIN))
                .refusal(),
            Some("0,0: Light K. It is not your turn to move.")
        );
        assert_eq!(
            watching
                .tap(Pick::None, Thing::Rack(0, TileKind::One))
                .refusal(),
            Some("It is not your turn to move.")
        );
        let turn = Turn::new(&game, true);
        assert_eq!(
            turn.tap(Pick::None, Thing::Draw(StaxMove::Offer)),
            Tap::Play(StaxMove::Offer)
        );
        assert_eq!(
            turn.tap(Pick::None, Thing::Draw(StaxMove::Accept))
                .refusal(),
            Some("No draw has been offered.")
        );
        let offered = played(game.clone(), &["offer"]);
        let answer = Turn::new(&offered, true);
        assert_eq!(
            answer.tap(Pick::None, Thing::Cell(Cell::ORIGIN)).refusal(),
            Some("0,0: Light K. Light offers a draw: Dark accepts or declines first.")
        );
        assert_eq!(
            answer.tap(Pick::None, Thing::Draw(StaxMove::Accept)),
            Tap::Play(StaxMove::Accept)
        );
        // A pick the position no longer allows is dropped.
        assert_eq!(answer.clean(Pick::Kind(TileKind::One)), Pick::None);
    }
}
