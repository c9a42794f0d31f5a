//! The keys under the Stack Control and STAX boards ("What the marks mean",
//! `static/keys/stack-control.html` and `static/keys/stax.html`, fetched when the player opens
//! one), drawn by the boards' own code.
//!
//! Each picture is a square or a few cells of the board, drawn by the game's `view_draw` (its
//! stacks, tiles, badges, ghost and captured king) inside the square or cell its `view.rs`
//! draws, and rendered to HTML natively by Yew's server-side renderer, with a sentence. The
//! test checks that those squares and cells are the ones the boards draw: every square or cell
//! of a whole board, rendered as the play page mounts it, equals what this file draws for it.
//! Marks the board shows only in a state no picture has (the keyboard's focus, a capture's
//! flash, a hint; a last move, whose colours a hint changes) carry the CSS rule
//! `static/style.css` gives them, inlined from it.
//!
//! The test fails when a key differs from what it would write; after changing a board or its
//! CSS, `UPDATE_BOARD_KEYS=1 cargo test --test board_keys` writes them again.
//!
//! Native only, with the UI: Yew's server-side renderer is a native dev-dependency.
#![cfg(all(feature = "ui", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};
use std::rc::Rc;

use stackplay::core::Viewer;
use stackplay::games::stack_control::view_draw as sc_draw;
use stackplay::games::stack_control::{Colour as ScColour, Pyramid, Size, Square, StackControl};
use stackplay::games::stax::view_draw as stax_draw;
use stackplay::games::stax::view_table::{centre, hex_points, SIZE};
use stackplay::games::stax::{Cell, Stax, Tile};
use stackplay::registry;
use stackplay::ui::game_view::{num, AnyBoardProps};
use yew::prelude::*;

mod board_render;

use board_render::render;

// ---------------------------------------------------------------------------------------
// Rendering

/// The whole board of `slug` after `moves` from `position`, drawn as the play page draws it
/// (the last move shown, not moving), offering moves when `can_move`; and the position it
/// shows.
fn whole_board(
    slug: &'static str,
    position: &str,
    moves: &[&str],
    can_move: bool,
) -> (String, String) {
    let mut game = registry::load(slug, position).expect("a position");
    let mut before = None;
    for mv in moves {
        before = Some(Rc::from(game.clone_box()));
        game.play(mv).expect("a legal move");
    }
    let players = board_render::players(game.as_ref());
    let shown = game.position();
    let board = AnyBoardProps {
        position: Rc::from(game),
        before,
        last_move: moves.last().map(|m| m.to_string()),
        marks: Vec::new(),
        ply: moves.len(),
        viewer: Viewer::Everyone,
        players,
        can_move,
        on_move: Callback::noop(),
    };
    let html = board_render::render_board(slug, board);
    (html, shown)
}

/// Where the next `<g` element opens in `html` from `from`.
fn next_g(html: &str, from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        let i = html[at..].find("<g").map(|i| at + i)?;
        if matches!(html.as_bytes().get(i + 2), Some(b' ' | b'>')) {
            return Some(i);
        }
        at = i + 2;
    }
}

/// The `<g>` element opening at `start`, whole (nested ones included).
fn g_element(html: &str, start: usize) -> &str {
    let mut depth = 0usize;
    let mut at = start;
    loop {
        let open = next_g(html, at);
        let close = html[at..].find("</g>").map(|i| at + i).expect("closed");
        match open {
            Some(o) if o < close => {
                depth += 1;
                at = o + 2;
            }
            _ => {
                depth -= 1;
                at = close + "</g>".len();
                if depth == 0 {
                    return &html[start..at];
                }
            }
        }
    }
}

/// Every element `<g ... {attribute}="..." ...>` of `html`, whole, by the attribute's value.
fn elements_by<'a>(html: &'a str, attribute: &str) -> Vec<(String, &'a str)> {
    let needle = format!(" {attribute}=\"");
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = html[from..].find(&needle).map(|i| from + i) {
        let value_at = at + needle.len();
        let value_end = value_at + html[value_at..].find('"').expect("an attribute ends");
        let start = html[..at].rfind("<g").expect("a <g> element");
        let element = g_element(html, start);
        out.push((html[value_at..value_end].to_string(), element));
        from = start + element.len();
    }
    out
}

