//! The JSON of the app's own files (game records, saved games, backups): a small reader into a
//! tree and the writing helpers the records use.
//!
//! Written here rather than taken from `serde_json` because the page carries it in its first
//! load: serde's generic code for three record types cost about 36 KB of wasm code, this about
//! a quarter of it (docs/board-kit.md). The engines keep serde for their positions (the
//! conformance tests round-trip them); records and saved games never go through it.
//!
//! The reader follows RFC 8259: one value, surrounded by whitespace only; strings are checked
//! (escapes, no raw control characters, no lone surrogates); numbers are kept as their text so
//! that a 64-bit seed reads exactly; nesting deeper than [`MAX_DEPTH`] is refused.

use std::fmt::Write as _;

/// How deep arrays and objects may nest (as `serde_json`'s default, which refuses the 128th level).
pub const MAX_DEPTH: usize = 127;

/// A JSON value. Objects keep their members in order, duplicates included.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as written (checked against JSON's grammar).
    Num(String),
    /// A string, unescaped.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object's members, in order.
    Obj(Vec<(String, Json)>),
}

/// What kind of problem a text has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The text ends before its value does.
    CutShort,
    /// Not JSON at all.
    NotJson,
    /// JSON, but not the expected shape (a part missing, twice, or of the wrong kind).
    WrongShape,
}

/// Why a text could not be read, and where (line and column from 1; 0 for a wrong shape,
/// which is found in the tree, not the text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonError {
    /// What went wrong.
    pub problem: Problem,
    /// The line of the problem.
    pub line: usize,
    /// The column of the problem (in bytes).
    pub column: usize,
}

impl JsonError {
    /// A wrong shape (found while reading the tree).
    pub fn shape() -> JsonError {
        JsonError {
            problem: Problem::WrongShape,
            line: 0,
            column: 0,
        }
    }
}

/// Reads `text` as one JSON value.
///
/// # Errors
/// When the text is cut short or is not JSON.
pub fn parse(text: &str) -> Result<Json, JsonError> {
    let mut p = Parser {
        text,
        at: 0,
        depth: 0,
    };
    let value = p.value()?;
    p.space();
    if p.at < text.len() {
        return Err(p.fail(Problem::NotJson));
    }
    Ok(value)
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn fail(&self, problem: Problem) -> JsonError {
        let before = &self.text.as_bytes()[..self.at.min(self.text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = self.at
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        JsonError {
            problem,
            line,
            column,
        }
    }

    /// The next byte, or a "cut short" error at the end.
    fn peek(&self) -> Result<u8, JsonError> {
        self.text
            .as_bytes()
            .get(self.at)
            .copied()
            .ok_or_else(|| self.fail(Problem::CutShort))
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.text.as_bytes().get(self.at) {
            self.at += 1;
        }
    }

    /// Reads `word` (after its first byte was seen).
    fn word(&mut self, word: &str) -> Result<(), JsonError> {
        for &b in word.as_bytes() {
            if self.peek()? != b {
                return Err(self.fail(Problem::NotJson));
            }
            self.at += 1;
        }
        Ok(())
    }

    fn value(&mut self) -> Result<Json, JsonError> {
        self.space();
        match self.peek()? {
            b'n' => self.word("null").map(|()| Json::Null),
            b't' => self.word("true").map(|()| Json::Bool(true)),
            b'f' => self.word("false").map(|()| Json::Bool(false)),
            b'"' => self.string().map(Json::Str),
            b'-' | b'0'..=b'9' => self.number(),
            b'[' => self.nested(|p| {
                let mut items = Vec::new();
                p.list(b']', |p| {
                    items.push(p.value()?);
                    Ok(())
                })?;
                Ok(Json::Arr(items))
            }),
            b'{' => self.nested(|p| {
                let mut members = Vec::new();
                p.list(b'}', |p| {
                    p.space();
                    if p.peek()? != b'"' {
                        return Err(p.fail(Problem::NotJson));
                    }
                    let key = p.string()?;
                    p.space();
                    if p.peek()? != b':' {
                        return Err(p.fail(Problem::NotJson));
                    }
                    p.at += 1;
                    members.push((key, p.value()?));
                    Ok(())
                })?;
                Ok(Json::Obj(members))
            }),
            _ => Err(self.fail(Problem::NotJson)),
        }
    }

    /// An array or object: `read` reads its inside, one level deeper.
    fn nested(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<Json, JsonError>,
    ) -> Result<Json, JsonError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.fail(Problem::NotJson));
        }
        self.at += 1;
        let value = read(self)?;
        self.depth -= 1;
        Ok(value)
    }

    /// Items separated by commas up to `close` (the opening bracket read already).
    fn list(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Result<(), JsonError>,
    ) -> Result<(), JsonError> {
        self.space();
        if self.peek()? == close {
            self.at += 1;
            return Ok(());
        }
        loop {
            item(self)?;
            self.space();
            match self.peek()? {
                b',' => self.at += 1,
                b if b == close => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return Err(self.fail(Problem::NotJson)),
            }
        }
    }

    fn digits(&mut self) -> Result<usize, JsonError> {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.text.as_bytes().get(self.at) {
            self.at += 1;
        }
        if self.at == start {
            // A sign or point with no digit after it.
            self.peek()?;
            return Err(self.fail(Problem::NotJson));
        }
        Ok(self.at - start)
    }

    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.at;
        if self.peek()? == b'-' {
            self.at += 1;
        }
        let lead = self.peek()?;
        if self.digits()? > 1 && lead == b'0' {
            return Err(self.fail(Problem::NotJson));
        }
        if self.text.as_bytes().get(self.at) == Some(&b'.') {
            self.at += 1;
            self.digits()?;
        }
        if let Some(b'e' | b'E') = self.text.as_bytes().get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.text.as_bytes().get(self.at) {
                self.at += 1;
            }
            self.digits()?;
        }
        Ok(Json::Num(self.text[start..self.at].to_string()))
    }

    /// Four hex digits of a `\u` escape.
    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut n = 0;
        for _ in 0..4 {
            let d = char::from(self.peek()?)
                .to_digit(16)
                .ok_or_else(|| self.fail(Problem::NotJson))?;
            n = n * 16 + d;
            self.at += 1;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(&b) = self.text.as_bytes().get(self.at) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // Only ASCII bytes stop the run, so the slice ends on a character boundary.
            out.push_str(&self.text[start..self.at]);
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Ok(out);
                }
                b'\\' => {
                    self.at += 1;
                    let escaped = self.peek()?;
                    self.at += 1;
                    out.push(match escaped {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode()?,
                        _ => return Err(self.fail(Problem::NotJson)),
                    });
                }
                // A raw control character.
                _ => return Err(self.fail(Problem::NotJson)),
            }
        }
    }

    /// The character of a `\u` escape (the `\u` read already), a surrogate pair included.
    fn unicode(&mut self) -> Result<char, JsonError> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if self.peek()? != b'\\' {
                    return Err(self.fail(Problem::NotJson));
                }
                self.at += 1;
                if self.peek()? != b'u' {
                    return Err(self.fail(Problem::NotJson));
                }
                self.at += 1;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.fail(Problem::NotJson));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.fail(Problem::NotJson)),
            _ => first,
        };
        char::from_u32(code).ok_or_else(|| self.fail(Problem::NotJson))
    }
}

