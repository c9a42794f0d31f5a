//! `impl Game for StackControl`: the game's card, setup, legal moves, playing, the outcome.

use super::board::*;
use super::moves::*;
use super::pieces::*;
use super::rules::*;
use crate::core::{
    Fact, Game, GameInfo, Outcome, PlayError, Rng, Seat, SeatCard, SetupChoices, SetupError,
    SetupForm, Side, SideRule, Viewer,
};

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

    fn en_prise(&self, seat: Seat) -> Option<String> {
        // Moves do not depend on who moves: the next player's are the ones listed now.
        let colour = *self.colours.get(seat)?;
        let before = self.count_on_board(colour);
        let mut threats = 0;
        let mut worst: Option<(usize, StackMove)> = None;
        for mv in self.legal_moves() {
            let mut after = self.clone();
            if after.play(&mv).is_err() {
                continue;
            }
            let lost = before.saturating_sub(after.count_on_board(colour));
            if lost > 0 {
                threats += 1;
                if worst.as_ref().is_none_or(|(most, _)| lost > *most) {
                    worst = Some((lost, mv));
                }
            }
        }
        let (lost, mv) = worst?;
        let moves = if threats == 1 {
            String::new()
        } else {
            format!(" ({threats} moves capture some; the most)")
        };
        Some(format!(
            "a capture is threatened: the next player's {mv} would take {lost} of your {} pyramids{moves}",
            colour.name()
        ))
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