fn remove_attribute(s: &str, name: &str) -> String {
    let needle = format!(" {name}=\"");
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(&needle) {
        out.push_str(&rest[..at]);
        let value = &rest[at + needle.len()..];
        let end = value.find('"').expect("an attribute ends");
        rest = &value[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `html` without its `<title>` elements (tool tips, which a key's picture does not need).
fn remove_titles(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<title>") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("</title>").expect("a title ends");
        rest = &rest[at + end + "</title>".len()..];
    }
    out.push_str(rest);
    out
}

/// A board's square or cell made a picture: nothing to tap, focus or announce, no tool tip.
fn make_static(element: &str) -> String {
    let mut out = remove_titles(element);
    for attribute in [
        "data-square",
        "data-cell",
        "data-height",
        "role",
        "tabindex",
        "aria-label",
        "aria-pressed",
    ] {
        out = remove_attribute(&out, attribute);
    }
    out
}

// ---------------------------------------------------------------------------------------
// The page's stylesheet

/// `static/style.css`, without its comments.
fn stylesheet() -> String {
    let css = std::fs::read_to_string(static_dir().join("style.css")).expect("the stylesheet");
    let mut out = String::new();
    let mut rest = css.as_str();
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("*/").expect("a comment ends");
        rest = &rest[at + end + 2..];
    }
    out.push_str(rest);
    out
}

/// The declarations of the first rule of `css` whose selectors include `selector`, as a
/// `style` attribute's value ("fill:#f3e28e;stroke:#3d85d6"), each `var(--name)` replaced
/// by its value in `:root`.
fn rule(css: &str, selector: &str) -> String {
    let rules = css.split('}').filter_map(|chunk| {
        let (head, body) = chunk.rsplit_once('{')?;
        // Inside an at-rule's block, the selectors follow its opening brace.
        let selectors = head.rsplit('{').next().unwrap_or(head);
        Some((selectors, body))
    });
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let body = rules
        .clone()
        .find(|(selectors, _)| selectors.split(',').any(|s| words(s) == selector))
        .map(|(_, body)| body)
        .unwrap_or_else(|| panic!("no CSS rule for {selector}"));
    let root = rules
        .clone()
        .find(|(selectors, _)| selectors.trim() == ":root")
        .map(|(_, body)| body)
        .expect(":root");
    let value_of = |name: &str| {
        root.split(';')
            .filter_map(|d| d.split_once(':'))
            .find(|(n, _)| n.trim() == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_else(|| panic!("no {name} in :root"))
    };
    body.split(';')
        .filter_map(|d| d.split_once(':'))
        .map(|(name, value)| {
            let value = value.trim();
            let value = match value.strip_prefix("var(").and_then(|v| v.strip_suffix(')')) {
                Some(var) => value_of(var),
                None => value.to_string(),
            };
            format!("{}:{value}", name.trim())
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The value of `property` in a `style` value made by [`rule`].
fn property(style: &str, name: &str) -> String {
    style
        .split(';')
        .filter_map(|d| d.split_once(':'))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_string())
        .unwrap_or_else(|| panic!("no {name} in {style}"))
}

/// The fill a capture's flash starts from (`@keyframes flash { 0% { fill: ...; } ... }`).
fn flash_fill(css: &str) -> String {
    let at = css.find("@keyframes flash").expect("the flash");
    let from = &css[at..][css[at..].find("0%").expect("its start")..];
    let fill = &from[from.find("fill:").expect("a fill") + "fill:".len()..];
    fill[..fill.find(';').expect("a declaration ends")]
        .trim()
        .to_string()
}

// ---------------------------------------------------------------------------------------
// A key

fn static_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("static")
}

/// One line of a key: a picture (an SVG of the board's classes `class`, showing `view_box`
/// of the board) and its sentence.
struct Entry {
    view_box: String,
    picture: String,
    words: &'static str,
}

/// A key's file: its `<ul>`, one `<li>` a line.
fn key_file(slug: &str, class: &str, entries: &[Entry]) -> String {
    let mut out = format!(
        "<!-- The key under the {slug} board (\"What the marks mean\"), drawn by the board's own code (tests/board_keys.rs writes it: UPDATE_BOARD_KEYS=1 cargo test --test board_keys); fetched when the player opens it. -->\n<ul>\n"
    );
    for e in entries {
        let words = render(html! { { e.words } });
        out.push_str(&format!(
            "<li><svg viewBox=\"{}\" aria-hidden=\"true\" class=\"{class}\">{}</svg>{words}</li>\n",
            e.view_box, e.picture
        ));
    }
    out.push_str("</ul>\n");
    out
}

/// `key`, compared with its file, or written into it when `UPDATE_BOARD_KEYS` is set.
fn check_or_write(slug: &str, key: &str) {
    let path = static_dir().join(format!("keys/{slug}.html"));
    if std::env::var_os("UPDATE_BOARD_KEYS").is_some() {
        std::fs::write(&path, key).expect("write the key");
        println!("{slug}: key written");
        return;
    }
    let now = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        now == key,
        "static/keys/{slug}.html differs from what the board draws now (run UPDATE_BOARD_KEYS=1 cargo test --test board_keys)"
    );
}

// ---------------------------------------------------------------------------------------
// Stack Control

/// One square as Stack Control's `view.rs` draws it (its `square`), with no move under way:
/// the square (its rect given `style` when a picture needs it), the stack, then `over` (what
/// a capture took, in a picture), and a landing square's ring.
fn sc_square(
    class: &str,
    sq: Square,
    stack: &[Pyramid],
    style: Option<String>,
    over: Html,
    target: bool,
) -> Html {
    let (x, y) = sc_draw::square_xy(sq);
    html! {
        <g class={class.to_string()}>
            <rect x={num(x)} y={num(y)} width="100" height="100" {style}
                class={if (sq.file() + sq.rank()) % 2 == 0 { "sq dark" } else { "sq light" }} />
            { sc_draw::stack_shapes(stack, (x, y), 0, (0.0, 0.0), (false, 0)) }
            { over }
            if target {
                <circle cx={num(x + 50.0)} cy={num(y + 50.0)} r="44" class="target-ring" />
            }
        </g>
    }
}

/// The outline of the picked stack's square, as `view.rs` draws it over every square.
fn sc_outline(sq: Square) -> Html {
    let (x, y) = sc_draw::square_xy(sq);
    html! {
        <rect class="selection-outline" pointer-events="none"
            x={num(x + 4.0)} y={num(y + 4.0)} width="92" height="92" />
    }
}

/// Pyramids from their marks, bottom to top ("G3 Y2 R1").
fn pyramids(marks: &str) -> Vec<Pyramid> {
    marks
        .split_whitespace()
        .map(|m| {
            let mut chars = m.chars();
            let colour = chars
                .next()
                .and_then(ScColour::from_letter)
                .expect("a colour");
            let pips = chars.next().and_then(|c| c.to_digit(10)).expect("pips");
            let size = u8::try_from(pips)
                .ok()
                .and_then(Size::from_pips)
                .expect("a size");
            Pyramid { colour, size }
        })
        .collect()
}

fn stack_control_key() -> String {
    let css = stylesheet();
    // A light square and a dark one (a1 is dark).
    let light = Square::new(2, 3).expect("c4");
    let dark = Square::new(3, 3).expect("d4");
    let entry = |sq: Square, picture: Html, words: &'static str| {
        let (x, y) = sc_draw::square_xy(sq);
        Entry {
            view_box: format!("{} {} 100 100", num(x), num(y)),
            picture: render(picture),
            words,
        }
    };
    let square = |class: &str, sq: Square, marks: &str| {
        sc_square(class, sq, &pyramids(marks), None, Html::default(), false)
    };
    let styled = |class: &str, sq: Square, marks: &str, style: String| {
        sc_square(
            class,
            sq,
            &pyramids(marks),
            Some(style),
            Html::default(),
            false,
        )
    };
    let captured = {
        let taken = pyramids("R1 Y1 B1");
        let (x, y) = sc_draw::square_xy(light);
        // Fading out in the board (the kit's `motion::fade`); half faded here.
        let over = html! { <g opacity="0.5">{ sc_draw::captured_shapes(&taken, (x, y)) }</g> };
        let fill = format!("fill:{}", flash_fill(&css));
        sc_square(
            "cell last captured stack",
            light,
            &pyramids("G3"),
            Some(fill),
            over,
            false,
        )
    };
    let picked = html! {
        <>
            { square("cell selected stack", light, "Y3 B2") }
            { sc_outline(light) }
        </>
    };
    let entries = [
        entry(light, square("cell stack", light, "R3"),
            "A pyramid, marked with its colour and pips: R red, Y yellow, G green, B blue, K black; 1 a pawn, 2 a drone, 3 a queen (the wider, the more pips)."),
        entry(dark, square("cell stack", dark, "G3 Y2 R1"),
            "A stack, bottom to top. Its top pyramid decides it: the stack moves exactly that many squares (here 1), and the player of the top's colour controls it."),
        entry(light, square("cell stack", light, "K1 B3 G2 Y1 R2"),
            "A stack of 4 or more: thin bands under its top pyramid, with its height in the white badge. Pick it to list every pyramid in it."),
        entry(light, picked,
            "Outlined in green: the stack picked (tap it again, or press Escape, to cancel)."),
        entry(light, sc_square("cell target stack", light, &pyramids("B1 R2"), None, Html::default(), true),
            "Tinted green and ringed: a square the picked stack can land on. Tap it to move there."),
        entry(light, styled("cell last stack", light, "G1 Y3", rule(&css, ".cell.last .sq")),
            "Tinted yellow: the two squares of the last move, where it started and where it landed."),
        entry(light, captured,
            "Flashing red: the last move captured there. The captured pyramids fade away above the stack, and the line by the board lists them."),
        entry(light, styled("cell last stack", light, "G1 Y3", rule(&css, ".hinting .cell.last .sq")),
            "Tinted blue: a hint, the move suggested, from one square to the other; it is not played until you play it."),
        entry(light, styled("cell stack", light, "B2", rule(&css, ".cell:focus-visible .sq")),
            "Orange border: the square the keyboard is on (Tab into the board, then the arrow keys; Enter or Space picks)."),
    ];
    key_file("stack-control", "key-pic", &entries)
}

/// Every square of a Stack Control board (stacks of 1 to 5, the last move's squares, one of
/// them where it captured, and empty ones) is the square this file draws for it.
#[test]
fn stack_control_squares_are_drawn_as_the_board_draws_them() {
    let position = "-,-,-,-,-,-,-,-/-,-,-,-,-,-,B3,-/-,-,R2,-,-,-,-,-/-,-,-,-,-,-,-,-/-,-,-,-,R1G3Y1,K2B1,-,-/-,-,K1B3G2Y1R2,-,-,-,-,-/-,Y1R3,-,-,-,-,-,-/-,-,-,-,-,-,-,- RB 1";
    let (board, after) = whole_board("stack-control", position, &["f4-e4"], false);
    let game: StackControl = after.parse().expect("the position after f4-e4");
    let squares = elements_by(&board, "data-square");
    assert_eq!(squares.len(), 64);
    for (name, element) in squares {
        let sq = Square::all()
            .find(|s| s.to_string() == name)
            .expect("a square");
        let drawn = make_static(element);
        let class = drawn
            .split("class=\"")
            .nth(1)
            .and_then(|c| c.split('"').next())
            .expect("a class");
        let mine = render(sc_square(
            class,
            sq,
            game.stack(sq),
            None,
            Html::default(),
            false,
        ));
        assert_eq!(drawn, mine, "square {name}");
    }
    // The last move's squares and the stacks were among them.
    assert!(board.contains("class=\"cell last stack\"") && board.contains("stack-height"));
}

#[test]
fn stack_control_key_is_drawn_by_the_board() {
    check_or_write("stack-control", &stack_control_key());
}

// ---------------------------------------------------------------------------------------
// STAX

/// One cell as STAX's `view.rs` draws it (its `cell`), with no move under way and no tool
/// tip: the cell's hexagon (given `style` when a picture needs it), the edges of the tiles
/// under the top one, the top tile (lifted when `picked`), and a target's inner ring.
fn stax_cell(
    class: &str,
    at: Cell,
    stack: &[Tile],
    style: Option<String>,
    picked: bool,
    target: bool,
) -> Html {
    let (cx, cy) = centre(at);
    let top = stack
        .last()
        .map(|t| stax_draw::tile(t.owner(), t.mask(), (cx, cy), SIZE - 2.5, picked));
    html! {
        <g class={class.to_string()}>
            <polygon class="hex" points={hex_points(cx, cy, SIZE - 1.0)} {style} />
            { stax_draw::under(stack, (cx, cy)) }
            { top }
            if target {
                <polygon class="target-hex" points={hex_points(cx, cy, SIZE - 8.0)} />
            }
        </g>
    }
}

/// Tiles from the notation's stack text, bottom to top ("L01DK": Light's 2A under Dark's
/// king).
fn tiles(text: &str) -> Vec<Tile> {
    let mut out = Vec::new();
    let mut seat = 0;
    let mut mask = None::<u8>;
    let flush = |out: &mut Vec<Tile>, seat, mask: &mut Option<u8>| {
        if let Some(m) = mask.take() {
            out.push(Tile::new(seat, m));
        }
    };
    for c in text.chars() {
        match c {
            'L' | 'D' | 'R' => {
                flush(&mut out, seat, &mut mask);
                seat = "LDR".find(c).expect("a seat");
                mask = Some(0);
            }
            'K' => mask = Some(0),
            'Q' => mask = Some(63),
            d => {
                let d = d.to_digit(10).expect("a direction");
                mask = Some(mask.unwrap_or(0) | 1 << d);
            }
        }
    }
    flush(&mut out, seat, &mut mask);
    out
}

fn stax_key() -> String {
    let css = stylesheet();
    let at = Cell::ORIGIN;
    // One cell: a box a little larger than its hexagon.
    let one = |picture: Html, words: &'static str| {
        let (cx, cy) = centre(at);
        Entry {
            view_box: format!("{} {} 100 100", num(cx - 50.0), num(cy - 50.0)),
            picture: render(picture),
            words,
        }
    };
    // A few cells: the square box around them.
    let some = |cells: &[Cell], picture: Html, words: &'static str| {
        let points: Vec<(f64, f64)> = cells.iter().map(|&c| centre(c)).collect();
        let (x0, x1) = points
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
        let (y0, y1) = points
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
        let side = (x1 - x0).max(y1 - y0) + 100.0;
        let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        Entry {
            view_box: format!(
                "{} {} {} {}",
                num(mx - side / 2.0),
                num(my - side / 2.0),
                num(side),
                num(side)
            ),
            picture: render(picture),
            words,
        }
    };
    let cell = |class: &str, text: &str| stax_cell(class, at, &tiles(text), None, false, false);
    let trio = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1)];
    let colours = html! {
        <>
            { stax_cell("cell stack", trio[0], &tiles("L01"), None, false, false) }
            { stax_cell("cell stack", trio[1], &tiles("D3"), None, false, false) }
            { stax_cell("cell stack", trio[2], &tiles("R024"), None, false, false) }
        </>
    };
    // A stack of three and its badge, drawn from a position that has it (with the steps down
    // from it the rules require: stacks of two and one east of it, out of the picture).
    let game: Stax =
        "L 0,0=L0D3L01/1,0=D01L012/2,0=DK K.2V.2I.3Y.3X.4A.4V.4I.5.Q/2V.2I.3F.3Y.3X.4A.4V.4I.5.Q -"
            .parse()
            .expect("a position");
    let badges = render(stax_draw::heights(&game));
    let (cx, _) = centre(at);
    let badge = elements_by(&badges, "class")
        .into_iter()
        .find(|(_, e)| e.contains(&format!(" cx=\"{}\"", num(cx + 0.5 * SIZE))))
        .map(|(_, e)| e.to_string())
        .expect("the badge of the stack");
    let stack = html! {
        <>
            { stax_cell("cell stack", at, game.stack(at), None, false, false) }
            { Html::from_html_unchecked(badge.into()) }
        </>
    };
    // An empty cell and its coordinates, drawn as the table draws them.
    let table: Stax =
        "L 1,0=L0/0,1=D3 K.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q/K.2A.2V.2I.3F.3Y.3X.4A.4V.4I.5.Q -"
            .parse()
            .expect("a position");
    let empty = html! {
        <>
            { cell("cell", "") }
            { stax_draw::coords(&table, &[at], (&[], &[]), None) }
        </>
    };
    let ghost = html! {
        <>
            { stax_cell("cell target chosen", at, &[], None, false, true) }
            { stax_draw::ghost(0, (at, 0b1001)) }
        </>
    };
    let captured = html! {
        <>
            { cell("cell stack last", "L05") }
            { stax_draw::captured_king(1, at) }
        </>
    };
    let last = |style: String| {
        let (from, to) = (Cell::new(0, 1), Cell::new(1, 0));
        let picture = html! {
            <>
                { stax_cell("cell last", from, &[], Some(style.clone()), false, false) }
                { stax_cell("cell stack last", to, &tiles("L3"), Some(style), false, false) }
            </>
        };
        (vec![from, to], picture)
    };
    let (last_cells, last_now) = last(rule(&css, ".stax-board .cell.last .hex"));
    let (_, hint) = last(rule(&css, ".hinting .stax-board .cell.last .hex"));
    let focus = rule(&css, ".stax-board .cell:focus-visible .hex");
    // The panel's buttons (a rack's tile, a way to lay one), as a picture: the button's box
    // (its border as the stylesheet draws it) around the tile its `mini` draws.
    let button = |style: String, seat: usize, mask: u8| {
        html! {
            <>
                <rect x="-40" y="-40" width="80" height="80" rx="10" {style} />
                { stax_draw::tile(seat, mask, (0.0, 0.0), 30.0, false) }
            </>
        }
    };
    let rack = format!(
        "fill:#fff;stroke:{};stroke-width:4",
        property(&rule(&css, ".rack-tile.usable"), "border-color")
    );
    let refused = format!(
        "fill:#fff;stroke:{};stroke-width:3;stroke-dasharray:8 6;opacity:{}",
        property(&rule(&css, ".stax-ways button.refused"), "border-color"),
        property(&rule(&css, ".stax-ways button.refused"), "opacity")
    );
    let entries = [
        some(&trio, colours,
            "Each player's tiles: Light's pale with dark pointers, Dark's dark with pale pointers, Red's (the third player) red with a dashed inner ring."),
        one(cell("cell stack", "L012"),
            "The arrows are a tile's pointers, each from its centre out through an edge: it moves in a straight line the way one of them points. A tile may not be placed pointing at the enemy king."),
        one(cell("cell stack", "LK"),
            "K, the king: no pointers; it steps one cell any way. Land on the enemy king to capture it and win."),
        one(cell("cell stack", "DQ"),
            "Q, the queen: a pointer on every side."),
        one(stack,
            "A stack: the edges of the tiles under its top one show below it, and its height is in the white badge. Only the top tile acts; pick the stack to read it whole by the board."),
        one(empty,
            "Dashed: an empty cell beside the tiles in play, with its coordinates q,r (here 0,0), as the rules, the hints and the move list name cells."),
        one(cell("cell stack movable", "L35"),
            "Outlined in yellow: a tile of yours that may move now."),
        one(stax_cell("cell stack movable selected", at, &tiles("L35"), None, true, false),
            "Outlined in blue: the tile picked to move."),
        one(stax_cell("cell target", at, &[], None, false, true),
            "Tinted green and ringed: where the tile picked may be placed, or may land."),
        one(ghost,
            "Faint, with a dashed blue outline: the tile picked, where it would go and as it would lie. Turn it (R, Shift+R, F turns a 3X over, or the ways by the board), then Place or Move."),
        some(&last_cells, last_now,
            "Tinted yellow: the cells of the last move (where a tile was placed, or where it moved from and to)."),
        one(captured,
            "Struck through in red: the captured king, at the corner of the cell where it was taken. The game is over."),
        some(&last_cells, hint,
            "Tinted blue: a hint, the move suggested; it is not played until you play it."),
        one(stax_cell("cell", at, &[], Some(focus), false, false),
            "Orange border: the cell the keyboard is on (Tab into the table, then the arrow keys; Enter or Space picks)."),
        one(button(rack, 0, 0b11),
            "The racks, by the board: every player's tiles still to place. On your turn a green border marks yours that have a place now."),
        one(button(refused, 0, 0b1001),
            "The ways the tile picked may lie, by the board: a faded one with a dashed red border is refused (tap it to hear why)."),
    ];
    key_file("stax", "key-pic stax-board", &entries)
}