impl Json {
    /// The members of an object (`None` for anything else).
    pub fn members(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Obj(m) => Some(m),
            _ => None,
        }
    }

    /// The member `key` of an object: `Ok(None)` when it is absent or `null`.
    ///
    /// # Errors
    /// When this is not an object, or has `key` twice.
    pub fn field(&self, key: &str) -> Result<Option<&Json>, JsonError> {
        let members = self.members().ok_or_else(JsonError::shape)?;
        let mut found = members.iter().filter(|(k, _)| k == key).map(|(_, v)| v);
        let first = found.next();
        if found.next().is_some() {
            return Err(JsonError::shape());
        }
        Ok(first.filter(|v| **v != Json::Null))
    }

    /// The member `key`, which must be there.
    ///
    /// # Errors
    /// When it is absent (or `null`), or see [`Json::field`].
    pub fn need(&self, key: &str) -> Result<&Json, JsonError> {
        self.field(key)?.ok_or_else(JsonError::shape)
    }

    /// A string's text.
    ///
    /// # Errors
    /// When this is not a string.
    pub fn str(&self) -> Result<&str, JsonError> {
        match self {
            Json::Str(s) => Ok(s),
            _ => Err(JsonError::shape()),
        }
    }

    /// A boolean's value.
    ///
    /// # Errors
    /// When this is not `true` or `false`.
    pub fn bool(&self) -> Result<bool, JsonError> {
        match self {
            Json::Bool(b) => Ok(*b),
            _ => Err(JsonError::shape()),
        }
    }

    /// An array's items.
    ///
    /// # Errors
    /// When this is not an array.
    pub fn items(&self) -> Result<&[Json], JsonError> {
        match self {
            Json::Arr(items) => Ok(items),
            _ => Err(JsonError::shape()),
        }
    }

    /// A whole number from 0 to `u64::MAX`, written without a point or exponent.
    ///
    /// # Errors
    /// When this is not such a number.
    pub fn u64(&self) -> Result<u64, JsonError> {
        match self {
            Json::Num(n) if n.bytes().all(|b| b.is_ascii_digit()) => {
                n.parse().map_err(|_| JsonError::shape())
            }
            _ => Err(JsonError::shape()),
        }
    }

    /// A whole number that fits `T` (see [`Json::u64`]).
    ///
    /// # Errors
    /// When this is not such a number.
    pub fn whole<T: TryFrom<u64>>(&self) -> Result<T, JsonError> {
        T::try_from(self.u64()?).map_err(|_| JsonError::shape())
    }

    /// A number as an `f64`, to within a unit in the last place (the app's numbers of this
    /// kind are times, only ever shown; a whole number that must be exact, such as a seed, is
    /// read by [`Json::u64`]). Read by hand: the standard library's exact float parsing brings
    /// about 10 KB of tables into the page.
    ///
    /// # Errors
    /// When this is not a number, or one that cannot be read so closely by hand: its first 19
    /// significant digits times a power of ten beyond 10^±22 (such as 1e300 or 1.5e-30; a time
    /// in milliseconds, written by [`write_f64`], is far inside).
    pub fn f64(&self) -> Result<f64, JsonError> {
        let Json::Num(n) = self else {
            return Err(JsonError::shape());
        };
        let (negative, n) = n
            .strip_prefix('-')
            .map_or((false, n.as_str()), |n| (true, n));
        let (digits, exponent) = n.split_once(['e', 'E']).unwrap_or((n, "0"));
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        // The first 19 significant digits (they fit a u64); the rest only move the point.
        let mut mantissa = 0u64;
        let mut shift = 0i64;
        for (i, d) in whole.bytes().chain(fraction.bytes()).enumerate() {
            let point = i >= whole.len();
            if mantissa < 1_000_000_000_000_000_000 {
                mantissa = mantissa * 10 + u64::from(d - b'0');
                shift -= i64::from(point);
            } else {
                shift += i64::from(!point);
            }
        }
        let sign = if negative { -1.0 } else { 1.0 };
        if mantissa == 0 {
            return Ok(sign * 0.0);
        }
        let exponent: i64 = exponent.parse().map_err(|_| JsonError::shape())?;
        let mut power = shift.saturating_add(exponent);
        while power > 22 && mantissa < u64::MAX / 10 {
            mantissa *= 10;
            power -= 1;
        }
        // Every power of ten up to 10^22 is a float, so the reading is rounded once (twice when
        // the mantissa has more than 53 bits). A larger one is not: the reading would be off by
        // several units in the last place, or 0 (1.2e-300, its 10^316 overflowing). Refused.
        let power = i32::try_from(power)
            .ok()
            .filter(|p| p.abs() <= 22)
            .ok_or_else(JsonError::shape)?;
        #[allow(clippy::cast_precision_loss)] // to within a unit in the last place, as said
        let x = mantissa as f64;
        let scale = 10f64.powi(power.abs());
        Ok(sign * if power < 0 { x / scale } else { x * scale })
    }
}

