//! The app's own JSON reader and writer (`src/json.rs`) checked against `serde_json`: what
//! either one writes, the other reads the same; big numbers are kept exactly or refused, never
//! rounded; and a text one refuses, the other refuses for the same kind of reason.
//!
//! The differences, on purpose: json.rs keeps an object's members in order, duplicates included
//! (`serde_json` keeps the last); it keeps every number as its text, so a number beyond an
//! `f64` (`1e400`) reads (its `f64()` is refused) where `serde_json` refuses the whole text;
//! and a `\u` escape cut short after a character that is no hex digit (`"\uu`) is not JSON to
//! json.rs but cut short to `serde_json`, which counts four characters before it looks at them
//! (json.rs is right: nothing added after it makes JSON of it).
#![cfg(not(target_arch = "wasm32"))]

use std::io;

use proptest::prelude::*;
use serde::Serialize as _;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter, Serializer};
use serde_json::{Map, Number, Value};
use stackplay::json::{self, Json, JsonError, Problem};

/// A tree read by json.rs as `serde_json` holds it: a number as `serde_json` reads the text
/// json.rs kept, a member written twice as its last one (as `serde_json` keeps it).
///
/// # Errors
/// A number `serde_json` refuses (beyond an `f64`), with its text.
fn to_serde(j: &Json) -> Result<Value, String> {
    Ok(match j {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Num(text) => {
            let n: Number = serde_json::from_str(text).map_err(|_| text.clone())?;
            Value::Number(n)
        }
        Json::Str(s) => Value::String(s.clone()),
        Json::Arr(items) => Value::Array(items.iter().map(to_serde).collect::<Result<_, _>>()?),
        Json::Obj(members) => {
            let mut map = Map::new();
            for (key, value) in members {
                map.insert(key.clone(), to_serde(value)?);
            }
            Value::Object(map)
        }
    })
}

/// The text read by json.rs, as `serde_json` holds it.
fn json_rs_reads(text: &str) -> Value {
    let tree = json::parse(text).unwrap_or_else(|e| panic!("json.rs refuses {text:?}: {e:?}"));
    to_serde(&tree).unwrap_or_else(|n| panic!("json.rs kept {n:?} from {text:?}"))
}

/// A `serde_json` formatter that writes every character beyond ASCII as `\u` escapes (astral
/// ones as surrogate pairs, in upper-case hex) and `/` as `\/`, so that json.rs's reading of
/// escapes is checked too (`serde_json` itself writes them as they are).
struct Escaping;

