//! What a tap on the Evacuate board or its panel does: plain Rust, tested natively.
//!
//! A turn is several steps. Placing is two taps and a confirmation: a pyramid of the stash,
//! then a lit triangle (its preview shows), then the same triangle again or Confirm. A tap
//! on a ringed pyramid of the grid releases it (with the group it must go with) or, in a
//! jam, takes it off; the step buttons do the rest (end the turn, pass, the tree trade).
//! Every other tap says why nothing happened, in words: whose pyramid it is, why it cannot
//! be released yet, why no triangle takes the pyramid picked.

use super::board::{direction, sides, Door, Piece, Touch, Tri, COLOURS, SIZES, SPACES};
use super::moves::EvacuateMove;
use super::rules::{Evacuate, Phase};
use super::words::{door_name, piece_name, pieces_words, plural, way_door};
use crate::core::pick::{why_not, Person, Picking, Tap};
use crate::core::{Game, Seat};

/// What is picked: a pyramid of the stash, and the triangle aimed at (its preview shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pick {
    /// The pyramid of the stash picked.
    pub piece: Option<Piece>,
    /// The triangle aimed at (its preview shown).
    pub aim: Option<Tri>,
}

/// What can be tapped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Thing {
    /// A triangle of the grid.
    Tri(Tri),
    /// A floor space (`level` 0) or the pyramid at `level` of its stack.
    Floor(u8, u8),
    /// A pyramid of a stash.
    Stash(Piece),
    /// A step button (release, take-off, end the turn, pass, trade, the other way).
    Step(EvacuateMove),
    /// Confirm the placement aimed at.
    Confirm,
    /// Drop the pick.
    Cancel,
}

/// The kinds of step open now, as the panel lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The tree trade (three players, between rounds).
    Trade,
    /// Taking off a pyramid, in a jam.
    TakeOff,
    /// Placing a pyramid of the stash.
    Place,
    /// Releasing surrounded pyramids.
    Release,
    /// Ending the turn.
    End,
    /// Passing.
    Pass,
}

impl Picking for Evacuate {
    type Pick = Pick;
    type Thing = Thing;

    /// Every triangle up to the ceiling, every floor space and pyramid of the floor, every
    /// pyramid left in a stash, the step buttons, Confirm (and the other way) once a
    /// triangle is aimed at, and Cancel.
    fn things(&self, person: &Person, pick: &Pick) -> Vec<Thing> {
        let table = Table::new(self, person.names, person.can_move);
        let mut out = Vec::new();
        for s in 1..=SPACES {
            out.extend((1..=self.ceiling()).map(|l| Thing::Tri(Tri::new(s, l))));
            let height = u8::try_from(self.stack(s).len()).unwrap_or(u8::MAX);
            out.extend((0..=height).map(|l| Thing::Floor(s, l)));
        }
        for colour in COLOURS {
            let left = self.stash(colour);
            out.extend(
                SIZES
                    .into_iter()
                    .filter(|size| left[size.index()] > 0)
                    .map(|size| Thing::Stash(Piece::new(colour, size))),
            );
        }
        out.extend(
            table
                .legal
                .iter()
                .filter(|m| !matches!(m, EvacuateMove::Place { .. } | EvacuateMove::Reverse { .. }))
                .cloned()
                .map(Thing::Step),
        );
        if let (Some(piece), Some(at)) = (pick.piece, pick.aim) {
            out.push(Thing::Confirm);
            out.extend(table.ways(piece, at).into_iter().skip(1).map(Thing::Step));
        }
        out.push(Thing::Cancel);
        out
    }

    fn tap(&self, person: &Person, pick: &Pick, thing: &Thing) -> Tap<Pick, EvacuateMove> {
        Table::new(self, person.names, person.can_move).tap(*pick, thing.clone())
    }

    /// A placement: the stash's pyramid, the triangle, then Confirm (or "Confirm the other
    /// way" for the second way of a pugilist). Any other step: its button.
    fn taps(&self, person: &Person, mv: &EvacuateMove) -> Vec<Thing> {
        let (EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at }) = *mv else {
            return vec![Thing::Step(mv.clone())];
        };
        let table = Table::new(self, person.names, person.can_move);
        let confirm = match table.ways(piece, at).first() {
            Some(first) if first != mv => Thing::Step(mv.clone()),
            _ => Thing::Confirm,
        };
        vec![Thing::Stash(piece), Thing::Tri(at), confirm]
    }
}

