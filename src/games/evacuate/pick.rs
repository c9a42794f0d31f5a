//! What a tap on the Evacuate board or its panel does: plain Rust, tested natively.
//!
//! A turn is several steps. Placing is two taps and a confirmation: a pyramid of the stash,
//! then a lit triangle (its preview shows), then the same triangle again or Confirm. A tap
//! on a ringed pyramid of the grid releases it (with the group it must go with) or, in a
//! jam, takes it off; the step buttons do the rest (end the turn, pass, the tree trade).
//! Every other tap says why nothing happened, in words: whose pyramid it is, why it cannot
//! be released yet, why no triangle takes the pyramid picked.

use super::board::{direction, sides, Door, Piece, Touch, Tri, SPACES};
use super::moves::EvacuateMove;
use super::rules::{Evacuate, Phase};
use super::view_words::{door_name, piece_name, pieces_words, plural};
use crate::core::{Game, Seat};
use crate::ui::kit::tap::{why_not, Tap};

/// What is picked: a pyramid of the stash, and the triangle aimed at (its preview shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pick {
    pub piece: Option<Piece>,
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
    Trade,
    TakeOff,
    Place,
    Release,
    End,
    Pass,
}

/// The position, who is at the board and what they may do: built once a drawing.
pub struct Table<'a> {
    pub game: &'a Evacuate,
    pub names: &'a [String],
    pub can_move: bool,
    /// The legal steps (none unless the player may move).
    pub legal: Vec<EvacuateMove>,
}

impl<'a> Table<'a> {
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
            let whose = self.whose(p);
            return Tap::Refuse(format!(
                "{} pyramids: only {} places them.",
                capital(&whose),
                whose.trim_end_matches("'s")
            ));
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
mod tests {
    use super::*;
    use crate::games::evacuate::Size;

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Ben".into()]
    }

    fn start() -> Evacuate {
        <Evacuate as Game>::new(&"match=14".parse().unwrap(), 1).unwrap()
    }

