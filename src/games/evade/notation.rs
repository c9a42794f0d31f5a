//! Evade notation (described in full in the module documentation of `evade`).
//!
//! Serde uses the same notation, so a deserialised position is always a validated one.

use std::fmt;
use std::str::FromStr;

use super::board::Square;
use super::coins::{is_arrangement, Coin, CoinState, Value, COINS_PER_SEAT};
use super::hidden::Memory;
use super::moves::{EvadeMove, EvadeOptions};
use super::rules::{DrawOffer, End, Evade, Phase, RepetitionKey};
use crate::core::clip;
use crate::core::{Game, NotationError};

/// The characters of square indices 0..36 in repetition keys.
const KEY_SQUARES: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Display for EvadeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvadeMove::Setup(values) => {
                f.write_str("setup:")?;
                values.iter().try_for_each(|v| write!(f, "{v}"))
            }
            EvadeMove::Peek(sq) => write!(f, "peek:{sq}"),
            EvadeMove::Step { from, to } => write!(f, "{from}-{to}"),
            EvadeMove::Pass => f.write_str("pass"),
            EvadeMove::Offer => f.write_str("offer"),
            EvadeMove::Accept => f.write_str("accept"),
            EvadeMove::Decline => f.write_str("decline"),
        }
    }
}

impl FromStr for EvadeMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let err = |why: String| NotationError::new("move", why);
        match s {
            "pass" => return Ok(EvadeMove::Pass),
            "offer" => return Ok(EvadeMove::Offer),
            "accept" => return Ok(EvadeMove::Accept),
            "decline" => return Ok(EvadeMove::Decline),
            _ => {}
        }
        if let Some(rest) = s.strip_prefix("setup:") {
            let values = rest
                .chars()
                .map(|c| {
                    Value::from_letter(c)
                        .ok_or_else(|| err(format!("'{c}' is not a value (n, a, 2, 3, 4, 5)")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let values: [Value; 6] = values.try_into().map_err(|_| {
                err(format!(
                    "\"{}\" does not give the six values, like setup:na2345",
                    clip(s)
                ))
            })?;
            if !is_arrangement(&values) {
                return Err(err(format!("\"{}\" does not use each value once", clip(s))));
            }
            return Ok(EvadeMove::Setup(values));
        }
        if let Some(rest) = s.strip_prefix("peek:") {
            return Ok(EvadeMove::Peek(rest.parse()?));
        }
        let (from, to) = s.split_once('-').ok_or_else(|| {
            err(format!(
                "\"{}\" is not like c1-c2, peek:c1, setup:na2345, pass, offer, accept or decline",
                clip(s)
            ))
        })?;
        Ok(EvadeMove::Step {
            from: from.parse()?,
            to: to.parse()?,
        })
    }
}

impl fmt::Display for EvadeOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.own_coins_shown {
            "rules=own"
        } else {
            "rules=written"
        })
    }
}

impl FromStr for EvadeOptions {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "rules=written" => Ok(EvadeOptions {
                own_coins_shown: false,
            }),
            "rules=own" => Ok(EvadeOptions {
                own_coins_shown: true,
            }),
            other => Err(NotationError::new(
                "options",
                format!("\"{}\" is not rules=written or rules=own", clip(other)),
            )),
        }
    }
}

impl End {
    /// Its code in the position notation.
    pub fn code(self) -> &'static str {
        match self {
            End::FarRow(0) => "won1-row",
            End::FarRow(_) => "won2-row",
            End::FrozeSpecial(0) => "lost1-froze",
            End::FrozeSpecial(_) => "lost2-froze",
            End::SpecialsFrozen => "draw-specials",
            End::Passes => "draw-passes",
            End::Agreed => "draw-agreed",
            End::Repetition => "draw-repetition",
            End::QuietTurns => "draw-100",
        }
    }

    fn from_code(code: &str) -> Option<End> {
        [
            End::FarRow(0),
            End::FarRow(1),
            End::FrozeSpecial(0),
            End::FrozeSpecial(1),
            End::SpecialsFrozen,
            End::Passes,
            End::Agreed,
            End::Repetition,
            End::QuietTurns,
        ]
        .into_iter()
        .find(|e| e.code() == code)
    }
}