/// Every cell of a STAX table (tiles of both players, a stack of two, the last move's cells,
/// the tiles the player to move may move, empty cells) is the cell this file draws for it.
#[test]
fn stax_cells_are_drawn_as_the_board_draws_them() {
    let position = "L 0,-1=L05/1,-1=DK/2,-1=D3/1,0=D012/-1,1=LK/0,1=L3 2V.2I.3F.3Y.3X.4A.4V.4I.5.Q/2A.2V.2I.3Y.3X.4A.4V.4I.5.Q -";
    let (board, after) = whole_board("stax", position, &["-1,1>0,1"], true);
    let game: Stax = after.parse().expect("the position after the move");
    let cells = elements_by(&board, "data-cell");
    assert!(cells.len() > 10);
    for (name, element) in &cells {
        let at: Cell = name.parse().expect("a cell");
        let drawn = make_static(element);
        let class = drawn
            .split("class=\"")
            .nth(1)
            .and_then(|c| c.split('"').next())
            .expect("a class");
        let mine = render(stax_cell(class, at, game.stack(at), None, false, false));
        assert_eq!(&drawn, &mine, "cell {name}");
    }
    let classes: Vec<&str> = cells
        .iter()
        .filter_map(|(_, e)| e.split("class=\"").nth(1)?.split('"').next())
        .collect();
    for class in ["cell", "cell stack movable", "cell stack last", "cell last"] {
        assert!(
            classes.contains(&class),
            "no cell drawn as {class}: {classes:?}"
        );
    }
}

