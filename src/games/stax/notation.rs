//! STAX notation.
//!
//! - **Cell**: axial coordinates `q,r` as signed decimal integers without leading zeros or
//!   plus signs, e.g. `0,0`, `-1,2`, `3,-4` (both within ±1,000,000,000). The six
//!   directions are numbered 0 to 5 counter-clockwise from east with `r` growing downwards
//!   (pointy-top hexagons): 0 `(+1,0)` east, 1 `(+1,-1)` north-east, 2 `(0,-1)` north-west,
//!   3 `(-1,0)` west, 4 `(-1,+1)` south-west, 5 `(0,+1)` south-east.
//! - **Pointers**: the directions a tile points to, as ascending digits, e.g. `013`.
//! - **Tile kinds** (ruling 1): `K` king (no pointers), `1`, `2A` (two adjacent pointers),
//!   `2V` (two, one apart), `2I` (two opposite), `3F` (three in a row), `3Y` (three
//!   alternate), `3X` (the asymmetric `{0,1,3}`, either side up: its other side is
//!   `{0,2,3}`), `4A`, `4V`, `4I` (four: the two missing ones adjacent, one apart, opposite),
//!   `5`, `Q` queen (six pointers).
//! - **Moves**:
//!   - placement: `<kind>:<pointers>@<cell>`, e.g. `3X:013@1,-1`, `1:4@0,1`; the king and
//!     queen have a single orientation and no pointers are written: `K@0,0`, `Q@2,-1`;
//!   - tile moving: `<from>><to>` then `:<pointers>` it shows on arrival (any rotation of what
//!     it showed, same side up), e.g. `1,0>-1,0:345`; nothing after a king or queen:
//!     `0,0>1,0`;
//!   - draw by agreement: `offer` (the player to move offers a draw), `accept`, `decline`
//!     (the player asked answers).
//! - **Options**: `players=2` or `players=3`.
//! - **Position**: `<status> <table> <reserves> <history>`:
//!   - status: the letter of the seat in turn (`L`, `D`, `R`); followed by `*` once that seat
//!     has offered a draw this turn and been declined; `L?D` while Light's offer waits for
//!     Dark's answer (with three players `L?R` after Dark accepted); `L=` once everybody
//!     accepted Light's offer (a draw);
//!   - table: `-` when empty, else the stacks ordered by `r` then `q`, separated by `/`, each
//!     `<cell>=<tiles>` with the tiles bottom to top, each the owner's letter then `K`, `Q` or
//!     its pointers: `0,0=LK/1,0=D013L01234` is Light's king on 0,0 and, on 1,0, Light's
//!     five-pointer tile on Dark's `3X`;
//!   - reserves: one per seat in seat order, separated by `/`, each `-` when empty or the
//!     kinds left in the order above separated by `.`: `K.1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q`;
//!     their number is the player count;
//!   - history: `-`, or the 16-hex-digit keys of the earlier positions since the last
//!     placement, oldest first, separated by `,` (the game is drawn when the position's own
//!     key is there twice).
//!
//!   A two-player game starts as
//!   `L - K.1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q/K.1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q -`.
//!
//! Serde uses the same notation, so a deserialised position is always a validated one.

use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, COORD_LIMIT};
use super::moves::{StaxMove, StaxOptions};
use super::rules::{Phase, Stax, MAX_PLAYERS, MIN_PLAYERS, TILES_PER_PLAYER};
use super::tile::{Colour, Tile, TileKind};
use crate::core::clip;
use crate::core::NotationError;

/// The most tiles one stack can hold.
const MOST_IN_A_STACK: usize = MAX_PLAYERS * TILES_PER_PLAYER;

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

fn parse_coord(text: &str) -> Option<i32> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.len() <= 10
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0";
    canonical
        .then(|| text.parse::<i32>().ok())
        .flatten()
        .filter(|v| (-COORD_LIMIT..=COORD_LIMIT).contains(v))
}

impl FromStr for Cell {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            NotationError::new(
                "cell",
                format!("\"{}\" is not a cell like 0,0 or -1,2", clip(s)),
            )
        };
        let (q, r) = s.split_once(',').ok_or_else(bad)?;
        match (parse_coord(q), parse_coord(r)) {
            (Some(q), Some(r)) => Ok(Cell::new(q, r)),
            _ => Err(bad()),
        }
    }
}

/// The pointers of `mask` as ascending digits.
fn pointers(mask: u8) -> String {
    (0..6u8)
        .filter(|d| mask & (1 << d) != 0)
        .map(|d| char::from(b'0' + d))
        .collect()
}

/// A non-empty list of strictly ascending direction digits.
fn parse_pointers(text: &str, what: &'static str) -> Result<u8, NotationError> {
    let bad = || {
        NotationError::new(
            what,
            format!(
                "\"{}\" is not a list of pointers like 013 (digits 0 to 5, ascending)",
                clip(text)
            ),
        )
    };
    if text.is_empty() {
        return Err(bad());
    }
    let mut mask = 0u8;
    let mut last: Option<u8> = None;
    for b in text.bytes() {
        if !(b'0'..=b'5').contains(&b) || last.is_some_and(|l| l >= b) {
            return Err(bad());
        }
        last = Some(b);
        mask |= 1 << (b - b'0');
    }
    Ok(mask)
}