impl fmt::Display for RepetitionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &s in &self.squares {
            let c = KEY_SQUARES.get(usize::from(s)).copied().unwrap_or(b'?');
            write!(f, "{}", char::from(c))?;
        }
        write!(f, "{}", self.turn + 1)
    }
}

fn parse_key(token: &str) -> Result<RepetitionKey, NotationError> {
    let bad = || {
        NotationError::new(
            "position",
            format!(
                "\"{}\" is not a repetition key (12 squares 0-9a-z and a seat)",
                clip(token)
            ),
        )
    };
    let bytes = token.as_bytes();
    if bytes.len() != 13 {
        return Err(bad());
    }
    let mut squares = [0u8; 12];
    for (i, b) in bytes[..12].iter().enumerate() {
        squares[i] = KEY_SQUARES.iter().position(|k| k == b).ok_or_else(bad)? as u8;
    }
    let turn = match bytes[12] {
        b'1' => 0,
        b'2' => 1,
        _ => return Err(bad()),
    };
    Ok(RepetitionKey { squares, turn })
}

fn write_coins(f: &mut fmt::Formatter<'_>, coins: &[Coin]) -> fmt::Result {
    if coins.is_empty() {
        return f.write_str("-");
    }
    for (i, c) in coins.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{}", c.square)?;
        match c.value {
            Some(v) => write!(f, "{v}")?,
            None => f.write_str("?")?,
        }
        match c.state {
            CoinState::Free => {}
            CoinState::Shown => f.write_str("!")?,
            CoinState::OnTop => f.write_str("^")?,
            CoinState::Under => f.write_str("v")?,
        }
    }
    Ok(())
}

fn parse_coins(field: &str, owner: usize) -> Result<Vec<Coin>, NotationError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let tokens: Vec<&str> = field.split(',').collect();
    if tokens.len() != COINS_PER_SEAT {
        return Err(NotationError::new(
            "position",
            format!("a side has {} coins, not 6", tokens.len()),
        ));
    }
    tokens
        .iter()
        .enumerate()
        .map(|(id, token)| {
            let bad = || {
                NotationError::new(
                    "position",
                    format!(
                        "\"{}\" is not a coin like c3a, c3?, c3a^ or c3?v",
                        clip(token)
                    ),
                )
            };
            let chars: Vec<char> = token.chars().collect();
            if !(3..=4).contains(&chars.len()) {
                return Err(bad());
            }
            let square: Square = chars[..2]
                .iter()
                .collect::<String>()
                .parse()
                .map_err(|_| bad())?;
            let value = match chars[2] {
                '?' => None,
                c => Some(Value::from_letter(c).ok_or_else(bad)?),
            };
            let state = match chars.get(3) {
                None => CoinState::Free,
                Some('!') => CoinState::Shown,
                Some('^') => CoinState::OnTop,
                Some('v') => CoinState::Under,
                Some(_) => return Err(bad()),
            };
            Ok(Coin {
                owner,
                id,
                square,
                value,
                state,
            })
        })
        .collect()
}

impl fmt::Display for Evade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.own { "own " } else { "written " })?;
        match self.phase {
            Phase::Setup => write!(f, "setup{}", self.turn + 1)?,
            Phase::Play => write!(f, "{}", self.turn + 1)?,
            Phase::Over(end) => f.write_str(end.code())?,
        }
        f.write_str(" ")?;
        write_coins(f, &self.coins[0])?;
        f.write_str(" ")?;
        write_coins(f, &self.coins[1])?;
        let mut flags: Vec<String> = Vec::new();
        if self.passed {
            flags.push("passed".into());
        }
        match self.offer {
            DrawOffer::None => {}
            DrawOffer::Pending => flags.push("offer".into()),
            DrawOffer::Declined => flags.push("declined".into()),
        }
        if let Some(sq) = self.peek {
            flags.push(format!("peek={sq}"));
        }
        if flags.is_empty() {
            f.write_str(" -")?;
        } else {
            write!(f, " {}", flags.join(","))?;
        }
        if self.keys.is_empty() {
            return f.write_str(" -");
        }
        for (i, k) in self.keys.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { "," })?;
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

