//! The worked examples of the rules pages (`static/rules/<slug>.html`), drawn by the games' own
//! boards.
//!
//! An example is written in a rules page as
//!
//! ```html
//! <figure class="example" data-game="stack-control" data-position="<position>" data-move="c3-e5">
//! <figcaption>What it shows, in plain words.</figcaption>
//! </figure>
//! ```
//!
//! with these attributes (values escaped as in any HTML attribute):
//! - `data-game`: the page's game (its slug);
//! - `data-position`: a position in the game's notation, loaded through the registry;
//! - `data-move` (optional): one or more moves from there, separated by spaces, each of which
//!   must be legal when played;
//! - `data-show` (optional, with a move): `both` (the default: the position before and after
//!   the moves) or `after` (only after them, the last move marked);
//! - `data-viewer` (optional): the seat (from 1) whose view is drawn, for a game with hidden
//!   information; everything is drawn otherwise;
//! - `data-scores` (optional, any value): say the players' scores after the moves, as their
//!   cards show them (a finished game always says how it ended, scores included).
//!
//! Everything between the opening tag and `<figcaption>` is generated: the game's board
//! component (`GameView::board`, as the play page draws it, with no move to offer) rendered to
//! HTML by Yew's server-side renderer, its SVG kept and made static (no tab stops, no buttons:
//! cells keep their descriptions as images), with a line saying which moment each drawing
//! shows (the move list's own words) and, when the game is over, how it ended. The test fails
//! when a page's drawings differ from what the boards draw now;
//! `UPDATE_RULES_EXAMPLES=1 cargo test --test rules_examples` writes them instead. The page's
//! bundle gains nothing: the drawings are static HTML, fetched with the rules.
//!
//! Native only, with the UI (`scripts/test.sh` runs it on its own): Yew's server-side
//! renderer is a native dev-dependency.
#![cfg(all(feature = "ui", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};
use std::rc::Rc;

use stackplay::core::Viewer;
use stackplay::registry::{self, AnyGame};
use stackplay::ui::game_view::AnyBoardProps;
use yew::prelude::*;

mod board_render;

/// The fewest examples a game's page must have (issue 35): Evacuate's five for its rules and
/// one for each of its four games, three for every other game.
fn minimum(slug: &str) -> usize {
    if slug == "evacuate" {
        9
    } else {
        3
    }
}

/// The rules pages' folder.
fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("static/rules")
}

/// One example as written in a page: where its generated part lies, and its attributes.
struct Figure {
    /// Byte range of the generated part (after the opening tag, up to `<figcaption>`).
    generated: std::ops::Range<usize>,
    attributes: Vec<(String, String)>,
    caption: String,
}

impl Figure {
    fn get(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

const OPEN: &str = "<figure class=\"example\"";

/// Every example of a page, in order.
fn figures(page: &str) -> Result<Vec<Figure>, String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = page[from..].find(OPEN).map(|i| i + from) {
        let tag_end = page[at..]
            .find('>')
            .map(|i| at + i)
            .ok_or("an example's opening tag does not end")?;
        let attributes = parse_attributes(&page[at + OPEN.len()..tag_end])?;
        let caption_at = page[tag_end..]
            .find("<figcaption>")
            .map(|i| tag_end + i)
            .ok_or("an example has no <figcaption>")?;
        let end = page[caption_at..]
            .find("</figure>")
            .map(|i| caption_at + i)
            .ok_or("an example does not end with </figure>")?;
        if page[tag_end..caption_at].contains("<figure") {
            return Err("an example has no <figcaption> before the next figure".into());
        }
        let caption = page[caption_at + "<figcaption>".len()..end]
            .trim_end()
            .trim_end_matches("</figcaption>")
            .trim()
            .to_string();
        out.push(Figure {
            generated: tag_end + 1..caption_at,
            attributes,
            caption,
        });
        from = end;
    }
    Ok(out)
}

/// `name="value"` pairs (the values unescaped).
fn parse_attributes(mut s: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(out);
        }
        let eq = s
            .find("=\"")
            .ok_or_else(|| format!("bad attributes: {s}"))?;
        let name = s[..eq].trim().to_string();
        let rest = &s[eq + 2..];
        let close = rest
            .find('"')
            .ok_or_else(|| format!("unclosed attribute {name}"))?;
        out.push((name, unescape(&rest[..close])));
        s = &rest[close + 1..];
    }
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What one drawing shows.
struct Moment {
    position: Rc<dyn AnyGame>,
    before: Option<Rc<dyn AnyGame>>,
    last_move: Option<String>,
    ply: usize,
}