impl Formatter for Escaping {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        for c in fragment.chars() {
            match c {
                '/' => writer.write_all(b"\\/")?,
                c if c.is_ascii() => writer.write_all(&[c as u8])?,
                c => {
                    for unit in c.encode_utf16(&mut [0; 2]) {
                        write!(writer, "\\u{unit:04X}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// `value` as `serde_json` writes it: compact, pretty (indented, so with whitespace everywhere
/// json.rs must skip it) or with escapes ([`Escaping`]).
fn serde_writes(value: &Value, style: u8) -> String {
    let mut out = Vec::new();
    let written = match style % 3 {
        0 => value.serialize(&mut Serializer::with_formatter(&mut out, CompactFormatter)),
        1 => value.serialize(&mut Serializer::with_formatter(
            &mut out,
            PrettyFormatter::with_indent(b"\t "),
        )),
        _ => value.serialize(&mut Serializer::with_formatter(&mut out, Escaping)),
    };
    written.expect("a Value always writes");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Characters that strings are made of: any at all, and more often the ones JSON escapes
/// (control characters, quotes, backslashes), astral ones (two UTF-16 units when escaped) and
/// a few that are easy to get wrong (DEL, the line separators, a byte order mark).
fn a_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>(),
        2 => proptest::char::range('\0', '\u{1f}'),
        2 => prop::sample::select(vec![
            '"', '\\', '/', 'u', '\u{7f}', '\u{2028}', '\u{feff}', 'é'
        ]),
        1 => proptest::char::range('\u{10000}', '\u{10ffff}'),
        2 => proptest::char::range(' ', '~'),
    ]
}

fn a_string() -> impl Strategy<Value = String> {
    prop::collection::vec(a_char(), 0..10).prop_map(String::from_iter)
}

/// Numbers: any `u64` or `i64` (their extremes more often), any finite `f64`.
fn a_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<u64>().prop_map(Number::from),
        any::<i64>().prop_map(Number::from),
        prop::sample::select(vec![
            Number::from(u64::MAX),
            Number::from(u64::MAX - 1),
            Number::from(i64::MIN),
            Number::from(i64::MAX),
            Number::from(1u64 << 53),
            Number::from((1u64 << 53) + 1),
            Number::from(0u64),
        ]),
        any::<f64>().prop_filter_map("finite", Number::from_f64),
    ]
}

/// Any value `serde_json` holds, nested a few levels deep.
fn a_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        a_number().prop_map(Value::Number),
        a_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((a_string(), inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

/// A value as the app writes one, with json.rs's helpers (whole numbers as `record.rs` writes
/// a seed, with `to_string`).
#[derive(Debug, Clone)]
enum Written {
    Null,
    Bool(bool),
    Whole(u64),
    Float(f64),
    Str(String),
    Arr(Vec<Written>),
    /// Members with distinct keys.
    Obj(Vec<(String, Written)>),
}

fn write(out: &mut String, w: &Written) {
    match w {
        Written::Null => out.push_str("null"),
        Written::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Written::Whole(n) => out.push_str(&n.to_string()),
        Written::Float(x) => json::write_f64(out, *x),
        Written::Str(s) => json::write_str(out, s),
        Written::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(out, item);
            }
            out.push(']');
        }
        Written::Obj(members) => {
            out.push('{');
            for (key, value) in members {
                json::write_key(out, key);
                write(out, value);
            }
            out.push('}');
        }
    }
}

/// Any finite float, often one of the app's kind (a time in milliseconds), or a large one.
fn a_float() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        0.0..2e12,
        (0u64..2_000_000_000_000_000).prop_map(|micro| micro as f64 / 1000.0),
        a_large_float(),
    ]
}

/// A finite float of at least 1e15, either sign.
fn a_large_float() -> impl Strategy<Value = f64> {
    (1072u64..2047, 0u64..1 << 52, any::<bool>())
        .prop_map(|(exponent, fraction, negative)| {
            f64::from_bits(u64::from(negative) << 63 | exponent << 52 | fraction)
        })
        .prop_filter("at least 1e15", |x| x.abs() >= 1e15)
}

fn a_written() -> impl Strategy<Value = Written> {
    let leaf = prop_oneof![
        Just(Written::Null),
        any::<bool>().prop_map(Written::Bool),
        any::<u64>().prop_map(Written::Whole),
        a_float().prop_map(Written::Float),
        a_string().prop_map(Written::Str),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Written::Arr),
            prop::collection::btree_map(a_string(), inner, 0..6)
                .prop_map(|members| Written::Obj(members.into_iter().collect())),
        ]
    })
}

/// How far a float written by `write_f64` may read back from `x`: not at all from 2^33 (about
/// 8.6e9, any time in milliseconds since 1970) on, where a float's spacing is more than the
/// six decimals written can miss; below, the six decimals' rounding and a unit of the reading.
fn write_f64_slack(x: f64) -> f64 {
    if x.abs() >= 8_589_934_592.0 {
        0.0
    } else {
        0.5e-6 + 2.0 * f64::EPSILON * x.abs()
    }
}