impl FromStr for Evade {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why: String| NotationError::new("position", why);
        let parts: Vec<&str> = s.split_whitespace().collect();
        let [mode, status, coins1, coins2, flags, keys] = parts[..] else {
            return Err(err(
                "expected six fields: rules, status, Suns' coins, Moons' coins, flags, keys".into(),
            ));
        };
        let own = match mode {
            "written" => false,
            "own" => true,
            other => return Err(err(format!("\"{}\" is not written or own", clip(other)))),
        };
        let keys: Vec<RepetitionKey> = if keys == "-" {
            Vec::new()
        } else {
            if keys.len() > 14 * 110 {
                return Err(err("too many repetition keys".into()));
            }
            keys.split(',').map(parse_key).collect::<Result<_, _>>()?
        };
        let (phase, turn) = match status {
            "setup1" => (Phase::Setup, 0),
            "setup2" => (Phase::Setup, 1),
            "1" => (Phase::Play, 0),
            "2" => (Phase::Play, 1),
            code => {
                let end = End::from_code(code).ok_or_else(|| {
                    err(format!(
                        "\"{}\" is not a status (setup1, setup2, 1, 2 or an end)",
                        clip(code)
                    ))
                })?;
                let turn = keys
                    .last()
                    .map(|k| usize::from(k.turn))
                    .ok_or_else(|| err("a finished game keeps its positions".into()))?;
                (Phase::Over(end), turn)
            }
        };
        let coins = [parse_coins(coins1, 0)?, parse_coins(coins2, 1)?];
        let mut passed = false;
        let mut offer = DrawOffer::None;
        let mut peek = None;
        if flags != "-" {
            let mut rank = 0;
            for flag in flags.split(',') {
                let r = match flag {
                    "passed" => {
                        passed = true;
                        1
                    }
                    "offer" => {
                        offer = DrawOffer::Pending;
                        2
                    }
                    "declined" => {
                        offer = DrawOffer::Declined;
                        2
                    }
                    _ => match flag.strip_prefix("peek=") {
                        Some(sq) => {
                            peek = Some(sq.parse()?);
                            3
                        }
                        None => {
                            return Err(err(format!(
                                "\"{}\" is not a flag (passed, offer, declined, peek=c1)",
                                clip(flag)
                            )))
                        }
                    },
                };
                if r <= rank {
                    return Err(err(
                        "flags go once each, in the order passed, offer or declined, peek".into(),
                    ));
                }
                rank = r;
            }
        }
        // What the seats remember: the coin peeked at this turn, and in a masked position
        // (one with a `?`) every value its viewer sees that is not face up, which only a
        // peek, this turn or earlier, can show.
        let mut memory = Memory::default();
        let masked = coins.iter().flatten().any(|c| c.value.is_none());
        for c in coins.iter().flatten() {
            let peeked = phase == Phase::Play && c.owner == turn && peek == Some(c.square);
            if peeked || (masked && !own && c.value.is_some() && !c.state.face_up()) {
                memory.0[c.owner] |= 1 << c.id;
            }
        }
        let game = Evade {
            own,
            phase,
            turn,
            coins,
            peek,
            offer,
            passed,
            keys,
            memory,
        };
        game.check_invariants().map_err(err)?;
        Ok(game)
    }
}

crate::core::serde_via_notation!(Evade, EvadeMove, EvadeOptions);