/// The board's SVG for one moment, made static.
fn draw(slug: &'static str, viewer: Viewer, moment: Moment, label: &str) -> Result<String, String> {
    let players = board_render::players(moment.position.as_ref());
    let board = AnyBoardProps {
        position: moment.position,
        before: moment.before,
        last_move: moment.last_move,
        marks: Vec::new(),
        ply: moment.ply,
        viewer,
        players,
        can_move: false,
        on_move: Callback::noop(),
    };
    let html = board_render::render_board(slug, board);
    let svg = first_svg(&html).ok_or_else(|| format!("{slug}: the board drew no SVG"))?;
    Ok(make_static(svg, label))
}

/// The first `<svg>` element of `html`, whole (nested ones included).
fn first_svg(html: &str) -> Option<&str> {
    let start = html.find("<svg")?;
    let mut depth = 0usize;
    let mut at = start;
    loop {
        let open = html[at..].find("<svg").map(|i| at + i);
        let close = html[at..].find("</svg>").map(|i| at + i)?;
        match open {
            Some(o) if o < close => {
                depth += 1;
                at = o + 4;
            }
            _ => {
                depth -= 1;
                at = close + "</svg>".len();
                if depth == 0 {
                    return Some(&html[start..at]);
                }
            }
        }
    }
}