/// The position, who is at the board and what they may do: built once a drawing.
pub struct Table<'a> {
    /// The position.
    pub game: &'a Evacuate,
    /// The players' names, by seat.
    pub names: &'a [String],
    /// Whether the person at the board may move now.
    pub can_move: bool,
    /// The legal steps (none unless the player may move).
    pub legal: Vec<EvacuateMove>,
}

impl<'a> Table<'a> {
    /// The table of `game`; nothing is offered unless `can_move`.
    pub fn new(game: &'a Evacuate, names: &'a [String], can_move: bool) -> Table<'a> {
        let legal = if can_move {
            game.legal_moves()
        } else {
            Vec::new()
        };
        Table {
            game,
            names,
            can_move,
            legal,
        }
    }

    /// A seat's name.
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("Player {}", seat + 1))
    }

    /// The placements of `piece` on `at`: toward the triangle's door, then (Phobos
    /// Pugilists) the other way.
    pub fn ways(&self, piece: Piece, at: Tri) -> Vec<EvacuateMove> {
        [
            EvacuateMove::Place { piece, at },
            EvacuateMove::Reverse { piece, at },
        ]
        .into_iter()
        .filter(|m| self.legal.contains(m))
        .collect()
    }

    /// The confirm buttons of `piece` aimed at `at`: each way's tap and words. One way:
    /// "Confirm"; a pugilist's two ways: each names its door ("Confirm: toward door B").
    pub fn confirms(&self, piece: Piece, at: Tri) -> Vec<(Thing, EvacuateMove, String)> {
        let ways = self.ways(piece, at);
        let two = ways.len() > 1;
        ways.into_iter()
            .enumerate()
            .map(|(i, mv)| {
                let reverse = matches!(mv, EvacuateMove::Reverse { .. });
                let words = if two {
                    format!("Confirm: toward door {}", door_name(way_door(at, reverse)))
                } else {
                    "Confirm".to_string()
                };
                let thing = if i == 0 {
                    Thing::Confirm
                } else {
                    Thing::Step(mv.clone())
                };
                (thing, mv, words)
            })
            .collect()
    }

    /// The triangles the picked pyramid may go to.
    pub fn targets(&self, pick: Pick) -> Vec<Tri> {
        let mut out = Vec::new();
        for m in &self.legal {
            if let EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at } = m {
                if Some(*piece) == pick.piece && !out.contains(at) {
                    out.push(*at);
                }
            }
        }
        out
    }

    /// Whether `piece` has somewhere to go now.
    pub fn placeable(&self, piece: Piece) -> bool {
        self.legal.iter().any(|m| {
            matches!(m, EvacuateMove::Place { piece: p, .. } | EvacuateMove::Reverse { piece: p, .. } if *p == piece)
        })
    }

    /// The release steps open now.
    pub fn releases(&self) -> Vec<&Vec<Tri>> {
        self.legal
            .iter()
            .filter_map(|m| match m {
                EvacuateMove::Release(set) => Some(set),
                _ => None,
            })
            .collect()
    }

    /// The triangles ringed now: pyramids that may be released, or taken off in a jam.
    pub fn ringed(&self) -> Vec<Tri> {
        let mut out = Vec::new();
        for m in &self.legal {
            match m {
                EvacuateMove::Release(set) => out.extend(set.iter().copied()),
                EvacuateMove::Take(t) => out.push(*t),
                _ => {}
            }
        }
        out
    }

    /// The kinds of step open now, in the order a turn takes them.
    pub fn kinds(&self) -> Vec<Kind> {
        let kind = |m: &EvacuateMove| match m {
            EvacuateMove::Trade(_) => Kind::Trade,
            EvacuateMove::Take(_) => Kind::TakeOff,
            EvacuateMove::Place { .. } | EvacuateMove::Reverse { .. } => Kind::Place,
            EvacuateMove::Release(_) => Kind::Release,
            EvacuateMove::End => Kind::End,
            EvacuateMove::Pass => Kind::Pass,
        };
        [
            Kind::Trade,
            Kind::TakeOff,
            Kind::Place,
            Kind::Release,
            Kind::End,
            Kind::Pass,
        ]
        .into_iter()
        .filter(|k| self.legal.iter().any(|m| kind(m) == *k))
        .collect()
    }

    /// Whose `p` is, in words: "Ben's", "your", or wild blue's.
    fn whose(&self, p: Piece) -> String {
        match self.game.mode().owner(p.colour) {
            Some(s) if self.can_move && s == self.game.turn() => "your".into(),
            Some(s) => format!("{}'s", self.name(s)),
            None => "the general stash's".into(),
        }
    }

    /// Why nothing may be done at all now, if so.
    fn idle(&self) -> Option<String> {
        if self.game.outcome().is_some() {
            Some("The game is over.".into())
        } else if !self.can_move {
            Some(format!(
                "It is {}'s turn: you cannot move now.",
                self.name(self.game.turn())
            ))
        } else {
            None
        }
    }

    /// Why this step of the turn offers no placement, if it offers none.
    fn no_placing(&self) -> Option<String> {
        let g = self.game;
        Some(match g.phase() {
            Phase::Trade => "First choose the tree trade (the buttons under the board).".into(),
            Phase::After => {
                "You have placed a pyramid this turn: release a ringed pyramid, or end the turn."
                    .into()
            }
            _ if self.kinds().contains(&Kind::TakeOff) => {
                "You are jammed: first take off the ringed pyramids, one tap each.".into()
            }
            _ if self.legal.contains(&EvacuateMove::Pass) => {
                "No pyramid of yours can move or nudge: pass.".into()
            }
            _ => return None,
        })
    }

    /// Why no triangle takes `piece` now (`None` when one does).
    pub fn no_place(&self, piece: Piece) -> Option<String> {
        if self.placeable(piece) {
            return None;
        }
        if let Some(why) = self.idle().or_else(|| self.no_placing()) {
            return Some(why);
        }
        let g = self.game;
        let (mut door, mut queen, mut spots) = (false, false, false);
        for s in 1..=SPACES {
            for l in 1..=g.ceiling() {
                let t = Tri::new(s, l);
                if g.triangle(t).is_none() && usize::from(l) <= g.stack(s).len() {
                    spots = true;
                    match blocked(piece, t) {
                        Blocked::Door(_) => door = true,
                        Blocked::Queen(_) => queen = true,
                    }
                }
            }
        }
        let moves = match (door, queen) {
            _ if !spots => "no stack reaches a vacant triangle of its row".to_string(),
            (true, true) => format!(
                "{} would carry pyramids not all yours out by a door, or put a queen on a pawn",
                moving(piece)
            ),
            (true, false) => format!(
                "{} would carry pyramids not all yours out by a door",
                moving(piece)
            ),
            _ => format!("{} would put a queen on a pawn", moving(piece)),
        };
        Some(format!(
            "No triangle takes a {} now: {moves}; and no nudge is open (a nudge must touch a pyramid you could then release).",
            piece_name(piece)
        ))
    }

    /// Why `piece` may not go on the vacant triangle `at`.
    fn not_here(&self, piece: Piece, at: Tri) -> String {
        let g = self.game;
        let height = g.stack(at.space).len();
        if usize::from(at.level) > height {
            return format!(
                "On {at} a {} would only nudge (space {} is {height} high), and a nudge must touch a pyramid you could then release.",
                piece_name(piece),
                at.space
            );
        }
        let group = &g.stack(at.space)[usize::from(at.level) - 1..];
        match blocked(piece, at) {
            Blocked::Door(d) => format!(
                "On {at} a {} would push {} out by door {}: only your own pyramids may leave (or a hoist).",
                piece_name(piece),
                pieces_words(group),
                door_name(d)
            ),
            Blocked::Queen(to) => format!(
                "On {at} a {} would put the queen at the bottom of {} on the pawn of space {to}: a queen may not land on a pawn.",
                piece_name(piece),
                pieces_words(group)
            ),
        }
    }

    /// Why the movement pyramid `p` on `at` cannot be released (or taken off) now.
    fn not_released(&self, p: Piece, at: Tri) -> String {
        let g = self.game;
        let whose = self.whose(p);
        let it = format!("{} {} on {at}", capital(&whose), piece_name(p));
        if let Some(why) = self.idle() {
            return format!("{it}. {why}");
        }
        if self.kinds().contains(&Kind::TakeOff) {
            return format!(
                "{it} is not surrounded, so it cannot be taken off: take off a ringed one."
            );
        }
        match g.phase() {
            Phase::Trade => return format!("{it}. First choose the tree trade."),
            Phase::Jam => {
                return format!("{it}. A jammed turn releases nothing before its placement: place a pyramid from your stash.")
            }
            _ => {}
        }
        if !g.mode().owns(g.turn(), p) {
            return format!(
                "{} pyramids: the {} on {at} is released only with a surrounded pyramid of yours that it touches.",
                capital(&whose),
                piece_name(p)
            );
        }
        let open = match open_side(g, at) {
            Some((m, n)) if m == at => format!(": {n} beside it is vacant"),
            Some((m, n)) => format!(": the pyramid it touches on {m} has {n} vacant beside it"),
            None => String::new(),
        };
        format!("{it} is not surrounded yet, so it cannot be released{open}.")
    }

    /// What a tap on `thing` does, with `pick` picked.
    pub fn tap(&self, pick: Pick, thing: Thing) -> Tap<Pick, EvacuateMove> {
        match thing {
            Thing::Cancel => Tap::Select(Pick::default()),
            Thing::Confirm => {
                match pick
                    .piece
                    .zip(pick.aim)
                    .and_then(|(p, at)| self.ways(p, at).first().cloned())
                {
                    Some(mv) => Tap::Play(mv),
                    None => {
                        Tap::Refuse("Pick a pyramid of your stash, then a lit triangle.".into())
                    }
                }
            }
            Thing::Step(mv) if self.legal.contains(&mv) => Tap::Play(mv),
            Thing::Step(mv) => Tap::Refuse(self.idle().unwrap_or_else(|| {
                sentence(
                    why_not(self.game, &mv)
                        .as_deref()
                        .unwrap_or("not possible now"),
                )
            })),
            Thing::Stash(p) => self.tap_stash(pick, p),
            Thing::Tri(at) => self.tap_tri(pick, at),
            Thing::Floor(s, l) => Tap::Refuse(self.floor_words(s, l)),
        }
    }

    fn tap_stash(&self, pick: Pick, p: Piece) -> Tap<Pick, EvacuateMove> {
        let g = self.game;
        if g.outcome().is_some() {
            return Tap::Refuse("The game is over.".into());
        }
        let mine = match g.mode().owner(p.colour) {
            Some(s) => s == g.turn(),
            None => true,
        };
        if !mine {
            return Tap::Refuse(self.not_your_stash(p));
        }
        if let Some(why) = self.idle() {
            return Tap::Refuse(why);
        }
        if g.stash(p.colour)[p.size.index()] == 0 {
            return Tap::Refuse(format!("No {} is left in the stash.", piece_name(p)));
        }
        if pick.piece == Some(p) {
            return Tap::Select(Pick::default());
        }
        match self.no_place(p) {
            None => Tap::Select(Pick {
                piece: Some(p),
                aim: None,
            }),
            Some(why) => Tap::Refuse(why),
        }
    }

    /// Why a pyramid of another player's stash may not be placed: whose stash it is, and
    /// where the mover's own is (or why nothing is placed now).
    fn not_your_stash(&self, p: Piece) -> String {
        let g = self.game;
        let colours = |s: Seat| {
            g.colours(s)
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(" and ")
        };
        let owner = g.mode().owner(p.colour).unwrap_or(g.turn());
        let theirs = format!("That is {}'s stash ({})", self.name(owner), colours(owner));
        match self.idle().or_else(|| self.no_placing()) {
            Some(why) => format!("{theirs}. {why}"),
            None => format!(
                "{theirs}: place from your own ({}{}).",
                colours(g.turn()),
                if g.mode().wild() {
                    ", or the general stash's blue"
                } else {
                    ""
                }
            ),
        }
    }

    fn tap_tri(&self, pick: Pick, at: Tri) -> Tap<Pick, EvacuateMove> {
        let g = self.game;
        if !g.usable(at) {
            return Tap::Refuse(format!("{at} is above the ceiling: out of use."));
        }
        if let Some(p) = pick.piece {
            if let Some(mv) = self.ways(p, at).first() {
                return if pick.aim == Some(at) {
                    Tap::Play(mv.clone())
                } else {
                    Tap::Select(Pick {
                        aim: Some(at),
                        ..pick
                    })
                };
            }
        }
        if let Some(there) = g.triangle(at) {
            if self.legal.contains(&EvacuateMove::Take(at)) {
                return Tap::Play(EvacuateMove::Take(at));
            }
            let smallest = self
                .releases()
                .into_iter()
                .filter(|set| set.contains(&at))
                .min_by_key(|set| set.len());
            return match smallest {
                Some(set) => Tap::Play(EvacuateMove::Release(set.clone())),
                None => Tap::Refuse(self.not_released(there, at)),
            };
        }
        Tap::Refuse(match pick.piece {
            _ if self.idle().is_some() => format!("{at} is vacant. {}", self.idle().unwrap_or_default()),
            Some(p) => self.not_here(p, at),
            None => self.no_placing().unwrap_or_else(|| {
                format!("{at} is vacant: pick a pyramid of your stash first, and the triangles it may go to light up.")
            }),
        })
    }

    /// A tap on the floor: what stands there and how it moves.
    fn floor_words(&self, space: u8, level: u8) -> String {
        let g = self.game;
        let stack = g.stack(space);
        let Some(&p) = usize::from(level).checked_sub(1).and_then(|i| stack.get(i)) else {
            return if stack.is_empty() {
                format!("Space {space} is empty.")
            } else {
                format!("Space {space}, bottom to top: {}.", pieces_words(stack))
            };
        };
        let whose = match g.mode().owner(p.colour) {
            Some(s) => format!("{}'s", self.name(s)),
            None => "Wild".into(),
        };
        let above = stack.len() - usize::from(level);
        format!(
            "{whose} {} at level {level} of space {space}: a pyramid placed on triangle {space}.{level} moves it{}.",
            piece_name(p),
            if above > 0 {
                format!(" and the {} above it", plural(above, "pyramid"))
            } else {
                String::new()
            }
        )
    }
}

