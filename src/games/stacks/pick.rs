//! What a tap on the Stacks board does: plain Rust, tested natively.
//!
//! A turn is several steps, each a move of its own: the same seat picks again after each step
//! until its turn is spent. A step starts from a stack of the mover's (any stack may be picked
//! to look at it; one more tap on it lifts one more piece) or from the mover's reserve; the
//! places it may go are the targets, with what each costs, and a tap on one is the step. A
//! group on the far row may also go off the board (the "off" box). A seat with no step at all
//! has only the pass. Every other tap says why nothing happened, in the engine's words where
//! they fit.

use super::rules::{Cell, Colour, Dest, Stacks, StacksMove};
use crate::core::pick::{sentence, why_not, Person, Picking, Tap};
use crate::core::{Game, Seat};

/// What is picked on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pick {
    /// Nothing.
    #[default]
    Nothing,
    /// The mover's reserve, to enter a piece.
    Reserve,
    /// A stack, and how many pieces from its top are to move (1 at first).
    Stack {
        /// The stack's cell.
        cell: Cell,
        /// How many pieces from its top.
        count: u8,
    },
}

/// What can be tapped: a cell, a seat's reserve or pieces-off box, a group-size button, or
/// the pass button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thing {
    /// A cell of the board.
    Cell(Cell),
    /// A seat's reserve.
    Reserve(Seat),
    /// A seat's box of pieces off the board.
    Off(Seat),
    /// A group-size button.
    Count(u8),
    /// The pass button.
    Pass,
}

/// The picked group the mover may move now: its cell, its size (kept within what may be
/// lifted) and the most that may be lifted there.
pub fn group(game: &Stacks, pick: Pick, can_move: bool) -> Option<(Cell, u8, u8)> {
    match pick {
        Pick::Stack { cell, count } if can_move && game.to_move().is_some() => {
            let most = game.movable(cell);
            (most > 0).then(|| (cell, count.clamp(1, most), most))
        }
        _ => None,
    }
}

/// Where the pick may go now, with what each step costs (the engine's costs): nothing unless
/// the player may move.
pub fn targets(game: &Stacks, pick: Pick, can_move: bool) -> Vec<(Dest, u8)> {
    if let Some((cell, count, _)) = group(game, pick, can_move) {
        return game.destinations(cell, count);
    }
    match pick {
        Pick::Reserve if can_move => game
            .entry_cells()
            .into_iter()
            .map(|(c, k)| (Dest::Cell(c), k))
            .collect(),
        _ => Vec::new(),
    }
}

/// The step a tap on `to` makes with `pick`, if `to` is one of its targets.
fn step(game: &Stacks, pick: Pick, can_move: bool, to: Dest) -> Option<StacksMove> {
    if !targets(game, pick, can_move).iter().any(|t| t.0 == to) {
        return None;
    }
    match (group(game, pick, can_move), to) {
        (Some((from, count, _)), _) => Some(StacksMove::Move { from, to, count }),
        (None, Dest::Cell(c)) => Some(StacksMove::Enter(c)),
        (None, Dest::Off) => None,
    }
}

/// The cells whose stacks have a legal step now (shown as the mover's to pick).
pub fn movable(game: &Stacks, can_move: bool) -> Vec<Cell> {
    if !can_move {
        return Vec::new();
    }
    let mut out: Vec<Cell> = game
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            StacksMove::Move { from, .. } => Some(from),
            _ => None,
        })
        .collect();
    out.dedup();
    out
}

/// Whether the mover's only move is the pass.
pub fn must_pass(game: &Stacks, can_move: bool) -> bool {
    can_move && game.legal_moves() == [StacksMove::Pass]
}

impl Picking for Stacks {
    type Pick = Pick;
    type Thing = Thing;

    /// Every cell, both reserves and both boxes of pieces off, the group sizes of the group
    /// picked, and the pass when it is the only move.
    fn things(&self, person: &Person, pick: &Pick) -> Vec<Thing> {
        let mut out: Vec<Thing> = self.cells().into_iter().map(Thing::Cell).collect();
        out.extend([0, 1].map(Thing::Reserve));
        out.extend([0, 1].map(Thing::Off));
        if let Some((_, _, most)) = group(self, *pick, person.can_move) {
            out.extend((1..=most).map(Thing::Count));
        }
        if must_pass(self, person.can_move) {
            out.push(Thing::Pass);
        }
        out
    }