/// Appends `s` as a JSON string (quotes, backslashes and control characters escaped; the
/// rest as it is).
pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `x` as a JSON number: a whole number with `.0` ("1700000000000.0", as `serde_json`
/// wrote it), else with up to six decimals; not finite (never stored) as `null`. From 2^33
/// (about 8.6e9, any time in milliseconds since 1970) on, a correct reading gets the very same
/// float back; from 2^46 (about 7e13) on, a float has no finer fraction and the digits are its
/// exact value, every one of them however large. Written by hand: the standard library's float
/// formatting costs the page about 10 KB.
pub fn write_f64(out: &mut String, x: f64) {
    if !x.is_finite() {
        out.push_str("null");
        return;
    }
    if x < 0.0 {
        out.push('-');
    }
    let x = x.abs();
    if x >= 18_446_744_073_709_551_616.0 {
        // 2^64 or more: whole, but beyond a u64 (times never are: they are checked to be below
        // 1e15 when read), and still written exactly rather than rounded.
        write_big_whole(out, x);
        out.push_str(".0");
        return;
    }
    // The whole part and the fraction apart (subtracting the whole part is exact).
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let (whole, micro) = (x.trunc() as u64, ((x - x.trunc()) * 1e6).round() as u64);
    let (whole, micro) = if micro >= 1_000_000 {
        (whole + 1, 0)
    } else {
        (whole, micro)
    };
    let _ = write!(out, "{whole}.");
    let fraction = format!("{micro:06}");
    let fraction = fraction.trim_end_matches('0');
    out.push_str(if fraction.is_empty() { "0" } else { fraction });
}

/// Appends the digits of a finite `x` of 2^64 or more, every one of them (up to 309): the
/// float's 53-bit significand doubled as many times as its exponent says, in base 10^9.
fn write_big_whole(out: &mut String, x: f64) {
    const BASE: u64 = 1_000_000_000;
    let bits = x.to_bits();
    let significand = (bits & ((1 << 52) - 1)) | (1 << 52);
    // Lowest first; the significand is below 2^53, so two of them, the top one not 0.
    let mut limbs = vec![significand % BASE, significand / BASE];
    for _ in 1075..bits >> 52 {
        let mut carry = 0;
        for limb in &mut limbs {
            let doubled = *limb * 2 + carry;
            *limb = doubled % BASE;
            carry = doubled / BASE;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut limbs = limbs.iter().rev();
    if let Some(top) = limbs.next() {
        let _ = write!(out, "{top}");
    }
    for limb in limbs {
        let _ = write!(out, "{limb:09}");
    }
}

/// Appends `"key":` to an object being written (after a comma unless it is the first).
pub fn write_key(out: &mut String, key: &str) {
    if !out.ends_with('{') {
        out.push(',');
    }
    write_str(out, key);
    out.push(':');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Problem {
        parse(text).unwrap_err().problem
    }

    #[test]
    fn reads_every_kind_of_value() {
        let v = parse(r#" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#)
            .unwrap();
        assert_eq!(
            v.need("a").unwrap(),
            &Json::Arr(vec![
                Json::Num("1".into()),
                Json::Num("-2.5e3".into()),
                Json::Bool(true),
                Json::Bool(false),
                Json::Null
            ])
        );
        assert_eq!(v.need("b").unwrap().str().unwrap(), "x\"\\/\né😀");
        assert_eq!(v.need("c").unwrap(), &Json::Obj(vec![]));
        assert_eq!(v.field("missing").unwrap(), None);
    }

    #[test]
    fn numbers_keep_their_text_so_a_64_bit_seed_is_exact() {
        let v = parse("18446744073709551615").unwrap();
        assert_eq!(v.u64().unwrap(), u64::MAX);
        assert_eq!(
            parse("18446744073709551616").unwrap().u64().unwrap_err(),
            JsonError::shape()
        );
        for not_whole in ["1.0", "1e2", "-1"] {
            assert!(parse(not_whole).unwrap().u64().is_err(), "{not_whole}");
        }
        assert_eq!(parse("1e2").unwrap().f64().unwrap(), 100.0);
        assert_eq!(parse("-2.5E-1").unwrap().f64().unwrap(), -0.25);
        assert_eq!(
            parse("1764170000123.5").unwrap().f64().unwrap(),
            1_764_170_000_123.5
        );
        assert_eq!(
            parse("12345678901234567890123").unwrap().f64().unwrap(),
            1.2345678901234568e22
        );
        assert!(parse("1e400").unwrap().f64().is_err());
        assert_eq!(parse("300").unwrap().whole::<u8>(), Err(JsonError::shape()));
    }

    #[test]
    fn says_cut_short_or_not_json_and_where() {
        for cut in [
            "", "{", "[1,", "\"abc", "{\"a\"", "{\"a\":", "tru", "-", "1.", "\"\\u12",
        ] {
            assert_eq!(problem(cut), Problem::CutShort, "{cut:?}");
        }
        for bad in [
            "x",
            "{a:1}",
            "[1 2]",
            "[1,]",
            "01",
            "1.e3",
            "\"\t\"",
            "\"\\x\"",
            "\"\\ud800\"",
            "\"\\udc00\"",
            "nul!",
            "{} {}",
            "[1]]",
        ] {
            assert_eq!(problem(bad), Problem::NotJson, "{bad:?}");
        }
        let e = parse("{\n  \"a\": ?}").unwrap_err();
        assert_eq!((e.line, e.column), (2, 8));
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let deep = "[".repeat(100_000);
        assert_eq!(problem(&deep), Problem::NotJson);
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn a_field_twice_is_a_wrong_shape() {
        let v = parse(r#"{"a":1,"a":2}"#).unwrap();
        assert_eq!(v.field("a"), Err(JsonError::shape()));
        assert_eq!(parse("[]").unwrap().field("a"), Err(JsonError::shape()));
    }

    #[test]
    fn writes_what_it_reads() {
        let mut out = String::from("{");
        write_key(&mut out, "s");
        write_str(&mut out, "a\"b\\c\n\u{1}é");
        write_key(&mut out, "t");
        write_f64(&mut out, 1_700_000_000_000.0);
        write_key(&mut out, "u");
        write_f64(&mut out, 0.25);
        write_key(&mut out, "v");
        write_f64(&mut out, -3.0);
        out.push('}');
        assert_eq!(
            out,
            r#"{"s":"a\"b\\c\n\u0001é","t":1700000000000.0,"u":0.25,"v":-3.0}"#
        );
        let v = parse(&out).unwrap();
        assert_eq!(v.need("s").unwrap().str().unwrap(), "a\"b\\c\n\u{1}é");
        assert_eq!(v.need("t").unwrap().f64().unwrap(), 1_700_000_000_000.0);
    }
}
