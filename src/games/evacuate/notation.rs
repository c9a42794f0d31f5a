//! Evacuate notation.
//!
//! - Pyramid: colour letter (`G`, `Y`, `R`, `B`) and pips (`1` pawn, `2` drone, `3` queen):
//!   `G3` is a green queen.
//! - Triangle: floor space (1..8) and level (1..6) joined by a dot: `4.2`.
//! - Move:
//!   - `G3@4.2`: place a green queen from the stash on triangle `4.2` (a move when the stack
//!     on space 4 has at least 2 pyramids, else a nudge);
//!   - `r4.2+5.2`: release the pyramids on these triangles (sorted, space first): one
//!     smallest releasable group;
//!   - `t4.2`: jam, take off the surrounded pyramid on `4.2`;
//!   - `end`: end the turn after the action; `pass`: jammed, nothing to do.
//! - Options: `match=14` (first to 14, the default) or `match=1` (one round).
//! - Position, fields separated by one space:
//!   `<match> r<round> <totals> c<ceiling> <floor> <triangles> <stash> <evacuated> <lost>
//!   <turn> p<passes> <eliminated> <status> <history>`:
//!   - match: `14` or `1`; totals: match points banked before this round, `0,0`;
//!   - floor: spaces 1 to 8 separated by `/`, each `-` or its pyramids bottom to top
//!     (`B3R2G1`);
//!   - triangles: spaces 1 to 8 separated by `/`, each 6 levels, `.` vacant or a pyramid
//!     (`..G1...`), or `o` for a vacant triangle emptied by a release earlier in the current
//!     run of releases (it still counts as released for the next release of the run);
//!   - stash, evacuated, lost: per colour G, Y, R, B separated by `/`, three digits each (pawns,
//!     drones, queens): `333/333/333/333`;
//!   - turn: seat (1 or 2) and phase `B` (before the action), `J` (jam), `A` (after it);
//!   - eliminated: one character per seat, `x` eliminated this round, `-` not;
//!   - status: `play`, or `over:` with the winning seats (1-based digits, `-` for none), `:`
//!     and the reason (`t` target, `r` round over, `e` elimination): `over:1:t`;
//!   - history: `-` or the 16-hex-digit keys of earlier turn starts, separated by `,`.
//!
//!   The start of a default game is
//!   `14 r1 0,0 c6 -/-/B3R2G1/G3Y2B1/R3B2Y1/Y3G2R1/-/- ....../....../....../....../....../....../....../...... 333/333/333/333 000/000/000/000 000/000/000/000 1B p0 -- play <key>`.

use std::fmt;
use std::str::FromStr;

use super::board::{Colour, Mode, Piece, Size, Tri, LEVELS, SPACES, TRIANGLES};
use super::moves::{EvacuateMove, EvacuateOptions, MatchRule};
use super::rules::{Counts, EndReason, Evacuate, Extras, Phase};
use crate::core::clip;
use crate::core::{Game, NotationError};

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.size.pips())
    }
}

impl FromStr for Piece {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let piece = match (chars.next(), chars.next(), chars.next()) {
            (Some(c), Some(d), None) => Colour::from_letter(c).zip(
                d.to_digit(10)
                    .and_then(|n| Size::from_pips(u8::try_from(n).ok()?)),
            ),
            _ => None,
        };
        piece
            .map(|(colour, size)| Piece { colour, size })
            .ok_or_else(|| NotationError::new("pyramid", format!("\"{}\" is not like G3", clip(s))))
    }
}

impl fmt::Display for Tri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.space, self.level)
    }
}

impl FromStr for Tri {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let b = s.as_bytes();
        if b.len() == 3 && b[1] == b'.' && b[0].is_ascii_digit() && b[2].is_ascii_digit() {
            let t = Tri::new(b[0] - b'0', b[2] - b'0');
            if t.on_board() {
                return Ok(t);
            }
        }
        Err(NotationError::new(
            "triangle",
            format!(
                "\"{}\" is not like 4.2 (space 1 to {SPACES}, level 1 to {LEVELS})",
                clip(s)
            ),
        ))
    }
}