/// Whether a kind has one orientation, written without pointers.
fn single(kind: TileKind) -> bool {
    matches!(kind, TileKind::King | TileKind::Queen)
}

impl fmt::Display for StaxMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StaxMove::Offer => f.write_str("offer"),
            StaxMove::Accept => f.write_str("accept"),
            StaxMove::Decline => f.write_str("decline"),
            StaxMove::Place { kind, mask, cell } => {
                f.write_str(kind.name())?;
                if !single(*kind) {
                    write!(f, ":{}", pointers(*mask))?;
                }
                write!(f, "@{cell}")
            }
            StaxMove::Travel { from, to, mask } => {
                write!(f, "{from}>{to}")?;
                if let Some(m) = mask {
                    write!(f, ":{}", pointers(*m))?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for StaxMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "offer" => return Ok(StaxMove::Offer),
            "accept" => return Ok(StaxMove::Accept),
            "decline" => return Ok(StaxMove::Decline),
            _ => {}
        }
        let err = |why: String| NotationError::new("move", why);
        if let Some((tile, cell)) = s.split_once('@') {
            let (name, ptrs) = match tile.split_once(':') {
                Some((n, p)) => (n, Some(p)),
                None => (tile, None),
            };
            let kind = TileKind::from_name(name).ok_or_else(|| {
                err(format!(
                    "\"{}\" is not a tile (K, 1, 2A, 2V, 2I, 3F, 3Y, 3X, 4A, 4V, 4I, 5, Q)",
                    clip(name)
                ))
            })?;
            let mask = match (single(kind), ptrs) {
                (true, None) => kind.base(),
                (true, Some(_)) => {
                    return Err(err(format!(
                        "the {} is written without pointers",
                        if kind == TileKind::King {
                            "king"
                        } else {
                            "queen"
                        }
                    )))
                }
                (false, None) => {
                    return Err(err(format!(
                        "tile {} needs its pointers, like {}:{}@0,0",
                        kind.name(),
                        kind.name(),
                        pointers(kind.base())
                    )))
                }
                (false, Some(p)) => parse_pointers(p, "move")?,
            };
            if !kind.orientations().contains(&mask) {
                return Err(err(format!(
                    "tile {} cannot show the pointers {}",
                    kind.name(),
                    pointers(mask)
                )));
            }
            return Ok(StaxMove::Place {
                kind,
                mask,
                cell: cell.parse()?,
            });
        }
        if let Some((from, rest)) = s.split_once('>') {
            let (to, mask) = match rest.split_once(':') {
                Some((to, p)) => {
                    let m = parse_pointers(p, "move")?;
                    if m == 63 {
                        return Err(err("a queen is written without pointers".into()));
                    }
                    (to, Some(m))
                }
                None => (rest, None),
            };
            return Ok(StaxMove::Travel {
                from: from.parse()?,
                to: to.parse()?,
                mask,
            });
        }
        Err(err(format!(
            "\"{}\" is not like K@0,0, 3X:013@1,-1, 1,0>-1,0:345, offer, accept or decline",
            clip(s)
        )))
    }
}

impl fmt::Display for StaxOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "players={}", self.players)
    }
}

impl FromStr for StaxOptions {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let players = match s {
            "players=2" => 2,
            "players=3" => 3,
            _ => {
                return Err(NotationError::new(
                    "options",
                    format!("\"{}\" is not players=2 or players=3", clip(s)),
                ))
            }
        };
        Ok(StaxOptions { players })
    }
}

/// A tile as the position writes it: owner letter, then `K`, `Q` or its pointers.
fn write_tile(f: &mut fmt::Formatter<'_>, t: Tile) -> fmt::Result {
    write!(f, "{}", Colour::of_seat(t.owner()).letter())?;
    match t.mask() {
        0 => f.write_str("K"),
        63 => f.write_str("Q"),
        m => f.write_str(&pointers(m)),
    }
}

impl fmt::Display for Stax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = |s: usize| Colour::of_seat(s).letter();
        write!(f, "{}", letter(self.turn()))?;
        match self.phase() {
            Phase::Turn { offered: false } => {}
            Phase::Turn { offered: true } => f.write_str("*")?,
            Phase::Answer { answering } => write!(f, "?{}", letter(answering))?,
            Phase::Agreed => f.write_str("=")?,
        }
        f.write_str(" ")?;
        if self.stacks().is_empty() {
            f.write_str("-")?;
        }
        for (k, (cell, tiles)) in self.stacks().iter().enumerate() {
            if k > 0 {
                f.write_str("/")?;
            }
            write!(f, "{cell}=")?;
            for &t in tiles {
                write_tile(f, t)?;
            }
        }
        f.write_str(" ")?;
        for seat in 0..self.players() {
            if seat > 0 {
                f.write_str("/")?;
            }
            let kinds = self.reserve(seat);
            if kinds.is_empty() {
                f.write_str("-")?;
            }
            for (k, kind) in kinds.iter().enumerate() {
                if k > 0 {
                    f.write_str(".")?;
                }
                f.write_str(kind.name())?;
            }
        }
        f.write_str(" ")?;
        if self.history().is_empty() {
            f.write_str("-")?;
        }
        for (k, key) in self.history().iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{key:016x}")?;
        }
        Ok(())
    }
}

