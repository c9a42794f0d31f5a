//! The engine core shared by every game: the [`Game`] trait, outcomes, seats, errors,
//! the seeded random generator and the new-game form declarations. It imports nothing above
//! it: no game (the table of games lives with the games), no search (the computer's module
//! builds on this one), and driving any game through strings is the registry's `AnyGame`.
//!
//! Nothing here imports a web crate: the engines build and test natively.

#[cfg(not(target_arch = "wasm32"))]
pub mod conformance;
pub mod error;
pub mod game;
pub mod grid;
pub mod pick;
#[cfg(not(target_arch = "wasm32"))]
pub mod pick_check;
pub mod playout;
pub mod rng;
pub mod setup;

/// Sorts a short list in place (an insertion sort). For the few short lists the page sorts:
/// each library sort instantiated in the browser bundle costs about 4 KB of code, this one a
/// few hundred bytes. The result is the same as `sort_unstable`'s wherever equal elements
/// are indistinguishable (every use here).
pub fn sort_small<T: Ord>(v: &mut [T]) {
    sort_small_by(v, |a, b| a > b);
}

/// [`sort_small`] by an order of one's own: `after(a, b)` says `a` belongs after `b`. Stable.
pub fn sort_small_by<T>(v: &mut [T], mut after: impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && after(&v[j - 1], &v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// [`sort_small_by`] for a long list (a heap sort: n log n steps, for thousands of saved
/// games, in a few hundred bytes of code too). Not stable.
pub fn sort_many_by<T>(v: &mut [T], mut after: impl FnMut(&T, &T) -> bool) {
    // Moves `v[root]` down the heap of `v[..end]` (each parent after its children).
    let mut sift = |v: &mut [T], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && after(&v[child + 1], &v[child]) {
            child += 1;
        }
        if !after(&v[child], &v[root]) {
            return;
        }
        v.swap(root, child);
        root = child;
    };
    for root in (0..v.len() / 2).rev() {
        sift(v, root, v.len());
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

/// Implements serde for a type through its notation (`Display` and `FromStr`), so that
/// deserialised data is always validated by the same parser as text from outside.
macro_rules! serde_via_notation {
    ($($t:ty),+ $(,)?) => {$(
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $t {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    )+};
}
pub(crate) use serde_via_notation;

pub use error::{clip, parse_hex_key, ApiError, NotationError, PlayError, SetupError};
pub use game::{Game, GameInfo, Outcome, PlayerInfo, Seat, Strength, Viewer};
pub use pick::{Person, Picking, Tap};
pub use rng::Rng;
pub use setup::{Fact, OptionKind, OptionSpec, SeatCard, SetupChoices, SetupForm, Side, SideRule};
