//! The hint's check against an immediate loss, generic over [`Game`].
//!
//! **A turn** is every move the same seat makes in a row: one move in Stack Control and STAX,
//! one or two steps in Stacks, a peek and a step in Evade, the releases, the placement or
//! nudge and the end in Evacuate. **A reply** is the next player's whole turn. **A move
//! loses at once** when, after it, its player cannot finish their turn (the rest of the
//! turn's steps, none when the move ends it) without either losing during it or leaving
//! the next player a reply after which they have lost (the game is over and they are not
//! among its winners, or they are out of it). So a step of a turn is safe when some way of
//! finishing the turn is safe; the finish found is not advice, only proof.
//!
//! Only the next player's reply is checked: with three or more players, the players after
//! them move after a reply that changes what they can do. Games with hidden information are
//! checked on samples of what the seat cannot see ([`Game::determinize`]), and a move's risk
//! is the share of samples in which it loses at once.
//!
//! A check may run out of the plays it is allowed ([`Limit`]): a move whose check ran out is
//! neither safe nor shown to lose.

use crate::core::{Game, Seat};

/// How much checking is allowed: a number of positions played, and a deadline on the clock
/// given (milliseconds).
pub struct Limit<'a> {
    /// Plays left.
    pub plays: u64,
    /// The clock's reading after which the check stops.
    pub deadline_ms: f64,
    /// The clock.
    pub clock: &'a dyn Fn() -> f64,
}

impl Limit<'_> {
    /// Takes one play; `false` when none is left (the clock is read every 256 plays).
    fn take(&mut self) -> bool {
        if self.plays == 0 {
            return false;
        }
        self.plays -= 1;
        if self.plays.is_multiple_of(256) && (self.clock)() > self.deadline_ms {
            self.plays = 0;
        }
        true
    }
}

/// What the check found for one move, on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict<M> {
    /// Some way to finish the turn (these steps after the move; none when the move ends it)
    /// leaves no reply that wins.
    Safe(Vec<M>),
    /// Every way to finish the turn loses: the first way tried (`finish`, the steps after the
    /// move), and the reply that beats it (empty when the turn loses by itself).
    Loses {
        /// The rest of the turn tried first.
        finish: Vec<M>,
        /// The next player's turn that wins against it.
        reply: Vec<M>,
    },
    /// The check ran out before it could tell.
    Unknown,
}

/// Whether `seat` has lost in `game`: it is over, someone won it and `seat` is not among
/// its winners (a draw nobody shares is no loss), or `seat` is out of it.
pub fn has_lost<G: Game>(game: &G, seat: Seat) -> bool {
    match game.outcome() {
        Some(outcome) => !outcome.winners.is_empty() && !outcome.winners.contains(&seat),
        None => game.seat_card(seat).out,
    }
}

/// The check of `mv`, a move of the seat to move in `game` (a whole position: a sample, for
/// hidden information).
pub fn check_move<G: Game>(game: &G, mv: &G::Move, limit: &mut Limit) -> Verdict<G::Move> {
    let Some(me) = game.to_move() else {
        return Verdict::Unknown;
    };
    step(game, mv, me, limit).unwrap_or(Verdict::Unknown)
}

/// `me`'s `mv` from `game`, then the rest of the turn: `None` when `mv` is not legal there.
fn step<G: Game>(game: &G, mv: &G::Move, me: Seat, limit: &mut Limit) -> Option<Verdict<G::Move>> {
    let mut next = game.clone();
    if !limit.take() {
        return Some(Verdict::Unknown);
    }
    next.play(mv).ok()?;
    if !game.asks_an_answer(mv) {
        return Some(finish(&next, me, limit));
    }
    // A draw offer: the turn goes on after each answer that does not end the game, and the
    // offer is safe only when it does after every one of them.
    let mut safe = Vec::new();
    for answer in next.legal_moves() {
        let mut answered = next.clone();
        if !limit.take() {
            return Some(Verdict::Unknown);
        }
        if answered.play(&answer).is_err() {
            continue;
        }
        match finish(&answered, me, limit) {
            Verdict::Safe(rest) => safe = rest,
            Verdict::Loses { finish, reply } => {
                return Some(Verdict::Loses {
                    finish: [vec![answer], finish].concat(),
                    reply,
                })
            }
            Verdict::Unknown => return Some(Verdict::Unknown),
        }
    }
    Some(Verdict::Safe(safe))
}

/// `me`'s turn finished from `game` (where `me` may still be to move).
fn finish<G: Game>(game: &G, me: Seat, limit: &mut Limit) -> Verdict<G::Move> {
    if has_lost(game, me) {
        return Verdict::Loses {
            finish: Vec::new(),
            reply: Vec::new(),
        };
    }
    let Some(mover) = game.to_move() else {
        return Verdict::Safe(Vec::new());
    };
    if mover != me {
        return match reply_that_wins(game, mover, me, limit) {
            Some(Some(reply)) => Verdict::Loses {
                finish: Vec::new(),
                reply,
            },
            Some(None) => Verdict::Safe(Vec::new()),
            None => Verdict::Unknown,
        };
    }
    let mut first_loss = None;
    let mut unknown = false;
    for mv in game.legal_moves() {
        match step(game, &mv, me, limit) {
            None => {}
            Some(Verdict::Safe(mut rest)) => {
                rest.insert(0, mv);
                return Verdict::Safe(rest);
            }
            Some(Verdict::Loses { mut finish, reply }) if first_loss.is_none() => {
                finish.insert(0, mv);
                first_loss = Some(Verdict::Loses { finish, reply });
            }
            Some(Verdict::Loses { .. }) => {}
            Some(Verdict::Unknown) => {
                if limit.plays == 0 {
                    return Verdict::Unknown;
                }
                unknown = true;
            }
        }
    }
    match first_loss {
        Some(loss) if !unknown => loss,
        _ => Verdict::Unknown,
    }
}

/// A turn of `opponent` from `game` after which `me` has lost: `Some(Some(steps))`, or
/// `Some(None)` when there is none, or `None` when the check ran out first.
fn reply_that_wins<G: Game>(
    game: &G,
    opponent: Seat,
    me: Seat,
    limit: &mut Limit,
) -> Option<Option<Vec<G::Move>>> {
    if has_lost(game, me) {
        return Some(Some(Vec::new()));
    }
    if game.outcome().is_some() || game.to_move() != Some(opponent) {
        return Some(None);
    }
    // The game's own pointer at a win, first: cheap, and usually the one that matters.
    if let Some(win) = game.winning_move() {
        let mut next = game.clone();
        if limit.take() && next.play(&win).is_ok() && has_lost(&next, me) {
            return Some(Some(vec![win]));
        }
    }
    let mut unknown = false;
    for step in game.legal_moves() {
        if !limit.take() {
            return None;
        }
        let mut next = game.clone();
        if next.play(&step).is_err() {
            continue;
        }
        match reply_that_wins(&next, opponent, me, limit) {
            Some(Some(mut rest)) => {
                rest.insert(0, step);
                return Some(Some(rest));
            }
            Some(None) => {}
            None => unknown = true,
        }
    }
    (!unknown).then_some(None)
}