fn seat_of(c: char, players: usize) -> Option<usize> {
    Colour::from_letter(c)
        .map(Colour::seat)
        .filter(|&s| s < players)
}

fn parse_stack(text: &str, players: usize) -> Result<Vec<Tile>, NotationError> {
    let err = |why: String| NotationError::new("position", why);
    let mut tiles = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let owner = seat_of(c, players).ok_or_else(|| {
            err(format!(
                "'{c}' is not the letter of a seat in \"{}\"",
                clip(text)
            ))
        })?;
        rest = &rest[c.len_utf8()..];
        let end = rest
            .find(|ch: char| !ch.is_ascii_digit() && ch != 'K' && ch != 'Q')
            .unwrap_or(rest.len());
        let (body, after) = rest.split_at(end);
        let mask = match body {
            "K" => 0,
            "Q" => 63,
            _ => {
                let m = parse_pointers(body, "position")?;
                if m == 63 {
                    return Err(err("the queen is written Q".into()));
                }
                m
            }
        };
        tiles.push(Tile::new(owner, mask));
        if tiles.len() > MOST_IN_A_STACK {
            return Err(err("a stack is too tall".into()));
        }
        rest = after;
    }
    if tiles.is_empty() {
        return Err(err(format!(
            "\"{}\" is not a stack like LKD013",
            clip(text)
        )));
    }
    Ok(tiles)
}

fn parse_reserve(text: &str) -> Result<u16, NotationError> {
    if text == "-" {
        return Ok(0);
    }
    let mut bits = 0u16;
    let mut last: Option<usize> = None;
    for name in text.split('.') {
        let kind = TileKind::from_name(name).ok_or_else(|| {
            NotationError::new(
                "position",
                format!("\"{}\" is not a tile in a reserve", clip(name)),
            )
        })?;
        if last.is_some_and(|l| l >= kind.index()) {
            return Err(NotationError::new(
                "position",
                "a reserve lists its tiles once each, in the order K.1.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q",
            ));
        }
        last = Some(kind.index());
        bits |= 1 << kind.index();
    }
    Ok(bits)
}

impl FromStr for Stax {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why: String| NotationError::new("position", why);
        let fields: Vec<&str> = s.split(' ').collect();
        let [status, table, reserves, history] = fields[..] else {
            return Err(err(
                "expected 4 fields: status, table, reserves, history".into()
            ));
        };
        let reserve_texts: Vec<&str> = reserves.split('/').collect();
        let players = reserve_texts.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(err(format!(
                "{players} reserves: STAX is for 2 or 3 players"
            )));
        }
        let mut reserve = [0u16; MAX_PLAYERS];
        for (seat, text) in reserve_texts.iter().enumerate() {
            reserve[seat] = parse_reserve(text)?;
        }
        let bad_status = || {
            err(format!(
                "\"{}\" is not a status like L, L*, L?D or L=",
                clip(status)
            ))
        };
        let chars: Vec<char> = status.chars().collect();
        let turn = chars
            .first()
            .and_then(|&c| seat_of(c, players))
            .ok_or_else(bad_status)?;
        let phase = match chars[1..] {
            [] => Phase::Turn { offered: false },
            ['*'] => Phase::Turn { offered: true },
            ['='] => Phase::Agreed,
            ['?', c] => Phase::Answer {
                answering: seat_of(c, players).ok_or_else(bad_status)?,
            },
            _ => return Err(bad_status()),
        };
        let mut stacks: Vec<(Cell, Vec<Tile>)> = Vec::new();
        if table != "-" {
            for entry in table.split('/') {
                let (cell, tiles) = entry.split_once('=').ok_or_else(|| {
                    err(format!("\"{}\" is not a stack like 0,0=LK", clip(entry)))
                })?;
                stacks.push((cell.parse()?, parse_stack(tiles, players)?));
                if stacks.len() > MOST_IN_A_STACK {
                    return Err(err("more stacks than tiles".into()));
                }
            }
        }
        let mut keys = Vec::new();
        if history != "-" {
            for key in history.split(',') {
                keys.push(crate::core::parse_hex_key(key)?);
            }
        }
        let game = Stax::from_parts(players, stacks, reserve, turn, phase, keys).map_err(err)?;
        Ok(game)
    }
}

crate::core::serde_via_notation!(Stax, StaxMove, StaxOptions);