impl fmt::Display for EvacuateMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvacuateMove::Place { piece, at } => write!(f, "{piece}@{at}"),
            EvacuateMove::Release(set) => {
                f.write_str("r")?;
                for (i, t) in set.iter().enumerate() {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    write!(f, "{t}")?;
                }
                Ok(())
            }
            EvacuateMove::Take(t) => write!(f, "t{t}"),
            EvacuateMove::End => f.write_str("end"),
            EvacuateMove::Pass => f.write_str("pass"),
            EvacuateMove::Reverse { piece, at } => write!(f, "{piece}@{at}!"),
            EvacuateMove::Trade(c) => write!(f, "trade:{}", c.letter()),
        }
    }
}

impl FromStr for EvacuateMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            NotationError::new(
                "move",
                format!(
                    "\"{}\" is not like G3@4.2, G3@4.2!, r4.2+5.2, t4.2, trade:G, end or pass",
                    clip(s)
                ),
            )
        };
        match s {
            "end" => return Ok(EvacuateMove::End),
            "pass" => return Ok(EvacuateMove::Pass),
            "trade:G" => return Ok(EvacuateMove::Trade(Colour::Green)),
            "trade:R" => return Ok(EvacuateMove::Trade(Colour::Red)),
            _ => {}
        }
        if let Some((piece, at)) = s.split_once('@') {
            let piece = piece.parse().map_err(|_| bad())?;
            return Ok(match at.strip_suffix('!') {
                Some(at) => EvacuateMove::Reverse {
                    piece,
                    at: at.parse().map_err(|_| bad())?,
                },
                None => EvacuateMove::Place {
                    piece,
                    at: at.parse().map_err(|_| bad())?,
                },
            });
        }
        if let Some(rest) = s.strip_prefix('t') {
            return rest.parse().map(EvacuateMove::Take).map_err(|_| bad());
        }
        if let Some(rest) = s.strip_prefix('r') {
            let set: Vec<Tri> = rest
                .split('+')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| bad())?;
            if set.is_empty() || set.len() > TRIANGLES || set.windows(2).any(|w| w[0] >= w[1]) {
                return Err(bad());
            }
            return Ok(EvacuateMove::Release(set));
        }
        Err(bad())
    }
}

/// The options' notation and the position's first field, for every table.
const OPTION_TEXTS: [(Mode, MatchRule, &str, &str); 6] = [
    (Mode::Two, MatchRule::FirstTo14, "match=14", "14"),
    (Mode::Two, MatchRule::OneRound, "match=1", "1"),
    (Mode::Three, MatchRule::FirstTo14, "players=3", "3p13"),
    (
        Mode::Four,
        MatchRule::FirstTo14,
        "players=4,match=12",
        "4p12",
    ),
    (Mode::Four, MatchRule::OneRound, "players=4,match=1", "4p1"),
    (Mode::Pugilists, MatchRule::OneRound, "pugilists", "pug9"),
];

fn option_texts(o: EvacuateOptions) -> (&'static str, &'static str) {
    let o = o.normalized();
    OPTION_TEXTS
        .iter()
        .find(|t| t.0 == o.mode && t.1 == o.match_rule)
        .map_or(("match=14", "14"), |t| (t.2, t.3))
}

fn options_of(text: &str, position: bool) -> Option<EvacuateOptions> {
    OPTION_TEXTS
        .iter()
        .find(|t| (if position { t.3 } else { t.2 }) == text)
        .map(|t| EvacuateOptions {
            mode: t.0,
            match_rule: t.1,
        })
}

impl fmt::Display for EvacuateOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(option_texts(*self).0)
    }
}