    /// Ann (green and yellow) to move before her action, with her green pawn on 1.1 held by
    /// her yellow pawn on 1.2 and green pawn on 2.1 (so 1.1 may be released, 1.2 and 2.1
    /// not yet), and Ben's red pawn on 8.1.
    fn ringed() -> Evacuate {
        let mut pos: Vec<String> = start().to_string().split(' ').map(String::from).collect();
        pos[5] = "G1Y1..../G1...../....../....../....../....../....../R1.....".into();
        pos[6] = "133/233/233/333".into();
        let text = pos.join(" ");
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn t(s: &str) -> Tri {
        s.parse().unwrap()
    }

    fn p(s: &str) -> Piece {
        s.parse().unwrap()
    }

    #[test]
    fn the_kinds_of_step_open_now_are_listed() {
        let names = names();
        let game = start();
        let table = Table::new(&game, &names, true);
        assert_eq!(table.kinds(), [Kind::Place]);
        let game = ringed();
        let table = Table::new(&game, &names, true);
        assert_eq!(table.kinds(), [Kind::Place, Kind::Release]);
        assert_eq!(
            table.ringed(),
            [t("1.1")],
            "only the surrounded pyramid is ringed"
        );
        assert!(Table::new(&game, &names, false).kinds().is_empty());
    }

    #[test]
    fn a_tap_on_a_stash_pyramid_picks_it_and_lights_its_triangles() {
        let names = names();
        let game = start();
        let table = Table::new(&game, &names, true);
        let g2 = p("G2");
        let picked = Pick {
            piece: Some(g2),
            aim: None,
        };
        assert_eq!(
            table.tap(Pick::default(), Thing::Stash(g2)),
            Tap::Select(picked)
        );
        let targets = table.targets(picked);
        assert!(!targets.is_empty());
        for at in &targets {
            assert!(game
                .legal_moves()
                .contains(&EvacuateMove::Place { piece: g2, at: *at }));
        }
        // A second tap drops it.
        assert_eq!(
            table.tap(picked, Thing::Stash(g2)),
            Tap::Select(Pick::default())
        );
    }

    #[test]
    fn a_tap_on_the_other_players_stash_says_whose_it_is() {
        let names = names();
        let game = start();
        let table = Table::new(&game, &names, true);
        assert_eq!(
            table.tap(Pick::default(), Thing::Stash(p("R3"))),
            Tap::Refuse("Ben's pyramids: only Ben places them.".into())
        );
        // Not the player's move: even Ann's own pyramids say so.
        let looking = Table::new(&game, &names, false);
        let why = looking.tap(Pick::default(), Thing::Stash(p("G1")));
        assert_eq!(
            why.refusal(),
            Some("It is Ann's turn: you cannot move now.")
        );
    }

    #[test]
    fn a_triangle_target_is_aimed_at_then_placed_on() {
        let names = names();
        let game = start();
        let table = Table::new(&game, &names, true);
        let piece = p("G1");
        let picked = Pick {
            piece: Some(piece),
            aim: None,
        };
        let at = table.targets(picked)[0];
        let aimed = Pick {
            piece: Some(piece),
            aim: Some(at),
        };
        assert_eq!(table.tap(picked, Thing::Tri(at)), Tap::Select(aimed));
        let mv = EvacuateMove::Place { piece, at };
        assert_eq!(table.tap(aimed, Thing::Tri(at)), Tap::Play(mv.clone()));
        assert_eq!(table.tap(aimed, Thing::Confirm), Tap::Play(mv));
        assert_eq!(
            table.tap(aimed, Thing::Cancel),
            Tap::Select(Pick::default())
        );
    }

    #[test]
    fn a_refused_triangle_says_why_the_pyramid_cannot_go_there() {
        let names = names();
        let game = start();
        let table = Table::new(&game, &names, true);
        let picked = Pick {
            piece: Some(p("G1")),
            aim: None,
        };
        // 4.5: nothing stands that high on space 4, and nothing is there to nudge against.
        let why = table.tap(picked, Thing::Tri(t("4.5")));
        assert_eq!(
            why.refusal(),
            Some("On 4.5 a green pawn would only nudge (space 4 is 3 high), and a nudge must touch a pyramid you could then release.")
        );
        // Nothing picked: a vacant triangle asks for a pyramid first.
        let why = table.tap(Pick::default(), Thing::Tri(t("4.5")));
        assert!(why
            .refusal()
            .unwrap()
            .contains("pick a pyramid of your stash first"));
    }

    #[test]
    fn a_queen_that_would_carry_an_opponent_out_says_so() {
        let names = names();
        let game = start();
        let table = Table::new(&game, &names, true);
        let queen = Pick {
            piece: Some(p("G3")),
            aim: None,
        };
        // 3.1 points to door A (3 + 1 is even): three spaces carry space 3's whole stack out.
        assert!(!table.targets(queen).contains(&t("3.1")));
        let why = table.tap(queen, Thing::Tri(t("3.1")));
        assert_eq!(
            why.refusal(),
            Some("On 3.1 a green queen would push blue queen, red drone, green pawn out by door A: only your own pyramids may leave (or a hoist).")
        );
    }

    #[test]
    fn a_tap_on_a_ringed_pyramid_releases_it_and_on_others_says_why_not() {
        let names = names();
        let game = ringed();
        let table = Table::new(&game, &names, true);
        assert_eq!(
            table.tap(Pick::default(), Thing::Tri(t("1.1"))),
            Tap::Play(EvacuateMove::Release(vec![t("1.1")]))
        );
        assert_eq!(
            table.tap(Pick::default(), Thing::Tri(t("1.2"))).refusal(),
            Some("Your yellow pawn on 1.2 is not surrounded yet, so it cannot be released: 1.3 beside it is vacant.")
        );
        assert_eq!(
            table.tap(Pick::default(), Thing::Tri(t("8.1"))).refusal(),
            Some("Ben's pyramids: the red pawn on 8.1 is released only with a surrounded pyramid of yours that it touches.")
        );
    }

    #[test]
    fn a_tap_on_the_floor_says_whose_pyramid_it_is_and_how_it_moves() {
        let names = names();
        let game = start();
        let table = Table::new(&game, &names, true);
        assert_eq!(
            table.tap(Pick::default(), Thing::Floor(3, 2)).refusal(),
            Some("Ben's red drone at level 2 of space 3: a pyramid placed on triangle 3.2 moves it and the 1 pyramid above it.")
        );
        assert_eq!(
            table.tap(Pick::default(), Thing::Floor(1, 0)).refusal(),
            Some("Space 1 is empty.")
        );
    }

    #[test]
    fn a_stash_pyramid_with_no_place_says_why() {
        let names = names();
        // Played on from the start until the player to move has a pyramid in the stash
        // with no place (seeded random steps, several games).
        let mut found = None;
        'games: for seed in 0..40 {
            let mut game = start();
            let mut rng = crate::core::Rng::new(seed);
            for _ in 0..300 {
                if game.outcome().is_some() {
                    break;
                }
                if matches!(game.phase(), Phase::Before) {
                    let table = Table::new(&game, &names, true);
                    let stuck = game.colours(game.turn()).iter().flat_map(|&c| {
                        [Size::Pawn, Size::Drone, Size::Queen]
                            .into_iter()
                            .map(move |s| Piece::new(c, s))
                    });
                    let stuck: Vec<Piece> = stuck
                        .filter(|&q| {
                            game.stash(q.colour)[q.size.index()] > 0 && !table.placeable(q)
                        })
                        .collect();
                    if let Some(&q) = stuck.first() {
                        found = Some((game.clone(), q));
                        break 'games;
                    }
                }
                let mv = game.random_move(&mut rng).unwrap();
                game.play(&mv).unwrap();
            }
        }
        let (game, q) = found.expect("a stash pyramid with no place");
        let table = Table::new(&game, &names, true);
        let why = table.tap(Pick::default(), Thing::Stash(q));
        let text = why.refusal().expect("refused");
        assert!(
            text.starts_with(&format!("No triangle takes a {} now: ", piece_name(q))),
            "{text}"
        );
        assert!(
            text.ends_with(
                "no nudge is open (a nudge must touch a pyramid you could then release)."
            ),
            "{text}"
        );
        assert_eq!(table.no_place(q).as_deref(), Some(text));
    }