    fn tap(&self, person: &Person, pick: &Pick, thing: &Thing) -> Tap<Pick, StacksMove> {
        tap(self, *pick, person.can_move, *thing)
    }

    /// Entering: the reserve, then the cell. Moving: the stack, its group size (when more
    /// than one), then the cell or the box of pieces off.
    fn taps(&self, _: &Person, mv: &StacksMove) -> Vec<Thing> {
        match *mv {
            StacksMove::Pass => vec![Thing::Pass],
            StacksMove::Enter(c) => vec![Thing::Reserve(self.turn()), Thing::Cell(c)],
            StacksMove::Move { from, to, count } => {
                let mut out = vec![Thing::Cell(from)];
                if count > 1 {
                    out.push(Thing::Count(count));
                }
                out.push(match to {
                    Dest::Cell(c) => Thing::Cell(c),
                    Dest::Off => Thing::Off(self.turn()),
                });
                out
            }
        }
    }
}

/// What a tap on `thing` does, with `pick` picked.
fn tap(game: &Stacks, pick: Pick, can_move: bool, thing: Thing) -> Tap<Pick, StacksMove> {
    let over = game.to_move().is_none();
    let refuse = |why: String| Tap::Refuse(sentence(&why));
    let not_now = || {
        refuse(if over {
            "the game is over".into()
        } else {
            "it is not your turn to move".into()
        })
    };
    match thing {
        Thing::Cell(c) => tap_cell(game, pick, can_move, c),
        Thing::Pass if can_move && !over => match why_not(game, &StacksMove::Pass) {
            None => Tap::Play(StacksMove::Pass),
            Some(why) => refuse(why),
        },
        Thing::Reserve(seat) if can_move && !over => {
            let me = game.turn();
            let first = Cell::new(game.near_row(me), 0);
            if seat != me {
                let (it, you) = (Colour::of_seat(seat), Colour::of_seat(me));
                refuse(format!(
                    "that is {}'s reserve; {}'s is the other one",
                    it.name(),
                    you.name()
                ))
            } else if pick == Pick::Reserve {
                Tap::Select(Pick::Nothing)
            } else if game.entry_cells().is_empty() {
                refuse(why_not(game, &StacksMove::Enter(first)).unwrap_or_default())
            } else {
                Tap::Select(Pick::Reserve)
            }
        }
        Thing::Off(seat) => match step(game, pick, can_move, Dest::Off) {
            Some(mv) if seat == game.turn() => Tap::Play(mv),
            _ if !can_move || over => not_now(),
            _ if seat != game.turn() => refuse(format!(
                "those are {}'s pieces off the board",
                Colour::of_seat(seat).name()
            )),
            _ => match group(game, pick, can_move) {
                Some((from, count, _)) => refuse(
                    why_not(
                        game,
                        &StacksMove::Move {
                            from,
                            to: Dest::Off,
                            count,
                        },
                    )
                    .unwrap_or_default(),
                ),
                None => refuse(format!(
                    "pick a stack on row {} to move it off the board",
                    super::rules::row_letter(game.far_row(game.turn()))
                )),
            },
        },
        Thing::Count(k) => match group(game, pick, can_move) {
            Some((cell, _, most)) => Tap::Select(Pick::Stack {
                cell,
                count: k.clamp(1, most),
            }),
            None => refuse("pick one of your stacks first".into()),
        },
        Thing::Pass | Thing::Reserve(_) => not_now(),
    }
}