impl FromStr for EvacuateOptions {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        options_of(s, false).ok_or_else(|| {
            NotationError::new(
                "options",
                format!(
                    "\"{}\" is not match=14, match=1, players=3, players=4,match=12, \
                     players=4,match=1 or pugilists",
                    clip(s)
                ),
            )
        })
    }
}

fn write_counts(f: &mut fmt::Formatter<'_>, counts: &Counts) -> fmt::Result {
    for (i, c) in counts.iter().enumerate() {
        if i > 0 {
            f.write_str("/")?;
        }
        write!(f, "{}{}{}", c[0], c[1], c[2])?;
    }
    Ok(())
}

impl fmt::Display for Evacuate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = option_texts(self.options()).1;
        let seats = self.seats();
        let totals = self.parts_totals();
        write!(f, "{m} r{} ", self.round())?;
        for (s, t) in totals[..seats].iter().enumerate() {
            if s > 0 {
                f.write_str(",")?;
            }
            write!(f, "{t}")?;
        }
        write!(f, " c{} ", self.ceiling())?;
        for s in 1..=SPACES {
            if s > 1 {
                f.write_str("/")?;
            }
            let stack = self.stack(s);
            if stack.is_empty() {
                f.write_str("-")?;
            }
            for p in stack {
                write!(f, "{p}")?;
            }
        }
        f.write_str(" ")?;
        for s in 1..=SPACES {
            if s > 1 {
                f.write_str("/")?;
            }
            let released = self.parts_released();
            for l in 1..=LEVELS {
                let t = Tri::new(s, l);
                match self.triangle(t) {
                    Some(p) => write!(f, "{p}")?,
                    None if released & (1 << t.index()) != 0 => f.write_str("o")?,
                    None => f.write_str(".")?,
                }
            }
        }
        let colours = [Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue];
        for which in 0..3 {
            f.write_str(" ")?;
            let counts: Counts = colours.map(|c| match which {
                0 => self.stash(c),
                1 => self.evacuated(c),
                _ => self.lost(c),
            });
            write_counts(f, &counts)?;
        }
        let phase = match self.phase() {
            Phase::Before => 'B',
            Phase::Jam => 'J',
            Phase::After => 'A',
            Phase::Trade => 'T',
        };
        write!(f, " {}{phase} p{} ", self.turn() + 1, self.passes())?;
        for seat in 0..seats {
            f.write_str(if self.is_eliminated(seat) { "x" } else { "-" })?;
        }
        match self.parts_over() {
            None => f.write_str(" play")?,
            Some((winners, reason)) => {
                f.write_str(" over:")?;
                if winners.is_empty() {
                    f.write_str("-")?;
                }
                for w in winners {
                    write!(f, "{}", w + 1)?;
                }
                write!(f, ":{}", reason.letter())?;
            }
        }
        let history = self.parts_history();
        if history.is_empty() {
            f.write_str(" -")?;
        } else {
            f.write_str(" ")?;
            for (i, k) in history.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{k:016x}")?;
            }
        }
        if self.mode() != Mode::Two {
            // x<wild pips by seat>:<shaded exits used>:<tree trade>:<the round's first seat>
            let x = self.parts_extras();
            f.write_str(" x")?;
            for (s, b) in x.bonus[..seats].iter().enumerate() {
                if s > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{b}")?;
            }
            f.write_str(":")?;
            for used in &x.once[..seats] {
                f.write_str(if *used { "x" } else { "-" })?;
            }
            let trade = x.trade.map_or('-', Colour::letter);
            write!(f, ":{trade}:{}", x.first + 1)?;
        }
        Ok(())
    }
}

/// Comma-separated whole numbers, one per seat.
fn parse_numbers(s: &str, seats: usize, what: &str) -> Result<[u32; 4], NotationError> {
    let mut out = [0u32; 4];
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != seats {
        return Err(bad_pos(what));
    }
    for (n, part) in out.iter_mut().zip(parts) {
        *n = part
            .parse()
            .ok()
            .filter(|&n| n < 1_000_000)
            .ok_or_else(|| bad_pos(what))?;
    }
    Ok(out)
}

