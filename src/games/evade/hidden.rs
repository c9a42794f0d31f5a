//! What each seat may see and remember: the own coins it has peeked at ([`Memory`]), which
//! values and setups it is shown, and the guessing of hidden values for the computer.

use super::coins::{Coin, Value, COINS_PER_SEAT};
use super::rules::{Evade, Phase};
use crate::core::{Rng, Seat, Viewer};

/// What each seat remembers of its own coins: bit `id` of a seat's entry is set once that
/// seat has peeked at its coin `id` (rule 6: the owner "must remember"). People keep it in
/// their heads, so their screen never shows it ([`Game::view`](crate::core::Game::view)); the
/// computer is told it ([`Game::recall`](crate::core::Game::recall)). It belongs to the
/// players, not to the position: two positions are equal whatever their players remember,
/// and the notation writes it only as the values a seat's recall shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Memory(pub(super) [u8; 2]);

impl PartialEq for Memory {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

impl Eq for Memory {}

/// Gives every coin of one seat whose value is hidden (`None`) one of the values not yet seen
/// on the others, uniformly among the assignments that put no special value on a coin marked
/// `plain` (when that is possible at all).
pub(super) fn fill_hidden_values(
    coins: &mut [Coin],
    plain: &[bool; COINS_PER_SEAT],
    rng: &mut Rng,
) {
    let mut pool: Vec<Value> = Value::ALL
        .into_iter()
        .filter(|v| !coins.iter().any(|c| c.value == Some(*v)))
        .collect();
    let hidden: Vec<usize> = (0..coins.len())
        .filter(|&i| coins[i].value.is_none())
        .collect();
    if pool.len() != hidden.len() {
        return; // not a position of this game (duplicate values); leave it as it is
    }
    rng.shuffle(&mut pool);
    let (mut specials, mut others): (Vec<Value>, Vec<Value>) =
        pool.into_iter().partition(|v| v.is_special());
    let mut free: Vec<usize> = hidden
        .iter()
        .copied()
        .filter(|&i| !plain.get(i).copied().unwrap_or(false))
        .collect();
    let mut rest: Vec<usize> = Vec::new();
    if free.len() < specials.len() {
        free.clone_from(&hidden);
    } else {
        rest = hidden
            .iter()
            .copied()
            .filter(|i| !free.contains(i))
            .collect();
    }
    rng.shuffle(&mut free);
    // The specials go on random coins that may hold them, everything else anywhere left.
    let mut order = free.split_off(specials.len().min(free.len()));
    let chosen = free;
    order.append(&mut rest);
    rng.shuffle(&mut order);
    for i in chosen {
        coins[i].value = specials.pop();
    }
    others.append(&mut specials);
    for i in order {
        coins[i].value = others.pop();
    }
}

impl Evade {
    /// Whether `viewer` reads the arrangement of the setup the seat to move makes now: everyone
    /// (after the end), or its own seat when shown its own coins.
    pub(super) fn setup_seen_by(&self, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Everyone => true,
            Viewer::Seat(s) => self.own && self.phase == Phase::Setup && self.turn == s,
        }
    }

    /// Whether `viewer` may see the value of `coin` (in a game still going on).
    pub(super) fn sees(&self, coin: &Coin, viewer: Seat) -> bool {
        coin.face_up()
            || (coin.owner == viewer
                && (self.own || (self.turn == viewer && self.peek == Some(coin.square))))
    }
}
