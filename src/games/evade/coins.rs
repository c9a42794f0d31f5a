//! The coins: their values ([`Value`]), how they lie ([`CoinState`]), the coins on the board
//! ([`Coin`]), and the arrangements of the secret setup.

use super::board::Square;
use super::moves::EvadeMove;
use crate::core::{Rng, Seat};

/// Coins per player.
pub const COINS_PER_SEAT: usize = 6;

/// The value on a coin's hidden face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The blank (null) coin, special.
    Blank,
    /// The ace, special.
    Ace,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
}

impl Value {
    /// Every value, in notation order (blank, ace, 2 to 5).
    pub const ALL: [Value; 6] = [
        Value::Blank,
        Value::Ace,
        Value::Two,
        Value::Three,
        Value::Four,
        Value::Five,
    ];

    /// Its notation letter: `n` (null, the blank), `a` (ace), `2` to `5`.
    pub const fn letter(self) -> char {
        match self {
            Value::Blank => 'n',
            Value::Ace => 'a',
            Value::Two => '2',
            Value::Three => '3',
            Value::Four => '4',
            Value::Five => '5',
        }
    }

    /// The value for a notation letter.
    pub fn from_letter(c: char) -> Option<Value> {
        Value::ALL.into_iter().find(|v| v.letter() == c)
    }

    /// Its name for people.
    pub const fn name(self) -> &'static str {
        match self {
            Value::Blank => "blank",
            Value::Ace => "ace",
            Value::Two => "2",
            Value::Three => "3",
            Value::Four => "4",
            Value::Five => "5",
        }
    }

    /// Whether it is one of the two special coins (blank and ace).
    pub const fn is_special(self) -> bool {
        matches!(self, Value::Blank | Value::Ace)
    }
}

/// How a coin lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoinState {
    /// Free to move, face down.
    Free,
    /// Not frozen and turned face up: the special coin that won by reaching the far row.
    Shown,
    /// Frozen, on top of an enemy coin it moved onto, and face up.
    OnTop,
    /// Frozen under the enemy coin that moved onto it, face down.
    Under,
}

impl CoinState {
    /// Whether the coin is frozen (one of a pair).
    pub const fn frozen(self) -> bool {
        matches!(self, CoinState::OnTop | CoinState::Under)
    }

    /// Whether the coin lies face up, its value seen by everyone.
    pub const fn face_up(self) -> bool {
        matches!(self, CoinState::OnTop | CoinState::Shown)
    }
}

/// One coin on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Coin {
    /// The seat that owns it.
    pub owner: Seat,
    /// Which coin it is: the file (0 = a) of the square of its starting row where it was set
    /// up. It follows the coin wherever it goes; it is public (anyone watching can follow a
    /// coin), unlike its value.
    pub id: usize,
    /// Where it stands.
    pub square: Square,
    /// Its value, or `None` where the viewer may not see it (masked positions only).
    pub value: Option<Value>,
    /// Free, frozen on top, frozen underneath, or shown after a win.
    pub state: CoinState,
}

impl Coin {
    /// Whether it is frozen.
    pub const fn frozen(&self) -> bool {
        self.state.frozen()
    }

    /// Whether it lies face up.
    pub const fn face_up(&self) -> bool {
        self.state.face_up()
    }

    /// Whether it is known to be special (false when its value is hidden).
    pub fn is_special(&self) -> bool {
        self.value.is_some_and(Value::is_special)
    }
}

/// A random arrangement for the secret setup (the app's "random arrangement").
pub fn random_setup(rng: &mut Rng) -> EvadeMove {
    let mut values = Value::ALL;
    rng.shuffle(&mut values);
    EvadeMove::Setup(values)
}

/// Every arrangement of the six values, in lexicographic order of [`Value::ALL`] (720).
pub fn all_setups() -> Vec<EvadeMove> {
    fn extend(prefix: &mut Vec<Value>, out: &mut Vec<EvadeMove>) {
        if prefix.len() == COINS_PER_SEAT {
            let mut values = [Value::Blank; 6];
            values.copy_from_slice(prefix);
            out.push(EvadeMove::Setup(values));
            return;
        }
        for v in Value::ALL {
            if !prefix.contains(&v) {
                prefix.push(v);
                extend(prefix, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::with_capacity(720);
    extend(&mut Vec::new(), &mut out);
    out
}

/// Whether six values are the six different values.
pub fn is_arrangement(values: &[Value; 6]) -> bool {
    Value::ALL.iter().all(|v| values.contains(v))
}