/// "every group it could push 2 spaces".
fn moving(piece: Piece) -> String {
    format!(
        "every group it could push {}",
        plural(usize::from(piece.size.pips()), "space")
    )
}

/// Why a move of `piece` from the vacant triangle `at` (beside a stack reaching its level)
/// is refused by the engine: the two rules that can refuse one.
enum Blocked {
    /// The group would leave by this door with pyramids not all the mover's.
    Door(Door),
    /// A queen at the bottom of the group would land on a pawn on this space.
    Queen(u8),
}

fn blocked(piece: Piece, at: Tri) -> Blocked {
    let pips = i32::from(piece.size.pips());
    let to = match direction(at) {
        Door::A => i32::from(at.space) - pips,
        Door::B => i32::from(at.space) + pips,
    };
    match u8::try_from(to) {
        Ok(s) if (1..=SPACES).contains(&s) => Blocked::Queen(s),
        _ if to < 1 => Blocked::Door(Door::A),
        _ => Blocked::Door(Door::B),
    }
}

/// The first open side keeping the pyramid on `at` from being released: the member of its
/// group (it and the opponents' pyramids it touches, and theirs) and the vacant triangle.
fn open_side(g: &Evacuate, at: Tri) -> Option<(Tri, Tri)> {
    let seat = g.turn();
    let released = g.released_in_run();
    let mut group = vec![at];
    let mut i = 0;
    while let Some(&m) = group.get(i) {
        i += 1;
        for side in sides(m, g.ceiling()) {
            let Touch::Tri(n) = side else { continue };
            match g.triangle(n) {
                None if !released.contains(&n) => return Some((m, n)),
                Some(q) if !g.mode().owns(seat, q) && !group.contains(&n) => group.push(n),
                _ => {}
            }
        }
    }
    None
}

/// `text` with a capital first letter.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// An engine's reason as a sentence ("G1@4.2: that move is not legal" → "That move is not
/// legal.").
fn sentence(why: &str) -> String {
    let why = why.rsplit(": ").next().unwrap_or(why);
    format!("{}.", capital(why))
}

#[cfg(test)]
#[path = "pick_tests.rs"]
mod tests;