#[test]
fn stax_key_is_drawn_by_the_board() {
    check_or_write("stax", &stax_key());
}

#[test]
fn css_rules_are_read_with_their_variables() {
    let css = ":root { --accent: #0b6e4f; }\n.a .b, .c { fill: #fff; stroke: var(--accent); }\n@media (x) { .a .b { fill: #000; } }\n@keyframes flash { 0% { fill: #ff6b6b; } 100% { } }";
    assert_eq!(rule(css, ".a .b"), "fill:#fff;stroke:#0b6e4f");
    assert_eq!(rule(css, ".c"), "fill:#fff;stroke:#0b6e4f");
    assert_eq!(flash_fill(css), "#ff6b6b");
    let html = "<svg><g a=\"1\"><g><title>x</title></g></g><g a=\"2\"></g></svg>";
    let found = elements_by(html, "a");
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].1, "<g a=\"1\"><g><title>x</title></g></g>");
    assert_eq!(make_static(found[0].1), "<g a=\"1\"><g></g></g>");
}

/// The home page's picture of STAX (`static/thumbs/stax.svg`): its tiles drawn by the board's
/// own code (two kings and three tiles with arrows), under the file's own head (its style and
/// felt), so that the picture shows the pointers as the board draws them now.
fn stax_thumbnail(head: &str) -> String {
    // (seat, pointers, centre): the kings side by side, three tiles around them.
    let tiles: [(usize, u8, (f64, f64)); 5] = [
        (0, 0, (0.0, 0.0)),
        (1, 0b1011, (69.3, 0.0)),
        (0, 0b10101, (34.6, 60.0)),
        (1, 0, (34.6, -60.0)),
        (0, 0b100100, (-34.6, 60.0)),
    ];
    let drawn = render(html! {
        { for tiles.iter().map(|&(seat, mask, at)| stax_draw::tile(seat, mask, at, 37.0, false)) }
    });
    format!("{head}{drawn}</svg>")
}

#[test]
fn stax_thumbnail_is_drawn_by_the_board() {
    let path = static_dir().join("thumbs/stax.svg");
    let now = std::fs::read_to_string(&path).unwrap_or_default();
    let head_end = now.find("</rect>").map(|i| i + "</rect>".len());
    let head = &now[..head_end.expect("the picture's felt")];
    let drawn = stax_thumbnail(head);
    if std::env::var_os("UPDATE_BOARD_KEYS").is_some() {
        std::fs::write(&path, &drawn).expect("write the picture");
        return;
    }
    assert!(
        now == drawn,
        "static/thumbs/stax.svg differs from what the board draws now (run UPDATE_BOARD_KEYS=1 cargo test --test board_keys)"
    );
}