/// A board's SVG as a picture in a page: nothing in the tab order, nothing announced as a
/// button, the board named by `label` (its own label tells how to play it by keyboard).
fn make_static(svg: &str, label: &str) -> String {
    let mut out = svg.to_string();
    for attribute in ["tabindex", "aria-pressed", "aria-disabled"] {
        out = remove_attribute(&out, attribute);
    }
    out = out.replace(" role=\"button\"", " role=\"img\"");
    // The board's own label, on the root element: the first one of the string.
    if let Some(at) = out.find(" aria-label=\"") {
        let value = at + " aria-label=\"".len();
        if let Some(len) = out[value..].find('"') {
            out.replace_range(value..value + len, &escape(label));
        }
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
        match value.find('"') {
            Some(end) => rest = &value[end + 1..],
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The generated part of one example, or why it cannot be drawn.
fn generate(slug: &'static str, fig: &Figure) -> Result<String, String> {
    if fig.get("data-game") != Some(slug) {
        return Err(format!(
            "data-game is {:?}, not this page's game",
            fig.get("data-game")
        ));
    }
    if fig.caption.is_empty() {
        return Err("the caption is empty".into());
    }
    let position = fig.get("data-position").ok_or("no data-position")?;
    let start = registry::load(slug, position).map_err(|e| format!("position: {e}"))?;
    let name = start.info().name;
    let viewer = match fig.get("data-viewer") {
        None => Viewer::Everyone,
        Some(n) => match n.parse::<usize>() {
            Ok(n) if (1..=start.seats()).contains(&n) => Viewer::Seat(n - 1),
            _ => return Err(format!("data-viewer {n:?} is not a seat")),
        },
    };
    let moves: Vec<&str> = fig
        .get("data-move")
        .map(|m| m.split_whitespace().collect())
        .unwrap_or_default();
    let show = fig.get("data-show").unwrap_or("both");
    if !matches!(show, "both" | "after") || (show == "after" && moves.is_empty()) {
        return Err(format!("data-show {show:?}: both or after, with a move"));
    }
    let seen = |g: &dyn AnyGame| -> Rc<dyn AnyGame> { Rc::from(g.view_as(viewer)) };
    let mut game = start.clone_box();
    let mut before = None;
    let mut words = Vec::new();
    let mut last = None;
    for mv in &moves {
        if !game.legal_moves().iter().any(|m| m == mv) {
            return Err(format!("{mv} is not a legal move in {}", game.position()));
        }
        words.push(game.describe_move(mv, viewer));
        last = game.public_move(mv, viewer);
        before = Some(seen(&*game));
        game.play(mv).map_err(|e| format!("{mv}: {e}"))?;
    }
    // What the drawings show, in words over each: the moment, whose view it is (a game with
    // hidden information), and the moves in the move list's words.
    let whose = match viewer {
        Viewer::Everyone => String::new(),
        Viewer::Seat(s) => format!(", as player {} sees it", s + 1),
    };
    let mut drawings = Vec::new();
    if moves.is_empty() {
        let label = match viewer {
            Viewer::Everyone => String::new(),
            Viewer::Seat(s) => format!("As player {} sees it", s + 1),
        };
        drawings.push((label, seen(&*start), None, None, 0));
    } else {
        if show == "both" {
            drawings.push((format!("Before{whose}"), seen(&*start), None, None, 0));
        }
        drawings.push((
            format!("After{whose}: {}", words.join("; then ")),
            seen(&*game),
            before,
            last,
            moves.len(),
        ));
    }
    let mut out = String::from("\n<div class=\"example-boards\">\n");
    for (label, position, before, last_move, ply) in drawings {
        let aria = match label.as_str() {
            "" => format!("{name} board"),
            l => format!("{name} board. {l}"),
        };
        let svg = draw(
            slug,
            viewer,
            Moment {
                position,
                before,
                last_move,
                ply,
            },
            &aria,
        )?;
        out.push_str("<div class=\"example-board\">\n");
        if !label.is_empty() {
            out.push_str(&format!(
                "<p class=\"example-step\">{}</p>\n",
                escape(&label)
            ));
        }
        out.push_str(&svg);
        out.push_str("\n</div>\n");
    }
    out.push_str("</div>\n");
    let result = match game.outcome() {
        Some(outcome) => Some(result_words(&*game, &outcome)),
        None if fig.get("data-scores").is_some() => Some(score_words(&*game.view_as(viewer))),
        None => None,
    };
    if let Some(words) = result {
        out.push_str(&format!(
            "<p class=\"example-result\">{}</p>\n",
            escape(&words)
        ));
    }
    Ok(out)
}

/// The players' scores as their cards show them (for `data-scores`: a game that goes on).
fn score_words(game: &dyn AnyGame) -> String {
    let list: Vec<String> = (0..game.seats())
        .map(|s| {
            let card = game.seat_card(s);
            let score = card.score.map_or("no score".into(), |n| n.to_string());
            format!("player {} ({}) {score}", s + 1, card.side)
        })
        .collect();
    format!("Scores now: {}.", list.join(", "))
}

/// How a finished game ended, in the engine's words: its reason, the scores and the winners.
fn result_words(game: &dyn AnyGame, outcome: &stackplay::core::Outcome) -> String {
    let seat = |s: usize| {
        let card = game.seat_card(s);
        format!("player {} ({})", s + 1, card.side)
    };
    let mut words = format!("Game over: {}.", outcome.reason.trim_end_matches('.'));
    if let Some(scores) = &outcome.scores {
        let list: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(s, n)| format!("{} {n}", seat(s)))
            .collect();
        words.push_str(&format!(" Scores: {}.", list.join(", ")));
    }
    match outcome.winners.as_slice() {
        // A reason that already says so ("...: a draw") is not said twice.
        [] if outcome.reason.trim_end_matches('.').ends_with("a draw") => {}
        [] => words.push_str(" A draw."),
        [w] => words.push_str(&format!(" The winner: {}.", seat(*w))),
        many => {
            let list: Vec<String> = many.iter().map(|&s| seat(s)).collect();
            words.push_str(&format!(" A draw between {}.", list.join(" and ")));
        }
    }
    words
}

/// A page's opening: the quick start (`<section class="quick-start">` with its heading
/// `<h2 id="quick-start">`, and at least one example), then the contents list
/// (`<nav class="contents">`), one link per section (`<h2>`) after it, in order. Returns the page
/// with every section's id (made from its heading where it has none; `tabindex="-1"`, so that a
/// link to it can give it the focus) and the list written from the sections, or what is missing.
fn opening(page: &str) -> Result<String, String> {
    const QUICK: &str = "<section class=\"quick-start\" aria-labelledby=\"quick-start\">\n<h2 id=\"quick-start\">Quick start</h2>";
    const NAV: &str = "<nav class=\"contents\" aria-labelledby=\"contents\">";
    let body = page
        .strip_prefix("<link rel=\"stylesheet\" href=\"rules/examples.css\">\n")
        .ok_or("the page does not start with the examples' style sheet")?;
    if !body.starts_with(QUICK) {
        return Err("the text does not open with the quick start".into());
    }
    let quick_end = body
        .find("</section>\n")
        .ok_or("the quick start does not end")?;
    if !body[..quick_end].contains(OPEN) {
        return Err("the quick start has no drawing".into());
    }
    let nav_at = quick_end + "</section>\n".len();
    if !body[nav_at..].starts_with(NAV) {
        return Err("no contents list right after the quick start".into());
    }
    let nav_end = body[nav_at..]
        .find("</nav>\n")
        .map(|i| nav_at + i + "</nav>\n".len())
        .ok_or("the contents list does not end")?;
    // Every section after the list: its id (given, or made from its words) and its words.
    let mut rest = String::new();
    let mut links = String::new();
    let mut ids = Vec::new();
    let mut from = nav_end;
    while let Some(at) = body[from..].find("<h2").map(|i| from + i) {
        let open_end = at + body[at..].find('>').ok_or("a heading's tag does not end")? + 1;
        let close = open_end
            + body[open_end..]
                .find("</h2>")
                .ok_or("a heading does not end")?;
        let words = &body[open_end..close];
        let given = body[at..open_end]
            .split("id=\"")
            .nth(1)
            .and_then(|v| v.split('"').next());
        let id = match given {
            Some(id) => id.to_string(),
            None => id_of(words),
        };
        if id.is_empty() || !id.starts_with(|c: char| c.is_ascii_lowercase()) || ids.contains(&id) {
            return Err(format!(
                "the section \"{words}\" needs an id of its own, starting with a letter"
            ));
        }
        rest.push_str(&body[from..at]);
        rest.push_str(&format!("<h2 id=\"{id}\" tabindex=\"-1\">"));
        links.push_str(&format!("<li><a href=\"#{id}\">{words}</a></li>\n"));
        ids.push(id);
        from = open_end;
    }
    rest.push_str(&body[from..]);
    if ids.len() < 2 {
        return Err("fewer than two sections to list".into());
    }
    Ok(format!(
        "<link rel=\"stylesheet\" href=\"rules/examples.css\">\n{}{NAV}\n<p id=\"contents\">Contents</p>\n<ol>\n{links}</ol>\n</nav>\n{rest}",
        &body[..nav_at]
    ))
}

/// A section's id made from its heading's words: lower case letters and digits, a hyphen for
/// anything else ("Two players: first to 14" is `two-players-first-to-14`).
fn id_of(words: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in unescape(words).chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let mut id = String::new();
    for c in text.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c);
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_string()
}

/// Every page's examples drawn again and its contents list written again from its sections:
/// compared with the page, or written into it when `UPDATE_RULES_EXAMPLES` is set.
#[test]
fn every_example_is_legal_and_drawn_by_its_board() {
    let update = std::env::var_os("UPDATE_RULES_EXAMPLES").is_some();
    let mut failures = Vec::new();
    for entry in registry::games() {
        let slug = entry.info().slug;
        let minimum = minimum(slug);
        let path = rules_dir().join(format!("{slug}.html"));
        let page = std::fs::read_to_string(&path).expect("a rules page");
        let figs = match figures(&page) {
            Ok(f) => f,
            Err(e) => {
                failures.push(format!("{slug}: {e}"));
                continue;
            }
        };
        if figs.len() < minimum {
            failures.push(format!(
                "{slug}: {} examples, fewer than {minimum}",
                figs.len()
            ));
        }
        let mut new_page = String::with_capacity(page.len());
        let mut copied = 0;
        for (i, fig) in figs.iter().enumerate() {
            match generate(slug, fig) {
                Ok(drawn) => {
                    if page[fig.generated.clone()] != drawn {
                        if !update {
                            failures.push(format!(
                                "{slug}, example {} ({}): the drawing differs from what the board draws now (run UPDATE_RULES_EXAMPLES=1 cargo test --test rules_examples)",
                                i + 1,
                                fig.caption.chars().take(60).collect::<String>()
                            ));
                        }
                        new_page.push_str(&page[copied..fig.generated.start]);
                        new_page.push_str(&drawn);
                        copied = fig.generated.end;
                    }
                }
                Err(e) => failures.push(format!("{slug}, example {}: {e}", i + 1)),
            }
        }
        new_page.push_str(&page[copied..]);
        match opening(&new_page) {
            Ok(listed) => {
                if listed != new_page && !update {
                    failures.push(format!(
                        "{slug}: the contents list or a section's id differs from the page's sections (run UPDATE_RULES_EXAMPLES=1 cargo test --test rules_examples)"
                    ));
                }
                new_page = listed;
            }
            Err(e) => failures.push(format!("{slug}: {e}")),
        }
        if update && new_page != page {
            std::fs::write(&path, new_page).expect("write the rules page");
            println!("{slug}: drawings and contents written");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_contents_list_is_written_from_the_sections() {
    let page = "<link rel=\"stylesheet\" href=\"rules/examples.css\">\n<section class=\"quick-start\" aria-labelledby=\"quick-start\">\n<h2 id=\"quick-start\">Quick start</h2>\n<figure class=\"example\" data-game=\"stax\"><figcaption>x</figcaption></figure>\n</section>\n<nav class=\"contents\" aria-labelledby=\"contents\">\n</nav>\n<h2>Two players: first to 14</h2>\n<p>a</p>\n<h2 id=\"kept\">The <em>end</em> &amp; more</h2>\n";
    let listed = opening(page).unwrap();
    assert!(listed.contains("<ol>\n<li><a href=\"#two-players-first-to-14\">Two players: first to 14</a></li>\n<li><a href=\"#kept\">The <em>end</em> &amp; more</a></li>\n</ol>\n</nav>\n<h2 id=\"two-players-first-to-14\" tabindex=\"-1\">Two players"));
    assert_eq!(opening(&listed).unwrap(), listed);
    assert_eq!(id_of("The <em>end</em> &amp; more"), "the-end-more");
    assert!(opening(&page.replace("Quick start", "Start")).is_err());
}

#[test]
fn figures_are_found_and_their_attributes_read() {
    let page = "<p>x</p>\n<figure class=\"example\" data-game=\"stacks\" data-position=\"a &amp; b &gt; c\" data-move=\"+a1\">\nold\n<figcaption>Words.</figcaption>\n</figure>";
    let figs = figures(page).unwrap();
    assert_eq!(figs.len(), 1);
    assert_eq!(figs[0].get("data-position"), Some("a & b > c"));
    assert_eq!(figs[0].get("data-move"), Some("+a1"));
    assert_eq!(figs[0].caption, "Words.");
    assert_eq!(&page[figs[0].generated.clone()], "\nold\n");
    let svg = "<svg aria-label=\"Play by keys\" role=\"group\"><g role=\"button\" tabindex=\"0\" aria-pressed=\"false\"><svg></svg></g></svg><p></p>";
    let one = first_svg(svg).unwrap();
    assert!(one.ends_with("</g></svg>"));
    assert_eq!(
        make_static(one, "A board"),
        "<svg aria-label=\"A board\" role=\"group\"><g role=\"img\"><svg></svg></g></svg>"
    );
}