/// `serde_json`'s reading of what was written from `w` is `w`.
fn assert_reads_as_written(w: &Written, v: &Value) -> Result<(), TestCaseError> {
    match (w, v) {
        (Written::Null, Value::Null) => {}
        (Written::Bool(a), Value::Bool(b)) => prop_assert_eq!(a, b),
        (Written::Whole(n), Value::Number(m)) => prop_assert_eq!(Some(*n), m.as_u64()),
        (Written::Float(x), Value::Null) => prop_assert!(!x.is_finite(), "{x:e} written as null"),
        (Written::Float(x), Value::Number(m)) => {
            let read = m.as_f64().unwrap_or(f64::NAN);
            prop_assert!(
                (read - x).abs() <= write_f64_slack(*x),
                "{x:e} ({x:?}) read back as {read:?}"
            );
        }
        (Written::Str(a), Value::String(b)) => prop_assert_eq!(a, b),
        (Written::Arr(a), Value::Array(b)) => {
            prop_assert_eq!(a.len(), b.len());
            for (a, b) in a.iter().zip(b) {
                assert_reads_as_written(a, b)?;
            }
        }
        (Written::Obj(a), Value::Object(b)) => {
            prop_assert_eq!(a.len(), b.len());
            for (key, a) in a {
                let b = b.get(key);
                prop_assert!(b.is_some(), "{key:?} is missing");
                assert_reads_as_written(a, b.unwrap_or(&Value::Null))?;
            }
        }
        (w, v) => prop_assert!(false, "{w:?} read back as {v:?}"),
    }
    Ok(())
}

/// The distance between two floats, in units in the last place (0 when equal).
fn ulps(a: f64, b: f64) -> u64 {
    let key = |x: f64| {
        // The bits, ordered as the floats are (-0.0 and 0.0 both 0).
        let bits = x.to_bits() as i64;
        if bits < 0 {
            i64::MIN - bits
        } else {
            bits
        }
    };
    key(a).abs_diff(key(b))
}