/// One `x` or `-` per seat.
fn parse_flags(s: &str, seats: usize, what: &str) -> Result<[bool; 4], NotationError> {
    let b = s.as_bytes();
    if b.len() != seats || !b.iter().all(|&c| c == b'x' || c == b'-') {
        return Err(bad_pos(what));
    }
    let mut out = [false; 4];
    for (o, &c) in out.iter_mut().zip(b) {
        *o = c == b'x';
    }
    Ok(out)
}

fn bad_pos(why: impl Into<String>) -> NotationError {
    NotationError::new("position", why)
}

fn parse_pieces(s: &str) -> Result<Vec<Option<Piece>>, NotationError> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '.' {
            out.push(None);
            i += 1;
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            out.push(Some(two.parse::<Piece>()?));
            i += 2;
        }
        if out.len() > TRIANGLES {
            return Err(bad_pos("too many pyramids"));
        }
    }
    Ok(out)
}

fn parse_counts(s: &str) -> Result<Counts, NotationError> {
    let parts: Vec<&str> = s.split('/').collect();
    if parts.len() != 4 {
        return Err(bad_pos(format!(
            "\"{}\" is not like 333/333/333/333",
            clip(s)
        )));
    }
    let mut out = [[0u8; 3]; 4];
    for (row, part) in out.iter_mut().zip(parts) {
        let b = part.as_bytes();
        if b.len() != 3 || !b.iter().all(u8::is_ascii_digit) {
            return Err(bad_pos(format!("\"{}\" is not three digits", clip(part))));
        }
        for (n, d) in row.iter_mut().zip(b) {
            *n = d - b'0';
        }
    }
    Ok(out)
}