/// A tap on cell `c`.
fn tap_cell(game: &Stacks, pick: Pick, can_move: bool, c: Cell) -> Tap<Pick, StacksMove> {
    let refuse = |why: String| Tap::Refuse(sentence(&why));
    if let Some(mv) = step(game, pick, can_move, Dest::Cell(c)) {
        return Tap::Play(mv);
    }
    let group = group(game, pick, can_move);
    if let Pick::Stack { cell, .. } = pick {
        if cell == c {
            // The picked stack again: one more piece, until the whole group is taken; then
            // it is put back.
            return match group {
                Some((_, n, most)) if n < most => Tap::Select(Pick::Stack { cell, count: n + 1 }),
                _ => Tap::Select(Pick::Nothing),
            };
        }
    }
    let me = game.turn();
    if !game.stack(c).is_empty() {
        // A stack just ahead of the picked group that it may not land on: the engine's reason.
        if let Some((from, count, _)) = group {
            if game.movable(c) == 0 && game.forward(from, me).contains(&c) {
                let mv = StacksMove::Move {
                    from,
                    to: Dest::Cell(c),
                    count,
                };
                return refuse(why_not(game, &mv).unwrap_or_default());
            }
        }
        // Any stack can be picked to look at it, even when it is not the mover's.
        return Tap::Select(Pick::Stack { cell: c, count: 1 });
    }
    if game.to_move().is_none() {
        return refuse(format!("{c} is empty, and the game is over"));
    }
    if !can_move {
        return refuse(format!("{c} is empty, and it is not your turn to move"));
    }
    if must_pass(game, can_move) {
        return refuse(format!(
            "{} has no legal step at all and must pass",
            Colour::of_seat(me).name()
        ));
    }
    if pick != Pick::Reserve && game.entry_cells().iter().any(|e| e.0 == c) {
        // An empty cell where a piece may enter: the reserve, with its cells highlighted.
        return Tap::Select(Pick::Reserve);
    }
    let why = match (pick, group) {
        (Pick::Reserve, _) => why_not(game, &StacksMove::Enter(c)),
        (_, Some((from, count, _))) => why_not(
            game,
            &StacksMove::Move {
                from,
                to: Dest::Cell(c),
                count,
            },
        ),
        _ => None,
    };
    refuse(why.unwrap_or_else(|| format!("{c} is empty: pick one of your stacks or your reserve")))
}