/// A text's number read as a float by json.rs: within a unit in the last place of the
/// correctly rounded reading, or refused; never refused when written as zero or in the range
/// of the app's times.
fn assert_f64_reads(text: &str) -> Result<(), TestCaseError> {
    let exact: f64 = text.parse().expect("a JSON number is a Rust float");
    let digits = text.split(['e', 'E']).next().unwrap_or(text);
    let zero = !digits.bytes().any(|b| (b'1'..=b'9').contains(&b));
    match json::parse(text).map(|n| n.f64()) {
        Ok(Ok(read)) => prop_assert!(
            ulps(read, exact) <= 1,
            "{text} read as {read:e}, not {exact:e}"
        ),
        Ok(Err(_)) => prop_assert!(
            !(zero || (1e-3..=1e22).contains(&exact.abs())),
            "{text} refused by f64()"
        ),
        Err(e) => prop_assert!(false, "{text} not read: {e:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// 1. What `serde_json` writes, json.rs reads the same.
    #[test]
    fn what_serde_json_writes_json_rs_reads_the_same(value in a_value(), style in 0u8..3) {
        let text = serde_writes(&value, style);
        // The reference is serde_json's own reading (a float it wrote reads back the same).
        let serde_reads: Value = serde_json::from_str(&text).expect("serde_json reads itself");
        prop_assert_eq!(&serde_reads, &value);
        prop_assert_eq!(json_rs_reads(&text), serde_reads, "{}", text);
    }

    /// 1. A number `serde_json` writes is kept as it was written, and reads as a float within
    /// a unit in the last place.
    #[test]
    fn numbers_are_kept_as_written(n in a_number()) {
        let text = n.to_string();
        prop_assert_eq!(json::parse(&text), Ok(Json::Num(text.clone())));
        assert_f64_reads(&text)?;
        if let Some(whole) = n.as_u64() {
            prop_assert_eq!(json::parse(&text).and_then(|j| j.u64()), Ok(whole));
        }
    }

    /// 2. What json.rs writes, `serde_json` reads as written, and json.rs the same as it.
    #[test]
    fn what_json_rs_writes_serde_json_reads_the_same(w in a_written()) {
        let mut text = String::new();
        write(&mut text, &w);
        let serde_reads: Value = serde_json::from_str(&text)
            .map_err(|e| TestCaseError::fail(format!("serde_json refuses {text:?}: {e}")))?;
        assert_reads_as_written(&w, &serde_reads)?;
        prop_assert_eq!(json_rs_reads(&text), serde_reads, "{}", text);
    }

    /// 2, 3. `write_f64` writes a float of 1e15 or more exactly (every digit), and a smaller
    /// one so that it reads back as in [`write_f64_slack`]; json.rs reads either within a unit
    /// in the last place, or refuses it (a float beyond 1e22 or so, never a time).
    #[test]
    fn write_f64_keeps_its_float(x in a_float()) {
        let mut text = String::new();
        json::write_f64(&mut text, x);
        if !x.is_finite() {
            prop_assert_eq!(text, "null");
            return Ok(());
        }
        let read: f64 = text.parse().expect("a JSON number is a Rust float");
        prop_assert!((read - x).abs() <= write_f64_slack(x), "{:e} written as {}", x, text);
        if x.abs() >= 1e15 {
            prop_assert_eq!(read.to_bits(), x.to_bits(), "{:e} written as {}", x, text);
        }
        assert_f64_reads(&text)?;
    }

    /// 3. Any decimal (up to 20 digits, its last one's power of ten often near the edge of
    /// what `f64()` reads, 10^±22): within a unit in the last place of the correct reading, or
    /// refused.
    #[test]
    fn decimals_read_as_floats_closely_or_not_at_all(
        m in prop_oneof![any::<u64>(), 0u64..1_000_000_000_000],
        point in 0usize..20,
        last in prop_oneof![2 => -32i32..-18, 2 => 18i32..32, 1 => -345i32..310],
        negative in any::<bool>(),
    ) {
        let digits = m.to_string();
        let (whole, fraction) = digits.split_at(digits.len() - point.min(digits.len() - 1));
        let sign = if negative { "-" } else { "" };
        let point = if fraction.is_empty() { "" } else { "." };
        let exponent = last + i32::try_from(fraction.len()).unwrap_or(0);
        assert_f64_reads(&format!("{sign}{whole}{point}{fraction}e{exponent}"))?;
    }

    /// 3. Any 64-bit whole number (a seed) reads exactly, as `serde_json` reads it.
    #[test]
    fn whole_numbers_read_exactly(n in any::<u64>()) {
        let text = n.to_string();
        let tree = json::parse(&text).expect("a whole number");
        prop_assert_eq!(tree.u64(), Ok(n));
        prop_assert_eq!(tree.whole::<u64>(), Ok(n));
        prop_assert_eq!(tree.whole::<u32>().ok(), u32::try_from(n).ok());
        prop_assert_eq!(tree.whole::<i64>().ok(), i64::try_from(n).ok());
        prop_assert_eq!(serde_json::from_str::<u64>(&text).ok(), Some(n));
    }

    /// 4. A text `serde_json` refuses, json.rs refuses, and for the same kind of reason (cut
    /// short, or not JSON), but for the differences told at the top; a text it reads, json.rs
    /// reads the same.
    #[test]
    fn damaged_texts_are_refused_alike(
        value in a_value(),
        w in a_written(),
        style in 0u8..4,
        damage in prop::collection::vec(
            (0u8..5, any::<prop::sample::Index>(), a_damaging_char()),
            1..4,
        ),
    ) {
        let text = if style == 3 {
            let mut text = String::new();
            write(&mut text, &w);
            text
        } else {
            serde_writes(&value, style)
        };
        let mut chars: Vec<char> = text.chars().collect();
        for (kind, at, c) in damage {
            let at = at.index(chars.len() + 1);
            match kind {
                0 => chars.truncate(at),
                1 if at < chars.len() => { chars.remove(at); }
                2 => chars.insert(at, c),
                3 if at < chars.len() => chars[at] = c,
                _ => {
                    // A few characters repeated.
                    let end = (at + 3).min(chars.len());
                    let part: Vec<char> = chars[at..end].to_vec();
                    chars.splice(at..at, part);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        agree(&text)?;
    }
}

/// Characters that damage a JSON text most often in interesting ways.
fn a_damaging_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(
            "{}[],:\"\\/ \n\t\r0123456789-+.eEtrufalsnbx".chars().collect::<Vec<_>>()
        ),
        1 => a_char(),
    ]
}

/// json.rs and `serde_json` agree on `text`: both read it the same, or both refuse it for the
/// same kind of reason, or `serde_json` refuses a number beyond an `f64` that json.rs keeps.
fn agree(text: &str) -> Result<(), TestCaseError> {
    let ours = json::parse(text);
    match serde_json::from_str::<Value>(text) {
        Ok(theirs) => {
            let ours = ours.map_err(|e| {
                TestCaseError::fail(format!(
                    "json.rs refuses {text:?} ({e:?}), serde_json reads it"
                ))
            })?;
            prop_assert_eq!(to_serde(&ours), Ok(theirs), "{:?}", text);
        }
        Err(e) if e.to_string().starts_with("number out of range") => {
            // The difference told at the top: json.rs keeps the number (and f64() refuses it).
            if let Ok(ours) = ours {
                let refused = to_serde(&ours);
                prop_assert!(refused.is_err(), "{text:?}: serde_json says {e}");
                let number = refused.unwrap_err();
                prop_assert!(json::parse(&number).and_then(|n| n.f64()).is_err());
            }
        }
        Err(e) if bad_hex_escape_at_the_end(text, &ours) => {
            prop_assert!(e.is_eof(), "{text:?}: serde_json says {e}");
        }
        Err(e) => {
            let kind = match e.classify() {
                serde_json::error::Category::Eof => Problem::CutShort,
                _ => Problem::NotJson,
            };
            prop_assert_eq!(
                ours.map_err(|e| e.problem),
                Err(kind),
                "{:?}: serde_json says {}",
                text,
                e
            );
        }
    }
    Ok(())
}

/// Whether json.rs refuses `text` as not JSON at a character that is no hex digit, in a `\u`
/// escape less than four characters from the end (where `serde_json` says it is cut short).
fn bad_hex_escape_at_the_end(text: &str, ours: &Result<Json, JsonError>) -> bool {
    let Err(e) = ours else {
        return false;
    };
    let line_start: usize = text.split('\n').take(e.line - 1).map(|l| l.len() + 1).sum();
    let at = line_start + e.column - 1;
    let bytes = text.as_bytes();
    e.problem == Problem::NotJson
        && bytes.get(at).is_some_and(|b| !b.is_ascii_hexdigit())
        && bytes[..at]
            .windows(2)
            .rposition(|w| w == b"\\u")
            .is_some_and(|u| at - u < 6 && text.len() - (u + 2) < 4)
}

#[test]
fn the_differences_with_serde_json() {
    // A member twice: json.rs keeps both, in order (a record's reader then refuses it);
    // serde_json keeps the last.
    let text = r#"{"a":1,"b":2,"a":3}"#;
    let ours = json::parse(text).expect("JSON");
    assert_eq!(
        ours.members().map(<[_]>::len),
        Some(3),
        "json.rs keeps duplicates"
    );
    assert_eq!(ours.field("a"), Err(JsonError::shape()));
    assert_eq!(
        to_serde(&ours),
        serde_json::from_str(text).map_err(|_| String::new())
    );
    // A number beyond an f64: json.rs keeps it, and refuses it as a float.
    for big in ["1e400", "-1e400", "[1.5e309]"] {
        assert!(serde_json::from_str::<Value>(big).is_err(), "{big}");
        let ours = json::parse(big).expect("JSON");
        let number = ours.items().map_or(&ours, |items| &items[0]);
        assert_eq!(number.f64(), Err(JsonError::shape()), "{big}");
    }
    // A `\u` escape cut short after a character that is no hex digit.
    for text in [r#""\uu"#, r#""\u0x"#, r#"["\u12G"#, r#""\ud83d\uz"#] {
        let serde_says = serde_json::from_str::<Value>(text);
        assert!(serde_says.is_err_and(|e| e.is_eof()), "{text}");
        assert_eq!(
            json::parse(text).map_err(|e| e.problem),
            Err(Problem::NotJson)
        );
        agree(text).expect("the difference told");
    }
    // As deep as serde_json reads, and no deeper.
    for depth in [json::MAX_DEPTH - 1, json::MAX_DEPTH, json::MAX_DEPTH + 1] {
        for open in ["[", "{\"a\":"] {
            let close = if open == "[" { "]" } else { "}" };
            let text = format!("{}0{}", open.repeat(depth), close.repeat(depth));
            assert_eq!(
                json::parse(&text).is_ok(),
                serde_json::from_str::<Value>(&text).is_ok(),
                "{depth} deep"
            );
            assert_eq!(json::parse(&text).is_ok(), depth <= json::MAX_DEPTH);
            agree(&open.repeat(depth)).expect("refused alike");
        }
    }
}

#[test]
fn numbers_above_1e15_are_kept_exactly_or_refused() {
    let read = |text: &str| json::parse(text).expect("a number");
    // Whole numbers: exact, up to u64::MAX.
    for n in [
        1_000_000_000_000_001,
        (1 << 53) + 1,
        123_456_789_012_345_678,
        i64::MAX as u64,
        u64::MAX - 1,
        u64::MAX,
    ] {
        let text = n.to_string();
        assert_eq!(read(&text).u64(), Ok(n), "{text}");
        assert_eq!(read(&text).whole::<u64>(), Ok(n), "{text}");
        assert_eq!(
            read(&text).whole::<u32>(),
            Err(JsonError::shape()),
            "{text}"
        );
        assert_eq!(read(&text).whole::<i64>().ok(), i64::try_from(n).ok());
    }
    // Refused, not rounded or cut to fit: beyond u64::MAX, or not written as a whole number.
    for refused in [
        "18446744073709551616",
        "100000000000000000000",
        "9007199254740993.0",
        "9.007199254740993e15",
        "1e16",
        "-1",
    ] {
        assert_eq!(read(refused).u64(), Err(JsonError::shape()), "{refused}");
        assert_eq!(read(refused).whole::<u64>(), Err(JsonError::shape()));
    }
    // As a float (a time, never a seed): the nearest float, as a correct reading gives it;
    // beyond what can be read so closely by hand, refused.
    for (text, float) in [
        ("9007199254740993", 9_007_199_254_740_992.0),
        ("123456789012345678", 123_456_789_012_345_680.0),
        ("1e22", 1e22),
        ("1e30", 1e30),
        ("0e400", 0.0),
    ] {
        assert_eq!(read(text).f64(), Ok(float), "{text}");
    }
    for text in [
        "18446744073709551615",
        "1764170000123.123456",
        "1.2345678901234567e21",
    ] {
        let float = read(text).f64().expect("a float");
        assert!(ulps(float, text.parse().expect("a float")) <= 1, "{text}");
    }
    // Decimals that a power of ten beyond 10^22 would read two units off (found by
    // `decimals_read_as_floats_closely_or_not_at_all` when `f64()` took powers up to 10^30).
    for text in [
        "13843996251296175370e-30",
        "11356506304408710708e-26",
        "127034865.91059308810e-19",
        "2802880668697963264e25",
    ] {
        assert_f64_reads(text).unwrap_or_else(|e| panic!("{e}"));
    }
    for refused in [
        "1e300",
        "1.7976931348623157e308",
        "1.2345678901234567e-300",
        "1e-320",
        "1e400",
    ] {
        assert_eq!(read(refused).f64(), Err(JsonError::shape()), "{refused}");
    }
    // Written: every digit of a large float, never rounded or capped.
    for x in [
        1e15,
        -1e15,
        9_007_199_254_740_992.0,
        9_007_199_254_740_994.0,
        123_456_789_012_345_680.0,
        18_446_744_073_709_549_568.0, // the float below 2^64
        18_446_744_073_709_551_616.0, // 2^64
        1e300,
        f64::MAX,
        -f64::MAX,
        -1e20,
    ] {
        let mut text = String::new();
        json::write_f64(&mut text, x);
        assert_eq!(text.parse::<f64>(), Ok(x), "{x:e} written as {text}");
        assert_eq!(serde_json::from_str::<f64>(&text).ok(), Some(x), "{text}");
        assert!(text.ends_with(".0"), "{text}");
    }
    let mut text = String::new();
    json::write_f64(&mut text, 18_446_744_073_709_551_616.0);
    assert_eq!(text, "18446744073709551616.0");
    text.clear();
    json::write_f64(&mut text, 1e23);
    assert_eq!(text, "99999999999999991611392.0");
}