impl FromStr for Evacuate {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let f: Vec<&str> = s.split(' ').collect();
        let options = f
            .first()
            .and_then(|m| options_of(m, true))
            .ok_or_else(|| bad_pos(format!("match \"{}\"", clip(f[0]))))?;
        let seats = options.mode.seats();
        let fields = if options.mode == Mode::Two { 14 } else { 15 };
        if f.len() != fields {
            return Err(bad_pos(format!("{} fields instead of {fields}", f.len())));
        }
        let round: u32 = f[1]
            .strip_prefix('r')
            .and_then(|r| r.parse().ok())
            .filter(|&r| r >= 1)
            .ok_or_else(|| bad_pos("round"))?;
        let totals = parse_numbers(f[2], seats, "totals")?;
        let ceiling: u8 = f[3]
            .strip_prefix('c')
            .and_then(|c| c.parse().ok())
            .filter(|c| (1..=LEVELS).contains(c))
            .ok_or_else(|| bad_pos("ceiling"))?;
        let spaces: Vec<&str> = f[4].split('/').collect();
        if spaces.len() != usize::from(SPACES) {
            return Err(bad_pos("the floor needs 8 spaces"));
        }
        let mut floor = Vec::new();
        for sp in spaces {
            if sp == "-" {
                floor.push(Vec::new());
                continue;
            }
            let pieces = parse_pieces(sp)?;
            let stack: Option<Vec<Piece>> = pieces.into_iter().collect();
            match stack {
                Some(st) if !st.is_empty() => floor.push(st),
                _ => return Err(bad_pos("a floor space is malformed")),
            }
        }
        let rows: Vec<&str> = f[5].split('/').collect();
        if rows.len() != usize::from(SPACES) {
            return Err(bad_pos("the movement portion needs 8 rows"));
        }
        let mut tris = Vec::new();
        let mut released = 0u64;
        for row in rows {
            let cells = parse_pieces(&row.replace('o', "."))?;
            if cells.len() != usize::from(LEVELS) {
                return Err(bad_pos("a row of triangles needs 6 levels"));
            }
            // `o` only ever stands for a whole cell (no pyramid letter is `o`).
            for (l, c) in row
                .chars()
                .filter(|c| *c == '.' || *c == 'o' || c.is_ascii_uppercase())
                .enumerate()
            {
                if c == 'o' {
                    released |= 1 << (tris.len() + l);
                }
            }
            tris.extend(cells);
        }
        let stash = parse_counts(f[6])?;
        let evacuated = parse_counts(f[7])?;
        let lost = parse_counts(f[8])?;
        let tb = f[9].as_bytes();
        if tb.len() != 2 {
            return Err(bad_pos("turn"));
        }
        let turn = usize::from(tb[0].wrapping_sub(b'1'));
        if turn >= seats {
            return Err(bad_pos("turn"));
        }
        let phase = match tb[1] {
            b'B' => Phase::Before,
            b'J' => Phase::Jam,
            b'A' => Phase::After,
            b'T' => Phase::Trade,
            _ => return Err(bad_pos("phase")),
        };
        let passes: u8 = f[10]
            .strip_prefix('p')
            .and_then(|p| p.parse().ok())
            .filter(|&p| usize::from(p) <= seats)
            .ok_or_else(|| bad_pos("passes"))?;
        let eliminated = parse_flags(f[11], seats, "eliminated")?;
        let over = if f[12] == "play" {
            None
        } else {
            let rest = f[12]
                .strip_prefix("over:")
                .ok_or_else(|| bad_pos("status"))?;
            let (w, r) = rest.split_once(':').ok_or_else(|| bad_pos("status"))?;
            let winners: Vec<usize> = if w == "-" {
                Vec::new()
            } else {
                let seats: Vec<usize> = w
                    .bytes()
                    .map(|b| usize::from(b.wrapping_sub(b'1')))
                    .collect();
                if w.is_empty() || w.len() > 4 {
                    return Err(bad_pos("winners"));
                }
                seats
            };
            let reason = match r {
                "t" => EndReason::Target,
                "r" => EndReason::RoundOver,
                "e" => EndReason::Elimination,
                _ => return Err(bad_pos("reason")),
            };
            Some((winners, reason))
        };
        let history: Vec<u64> = if f[13] == "-" {
            Vec::new()
        } else {
            f[13]
                .split(',')
                .map(|k| {
                    if k.len() == 16 {
                        u64::from_str_radix(k, 16).ok()
                    } else {
                        None
                    }
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or_else(|| bad_pos("history"))?
        };
        if history.len() > 100_000 {
            return Err(bad_pos("history too long"));
        }
        let extras = if options.mode == Mode::Two {
            // Two players take turns to start the rounds.
            Extras {
                first: usize::from(round.is_multiple_of(2)),
                ..Extras::default()
            }
        } else {
            let x: Vec<&str> = f[14]
                .strip_prefix('x')
                .ok_or_else(|| bad_pos("extras"))?
                .split(':')
                .collect();
            let [bonus, once, trade, first] = x.as_slice() else {
                return Err(bad_pos("extras"));
            };
            let first = usize::from(first.parse::<u8>().map_err(|_| bad_pos("first seat"))?);
            Extras {
                bonus: parse_numbers(bonus, seats, "wild pips")?,
                once: parse_flags(once, seats, "shaded exits")?,
                trade: match *trade {
                    "-" => None,
                    "G" => Some(Colour::Green),
                    "R" => Some(Colour::Red),
                    _ => return Err(bad_pos("tree trade")),
                },
                first: first.checked_sub(1).ok_or_else(|| bad_pos("first seat"))?,
            }
        };
        let game = Evacuate::from_parts(
            options,
            round,
            totals,
            extras,
            ceiling,
            floor,
            tris,
            [stash, evacuated, lost],
            turn,
            phase,
            passes,
            eliminated,
            over,
            history,
            released,
        );
        game.check_invariants().map_err(bad_pos)?;
        Ok(game)
    }
}

crate::core::serde_via_notation!(Evacuate, EvacuateMove, EvacuateOptions);