/// The group size a key asks for with `pick` picked: a digit 1 to 9, `+` one more, `-` one
/// fewer (the model keeps it within what may be lifted).
pub fn count_key(key: &str, pick: Pick) -> Option<u8> {
    let Pick::Stack { count, .. } = pick else {
        return None;
    };
    match key {
        "+" | "=" => Some(count.saturating_add(1)),
        "-" => Some(count.saturating_sub(1).max(1)),
        _ => key.parse::<u8>().ok().filter(|d| (1..=9).contains(d)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stacks::{row_count, row_len};

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    fn start() -> Stacks {
        <Stacks as Game>::new(&"side=3".parse().unwrap(), 0).unwrap()
    }

    /// A default-board position with these stacks (bottom to top), reserves and seat to move
    /// with its moves left (`L2`).
    fn at(stacks: &[(&str, &str)], reserves: (u8, u8), to_move: &str) -> Stacks {
        let mut rows: Vec<Vec<String>> = (0..row_count(3))
            .map(|r| vec!["-".to_string(); usize::from(row_len(3, r))])
            .collect();
        for &(name, stack) in stacks {
            let c = cell(name);
            rows[usize::from(c.row)][usize::from(c.pos)] = stack.to_string();
        }
        let board: Vec<String> = rows.iter().map(|r| r.join(",")).collect();
        format!(
            "3 {} {},{} {to_move}",
            board.join("/"),
            reserves.0,
            reserves.1
        )
        .parse()
        .unwrap()
    }

    fn stack(name: &str, count: u8) -> Pick {
        Pick::Stack {
            cell: cell(name),
            count,
        }
    }

    #[test]
    fn a_tap_on_the_reserve_picks_it_and_a_tap_on_a_highlighted_cell_enters() {
        let game = start();
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Reserve(0)),
            Tap::Select(Pick::Reserve)
        );
        let want: Vec<(Dest, u8)> = ["a1", "a2", "a3"]
            .iter()
            .map(|c| (Dest::Cell(cell(c)), 1))
            .collect();
        assert_eq!(targets(&game, Pick::Reserve, true), want);
        assert_eq!(
            tap(&game, Pick::Reserve, true, Thing::Cell(cell("a2"))),
            Tap::Play(StacksMove::Enter(cell("a2")))
        );
        // The reserve again puts it back; an empty cell of the near row picks the reserve.
        assert_eq!(
            tap(&game, Pick::Reserve, true, Thing::Reserve(0)),
            Tap::Select(Pick::Nothing)
        );
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Cell(cell("a3"))),
            Tap::Select(Pick::Reserve)
        );
    }

    #[test]
    fn a_tap_on_an_own_stack_picks_it_and_each_tap_again_lifts_one_more() {
        let game = at(&[("b2", "LL"), ("d1", "D")], (10, 11), "L2");
        assert_eq!(movable(&game, true), vec![cell("b2")]);
        let b2 = Thing::Cell(cell("b2"));
        assert_eq!(
            tap(&game, Pick::Nothing, true, b2),
            Tap::Select(stack("b2", 1))
        );
        assert_eq!(
            tap(&game, stack("b2", 1), true, b2),
            Tap::Select(stack("b2", 2))
        );
        assert_eq!(
            tap(&game, stack("b2", 2), true, b2),
            Tap::Select(Pick::Nothing)
        );
        // The targets and their costs are the engine's.
        assert_eq!(
            targets(&game, stack("b2", 2), true),
            game.destinations(cell("b2"), 2)
        );
        assert_eq!(
            targets(&game, stack("b2", 1), true),
            vec![(Dest::Cell(cell("c2")), 1), (Dest::Cell(cell("c3")), 1)]
        );
        assert_eq!(
            tap(&game, stack("b2", 2), true, Thing::Cell(cell("c3"))),
            Tap::Play(StacksMove::Move {
                from: cell("b2"),
                to: Dest::Cell(cell("c3")),
                count: 2
            })
        );
        // The group-size buttons set the count, within what may be lifted.
        assert_eq!(
            tap(&game, stack("b2", 1), true, Thing::Count(2)),
            Tap::Select(stack("b2", 2))
        );
        assert_eq!(
            tap(&game, stack("b2", 1), true, Thing::Count(9)),
            Tap::Select(stack("b2", 2))
        );
    }

    #[test]
    fn a_tap_on_an_opponent_stack_shows_it_but_offers_no_step() {
        let game = at(&[("b2", "L"), ("d1", "LD")], (10, 11), "L2");
        let d1 = Thing::Cell(cell("d1"));
        assert_eq!(
            tap(&game, Pick::Nothing, true, d1),
            Tap::Select(stack("d1", 1))
        );
        assert!(targets(&game, stack("d1", 1), true).is_empty());
        assert_eq!(group(&game, stack("d1", 1), true), None);
        assert_eq!(
            tap(&game, stack("d1", 1), true, Thing::Count(2)),
            Tap::Refuse("Pick one of your stacks first.".into())
        );
        // Tapped again, it is put back.
        assert_eq!(
            tap(&game, stack("d1", 1), true, d1),
            Tap::Select(Pick::Nothing)
        );
    }

    #[test]
    fn refused_taps_say_why_in_the_engines_words_where_they_fit() {
        let game = at(&[("b2", "L"), ("c3", "D")], (11, 11), "L1");
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Cell(cell("d2"))),
            Tap::Refuse("d2 is empty: pick one of your stacks or your reserve.".into())
        );
        // An empty cell the picked group cannot reach.
        assert_eq!(
            tap(&game, stack("b2", 1), true, Thing::Cell(cell("d2"))),
            Tap::Refuse("d2 is not forward from b2 for Light.".into())
        );
        // A stack ahead with one move left: a step onto a stack costs two.
        assert_eq!(
            tap(&game, stack("b2", 1), true, Thing::Cell(cell("c3"))),
            Tap::Refuse(
                "A step onto a stack costs 2 moves and only 1 is left in this turn.".into()
            )
        );
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Reserve(1)),
            Tap::Refuse("That is Dark's reserve; Light's is the other one.".into())
        );
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Off(0)),
            Tap::Refuse("Pick a stack on row e to move it off the board.".into())
        );
        assert_eq!(
            tap(&game, stack("b2", 1), true, Thing::Off(0)),
            Tap::Refuse("Only Light's far row, row e, leads off the board.".into())
        );
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Pass),
            Tap::Refuse("A player who can move must move.".into())
        );
        // Nothing moves when it is not the player's turn; stacks can still be looked at.
        assert_eq!(
            tap(&game, Pick::Nothing, false, Thing::Cell(cell("d2"))),
            Tap::Refuse("d2 is empty, and it is not your turn to move.".into())
        );
        assert_eq!(
            tap(&game, Pick::Nothing, false, Thing::Reserve(0)),
            Tap::Refuse("It is not your turn to move.".into())
        );
        assert_eq!(
            tap(&game, Pick::Nothing, false, Thing::Cell(cell("b2"))),
            Tap::Select(stack("b2", 1))
        );
        assert!(targets(&game, stack("b2", 1), false).is_empty());
    }

    #[test]
    fn a_group_on_the_far_row_leaves_by_a_tap_on_the_off_box() {
        let game = at(&[("e2", "DLL"), ("a1", "D")], (9, 10), "L2");
        assert_eq!(
            tap(&game, stack("e2", 2), true, Thing::Off(0)),
            Tap::Play(StacksMove::Move {
                from: cell("e2"),
                to: Dest::Off,
                count: 2
            })
        );
        assert_eq!(
            tap(&game, stack("e2", 2), true, Thing::Off(1)),
            Tap::Refuse("Those are Dark's pieces off the board.".into())
        );
    }

    #[test]
    fn with_no_step_at_all_the_pass_is_the_only_thing_to_do() {
        let game = at(&[("c3", "DL"), ("b1", "L")], (0, 0), "D2");
        assert!(must_pass(&game, true));
        assert!(movable(&game, true).is_empty());
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Pass),
            Tap::Play(StacksMove::Pass)
        );
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Cell(cell("d1"))),
            Tap::Refuse("Dark has no legal step at all and must pass.".into())
        );
        assert_eq!(
            tap(&game, Pick::Nothing, true, Thing::Reserve(1)),
            Tap::Refuse("Dark has no piece left in reserve.".into())
        );
    }

    /// Taps `things` in order from nothing picked; the last one must make a step.
    fn step_by_taps(game: &Stacks, things: &[Thing]) -> StacksMove {
        let mut pick = Pick::Nothing;
        for (i, &thing) in things.iter().enumerate() {
            match tap(game, pick, true, thing) {
                Tap::Select(p) if i + 1 < things.len() => pick = p,
                Tap::Play(mv) if i + 1 == things.len() => return mv,
                other => panic!("tap {i} on {thing:?}: {other:?}"),
            }
        }
        unreachable!("no taps")
    }

    #[test]
    fn whole_turns_of_several_steps_by_taps_until_the_turn_passes() {
        let mut game = start();
        // Light's first turn is a single step: enter on a2.
        let mv = step_by_taps(&game, &[Thing::Reserve(0), Thing::Cell(cell("a2"))]);
        game.play(&mv).unwrap();
        assert_eq!(game.to_move(), Some(1), "Light's one-step turn is over");
        // Dark: enter on e2 (1 move), then move that piece forward to d2 (1 move).
        let mv = step_by_taps(&game, &[Thing::Cell(cell("e2")), Thing::Cell(cell("e2"))]);
        assert_eq!(mv, StacksMove::Enter(cell("e2")));
        game.play(&mv).unwrap();
        assert_eq!((game.to_move(), game.moves_left()), (Some(1), 1));
        let mv = step_by_taps(&game, &[Thing::Cell(cell("e2")), Thing::Cell(cell("d2"))]);
        game.play(&mv).unwrap();
        assert_eq!((game.to_move(), game.moves_left()), (Some(0), 2));
        // Light: two steps, a2 to b2 and on to c2; the same seat stays to move between them.
        let mv = step_by_taps(&game, &[Thing::Cell(cell("a2")), Thing::Cell(cell("b2"))]);
        game.play(&mv).unwrap();
        assert_eq!((game.to_move(), game.moves_left()), (Some(0), 1));
        let mv = step_by_taps(&game, &[Thing::Cell(cell("b2")), Thing::Cell(cell("c2"))]);
        game.play(&mv).unwrap();
        assert_eq!((game.to_move(), game.moves_left()), (Some(1), 2));
        // Dark: a step onto a stack costs both moves, so it is the whole turn.
        assert_eq!(
            targets(&game, stack("d2", 1), true),
            vec![(Dest::Cell(cell("c2")), 2), (Dest::Cell(cell("c3")), 1)]
        );
        let mv = step_by_taps(&game, &[Thing::Cell(cell("d2")), Thing::Cell(cell("c2"))]);
        assert_eq!(game.cost(&mv), Ok(2));
        game.play(&mv).unwrap();
        assert_eq!((game.to_move(), game.moves_left()), (Some(0), 2));
        assert_eq!(game.stack(cell("c2")), [Colour::Light, Colour::Dark]);
    }
}