    #[test]
    fn a_whole_turn_of_several_steps_by_taps_until_the_turn_passes() {
        let names = names();
        let mut game = ringed();
        let ann = game.turn();
        // 1. The action: a pyramid of the stash, a lit triangle, the same triangle again.
        let table = Table::new(&game, &names, true);
        let piece = p("G1");
        let Tap::Select(picked) = table.tap(Pick::default(), Thing::Stash(piece)) else {
            panic!("the pyramid is picked")
        };
        // 6.1 points to door B: the pawn moves space 6's stack one space down.
        assert!(table.targets(picked).contains(&t("6.1")));
        let Tap::Select(aimed) = table.tap(picked, Thing::Tri(t("6.1"))) else {
            panic!("the triangle is aimed at")
        };
        let Tap::Play(place) = table.tap(aimed, Thing::Tri(t("6.1"))) else {
            panic!("the placement is made")
        };
        game.play(&place).unwrap();
        assert_eq!(game.stack(7).len(), 3, "the stack moved");
        assert_eq!(game.turn(), ann);
        assert_eq!(game.phase(), Phase::After, "1.1 can still be released");
        // 2. After the action: no more placing, and it says so; release or end the turn.
        let table = Table::new(&game, &names, true);
        assert_eq!(table.kinds(), [Kind::Release, Kind::End]);
        assert!(table
            .tap(Pick::default(), Thing::Stash(p("G2")))
            .refusal()
            .unwrap()
            .starts_with("You have placed a pyramid this turn"));
        let mut ended = game.clone();
        assert_eq!(
            table.tap(Pick::default(), Thing::Step(EvacuateMove::End)),
            Tap::Play(EvacuateMove::End)
        );
        ended.play(&EvacuateMove::End).unwrap();
        assert_ne!(ended.turn(), ann, "ending the turn passes it");
        // 3. Instead, release the ringed pyramid by a tap: nothing is left to release, so the
        // turn passes by itself.
        let Tap::Play(release) = table.tap(Pick::default(), Thing::Tri(t("1.1"))) else {
            panic!("the release after the action is made")
        };
        game.play(&release).unwrap();
        assert_ne!(game.turn(), ann, "the turn passed");
        let table = Table::new(&game, &names, true);
        assert_eq!(table.kinds(), [Kind::Place]);
        assert_eq!(
            table
                .tap(Pick::default(), Thing::Step(EvacuateMove::End))
                .refusal(),
            Some("Not possible now.")
        );
    }
}
