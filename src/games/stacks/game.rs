//! `impl Game for Stacks`: the game's card, setup, legal moves, playing, the outcome.

use crate::core::{
    Fact, Game, GameInfo, Outcome, PlayError, Rng, Seat, SeatCard, SetupChoices, SetupError,
    SetupForm, Side, SideRule, Viewer,
};
use crate::core::{OptionKind, OptionSpec};

use super::board::*;
use super::moves::*;
use super::rules::*;

impl Game for Stacks {
    type Move = StacksMove;
    type Options = StacksOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if players != 2 {
            return Err(SetupError(format!(
                "Stacks is for 2 players, not {players}"
            )));
        }
        Ok(SetupForm {
            sides: SideRule::Fixed(
                COLOURS
                    .iter()
                    .map(|c| Side {
                        letter: c.letter_str(),
                        name: c.name(),
                    })
                    .collect(),
            ),
            options: vec![
                OptionSpec {
                    key: "side",
                    label: "Board size",
                    help: "Cells along each edge of the hexagonal board.",
                    helps: &[],
                    kind: OptionKind::Choice {
                        choices: vec![
                            ("3", "side 3 (19 cells)"),
                            ("4", "side 4 (37 cells)"),
                            ("5", "side 5 (61 cells)"),
                        ],
                        default: "3",
                    },
                },
                OptionSpec {
                    key: "diabolical",
                    label: "Diabolical Stacks",
                    help: "Move any stack whose top piece is yours, your opponent's pieces in \
                           it too.",
                    helps: &[],
                    kind: OptionKind::Switch { default: false },
                },
            ],
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<StacksOptions, SetupError> {
        let players = choices.sides.len();
        Self::setup_form(players)?.check(players, choices)?;
        let side = choices
            .value("side")
            .and_then(|v| v.parse::<u8>().ok())
            .ok_or_else(|| SetupError("the board size is not set".into()))?;
        let options = StacksOptions {
            side,
            diabolical: choices.is_on("diabolical"),
        };
        options.validate()?;
        Ok(options)
    }

    fn new(options: &StacksOptions, _seed: u64) -> Result<Self, SetupError> {
        options.validate()?;
        Ok(Stacks {
            side: options.side,
            diabolical: options.diabolical,
            board: vec![Vec::new(); cell_count(options.side)],
            reserve: [PIECES; 2],
            turn: 0,
            // The first player's first turn is worth a single move.
            left: 1,
            history: Vec::new(),
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.turn)
    }

    fn legal_moves(&self) -> Vec<StacksMove> {
        if self.is_over() {
            return Vec::new();
        }
        let steps = self.steps(self.left);
        if steps.is_empty() {
            vec![StacksMove::Pass]
        } else {
            steps
        }
    }

    fn playout_move(&self, rng: &mut Rng) -> Option<StacksMove> {
        // Random play lifts a trapping group as readily as any other, so a side whose
        // pieces are trapped looked nearly free and the search valued such positions wrongly
        // (at equal counts, a search with these playouts won all 14 games it played against
        // one with uniform playouts: docs/computer.md). A step that uncovers an opponent's
        // piece is played only when every step does. The holding steps are counted, then one
        // is drawn by its index among them: no second list on the search's hot path.
        let moves = self.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let holds = |mv: &&StacksMove| !self.uncovers_opponent(mv);
        let holding = moves.iter().filter(holds).count();
        if holding == 0 {
            return moves.get(rng.below(moves.len() as u64) as usize).copied();
        }
        let pick = rng.below(holding as u64) as usize;
        moves.iter().filter(holds).nth(pick).copied()
    }

    fn play(&mut self, mv: &StacksMove) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let cost = self.step_cost(mv).map_err(PlayError::Illegal)?;
        let before = self.diabolical.then(|| self.key());
        let irreversible = matches!(
            mv,
            StacksMove::Enter(_) | StacksMove::Move { to: Dest::Off, .. }
        );
        self.apply(mv, cost);
        if let Some(key) = before {
            if irreversible {
                // Reserves only shrink and pieces off never return: no earlier position can
                // occur again.
                self.history.clear();
            } else {
                self.history.push(key);
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.winner() {
            return Some(Outcome::win(
                seat,
                format!(
                    "{} moved all {PIECES} pieces off the board",
                    Colour::of_seat(seat).name()
                ),
            ));
        }
        if self.is_third_occurrence() {
            return Some(Outcome {
                winners: Vec::new(),
                scores: None,
                reason: "the same position occurred for the third time: a draw".into(),
            });
        }
        None
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn describe_move(&self, mv: &StacksMove, _viewer: Viewer) -> String {
        let mut after = self.clone();
        if after.play(mv).is_err() {
            return mv.to_string();
        }
        if after.winner().is_some() {
            format!("{mv} (wins)")
        } else if after.is_third_occurrence() {
            format!("{mv} (third repetition)")
        } else if after.turn != self.turn && *mv != StacksMove::Pass {
            format!("{mv} (turn over)")
        } else {
            mv.to_string()
        }
    }

    fn seat_label(&self, seat: Seat) -> Option<String> {
        (seat < 2).then(|| Colour::of_seat(seat).letter().to_string())
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        if seat >= 2 {
            return SeatCard::default();
        }
        SeatCard {
            side: Colour::of_seat(seat).name().to_string(),
            score: None,
            out: false,
            facts: vec![
                Fact::new("in reserve", self.reserve(seat)),
                Fact::new("off the board", self.off(seat)),
            ],
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let mut facts = Vec::new();
        if !self.is_over() {
            facts.push(Fact::new("moves left in this turn", self.left));
        }
        if self.diabolical {
            facts.push(Fact::new("variant", "Diabolical"));
        }
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        if !valid_side(self.side) {
            return Err(format!("the board's side is {}", self.side));
        }
        if self.board.len() != cell_count(self.side) {
            return Err(format!(
                "the board has {} cells, not {}",
                self.board.len(),
                cell_count(self.side)
            ));
        }
        for seat in 0..2 {
            let total = usize::from(self.reserve[seat])
                + self
                    .board
                    .iter()
                    .flatten()
                    .filter(|&&c| c == Colour::of_seat(seat))
                    .count();
            if total > usize::from(PIECES) {
                return Err(format!(
                    "{} has {total} pieces in reserve and on the board, more than {PIECES}",
                    Colour::of_seat(seat).name()
                ));
            }
        }
        if self.off(0) == PIECES && self.off(1) == PIECES {
            return Err("both players have every piece off the board".into());
        }
        if self.turn > 1 {
            return Err(format!("seat {} is to move", self.turn + 1));
        }
        if !(1..=MOVES_PER_TURN).contains(&self.left) {
            return Err(format!("{} moves left in the turn", self.left));
        }
        if !self.diabolical && !self.history.is_empty() {
            return Err("Stacks keeps no repetition history".into());
        }
        for &k in &self.history {
            if self.history.iter().filter(|&&x| x == k).count() > 2 {
                return Err("a position occurred three times but the game went on".into());
            }
        }
        // Mid-turn, the turn goes on only while a 1-move step exists (ruling 7).
        if !self.is_over() && self.left == 1 && !self.any_step(1) {
            return Err(format!(
                "{} has 1 move left but no 1-move step: the turn should have ended",
                Colour::of_seat(self.turn).name()
            ));
        }
        Ok(())
    }
}
