//! The STAX table's coordinates stay readable: the colour of each label against what it is
//! drawn on (the felt under an empty cell's faint fill, a target's green tint, the last
//! move's yellow tint, a hint's blue) has a contrast ratio of at least 3, read from
//! `static/style.css` as the browser paints it.

/// The declarations of the rule whose selector list holds `selector` exactly (the last such
/// rule, as the cascade would have it for rules of one specificity).
fn rule(css: &str, selector: &str) -> String {
    let mut found = None;
    let mut rest = css;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let head = rest[..open].rsplit(['}', '\n']).next().unwrap_or("");
        let head = head.rsplit("*/").next().unwrap_or(head);
        if head.split(',').any(|s| s.trim() == selector) {
            found = Some(rest[open + 1..open + close].to_string());
        }
        rest = &rest[open + close + 1..];
    }
    found.unwrap_or_else(|| panic!("no rule for {selector}"))
}

/// The `fill` of the rule for `selector`, as red, green, blue (0 to 255) and opacity.
fn fill(css: &str, selector: &str) -> [f64; 4] {
    let body = rule(css, selector);
    let value = body
        .split(';')
        .filter_map(|d| d.split_once(':'))
        .find(|(p, _)| p.trim() == "fill")
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_else(|| panic!("no fill for {selector}"));
    colour(&value)
}

fn colour(value: &str) -> [f64; 4] {
    if let Some(hex) = value.strip_prefix('#') {
        let hex: String = if hex.len() == 3 {
            hex.chars().flat_map(|c| [c, c]).collect()
        } else {
            hex.to_string()
        };
        let part = |k: usize| f64::from(u8::from_str_radix(&hex[k..k + 2], 16).expect("hex"));
        return [part(0), part(2), part(4), 1.0];
    }
    let inner = value
        .trim_start_matches("rgba(")
        .trim_start_matches("rgb(")
        .trim_end_matches(')');
    let parts: Vec<f64> = inner
        .split(',')
        .map(|p| p.trim().parse().expect("a number"))
        .collect();
    [
        parts[0],
        parts[1],
        parts[2],
        parts.get(3).copied().unwrap_or(1.0),
    ]
}

/// `top` painted over the opaque `under`.
fn over(top: [f64; 4], under: [f64; 4]) -> [f64; 4] {
    let a = top[3];
    [0, 1, 2]
        .map(|k| top[k] * a + under[k] * (1.0 - a))
        .into_iter()
        .chain([1.0])
        .collect::<Vec<_>>()
        .try_into()
        .expect("four")
}

fn luminance(c: [f64; 4]) -> f64 {
    let lin = |v: f64| {
        let s = v / 255.0;
        if s <= 0.039_28 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

fn contrast(a: [f64; 4], b: [f64; 4]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn coordinates_contrast_with_what_they_are_drawn_on() {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/static/style.css"))
        .expect("the stylesheet");
    let felt = fill(&css, ".stax-board .felt");
    let plain = fill(&css, ".stax-board .coords text");
    let tinted = fill(&css, ".stax-board .coords .on-target");
    assert_eq!(tinted, fill(&css, ".stax-board .coords .on-last"));
    let cases = [
        ("an empty cell", plain, ".stax-board .hex"),
        ("a target", tinted, ".stax-board .cell.target .hex"),
        (
            "a cell of the last move",
            tinted,
            ".stax-board .cell.last .hex",
        ),
        (
            "a hint's cell",
            tinted,
            ".hinting .stax-board .cell.last .hex",
        ),
    ];
    for (what, text, cell) in cases {
        let ground = over(fill(&css, cell), felt);
        let ratio = contrast(over(text, ground), ground);
        assert!(
            ratio >= 3.0,
            "the coordinates on {what}: contrast {ratio:.2}"
        );
    }
}

#[test]
fn contrast_is_measured_as_the_guidelines_do() {
    let (black, white) = (colour("#000"), colour("#ffffff"));
    assert!((contrast(black, white) - 21.0).abs() < 1e-9);
    assert!((contrast(colour("#777"), white) - 4.48).abs() < 0.01);
    assert_eq!(over(colour("rgba(255, 255, 255, .5)"), black)[0], 127.5);
    let css = "a { fill: #111; }\n.x .y, .z { stroke: red; fill: rgba(1, 2, 3, .5); }";
    assert_eq!(fill(css, ".z"), [1.0, 2.0, 3.0, 0.5]);
}
