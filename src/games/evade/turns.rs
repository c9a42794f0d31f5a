//! Playing a move: the setup, a peek, a draw offer and its answer, a step (freezing both
//! coins when it lands on a lone enemy coin), a pass, and the end of a turn with the endings
//! it may bring (a special coin freezing or reaching the goal row, all specials frozen, two
//! passes, repetition, 100 turns without a freeze).

use super::board::{goal_row, start_row, Square};
use super::coins::{Coin, CoinState};
use super::moves::EvadeMove;
use super::rules::{DrawOffer, End, Evade, Phase, RepetitionKey, QUIET_TURNS_LIMIT};

impl Evade {
    /// The repetition key of the current coins and seat to move.
    pub(super) fn key(&self) -> RepetitionKey {
        let mut squares = [0u8; 12];
        for (i, c) in self.coins().take(12).enumerate() {
            squares[i] = c.square.index() as u8;
        }
        RepetitionKey {
            squares,
            turn: self.turn as u8,
        }
    }

    pub(super) fn all_specials_frozen(&self) -> bool {
        let specials: Vec<&Coin> = self.coins().filter(|c| c.is_special()).collect();
        specials.len() == 4 && specials.iter().all(|c| c.frozen())
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
        } else if !froze && special && coin.is_some_and(|c| c.square.rank() == goal_row(mover)) {
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

    pub(super) fn apply(&mut self, mv: &EvadeMove) {
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
}
