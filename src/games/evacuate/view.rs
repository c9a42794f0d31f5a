//! The Evacuate board: the floor column (space 1 at the top, door A above it, door B below
//! space 8), each stack drawn as pyramids from the side, bottom (level 1) at the left, the
//! shaded spaces grey and the ceiling a red line; beside it the triangle grid, one row of six
//! triangles per space, each pointing at the door it moves stacks toward and showing its
//! level or the movement pyramid on it. The panel holds both stashes (the pyramids to place),
//! the scores, what a placement would do before it is confirmed, the releases, take-offs, end
//! of turn and pass, and what the last step did, in words.
//!
//! The SVG and the panel are written as markup strings, not one `html!` per shape: the board
//! costs the first load a few kilobytes instead of tens. Clicks and keys are handled once, on
//! the board and on the panel, from the `data-` attributes of what was hit.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::board::{direction, Colour, Door, Piece, Tri, COLOURS, LEVELS, SHADED, SIZES, SPACES};
use super::rules::{Evacuate, EvacuateMove, Phase};
use super::view_words::{
    describe, door_name, ends_turn, esc, piece_name, pieces_words, plural, LEGEND,
};
use crate::core::Game;
use crate::ui::game_view::{AnyBoardProps, GameView, Paint};

/// Fill of green, yellow, red and blue (the order of the colours).
const FILLS: [&str; 4] = ["#2e8b47", "#e8c12a", "#cf3a2e", "#2f6bd0"];

/// How a side (`GY` or `RB` with two players, a single colour's letter with three or four)
/// is painted.
fn paint(letter: &str) -> Option<Paint> {
    let (fill, ink) = match letter {
        "GY" | "G" => (FILLS[0], "#fff"),
        "Y" => (FILLS[1], "#1d1d1f"),
        "RB" | "R" => (FILLS[2], "#fff"),
        "B" => (FILLS[3], "#fff"),
        _ => return None,
    };
    Some(Paint { fill, ink })
}

/// How the UI shows Evacuate.
pub const VIEW: GameView = GameView {
    slug: "evacuate",
    board: |props| html! { <Board ..props /> },
    thumbnail,
    paint,
    setup_hint: "Colours are fixed by the seat (see the rules). The board is a reconstruction: the original pictures are lost.",
    ends_turn: Some(ends_turn),
};

// ---------------------------------------------------------------------------------------------
// Geometry (whole SVG units)
// ---------------------------------------------------------------------------------------------

/// Height of a row (a floor space and its triangles).
const H: i32 = 48;
/// Top of space 1 (door A is above it).
const TOP: i32 = 34;
/// Left of the floor column (the space numbers are left of it).
const FX: i32 = 24;
/// Width of a level's slot on the floor.
const SW: i32 = 26;
/// Left of the triangle grid.
const GX: i32 = FX + 6 * SW + 18;
/// Half a triangle's width.
const HALF: i32 = 28;
/// The whole picture.
const WIDTH: i32 = GX + 7 * HALF + 8;
const HEIGHT: i32 = TOP + 8 * H + 34;

fn row_top(space: u8) -> i32 {
    TOP + (i32::from(space) - 1) * H
}

/// A pyramid seen from the side, standing on `(cx, base)`, with its letter and pips.
fn floor_piece(out: &mut String, p: Piece, cx: i32, base: i32, class: &str) {
    let (h, w) = match p.size.pips() {
        1 => (22, 9),
        2 => (30, 11),
        _ => (38, 13),
    };
    out.push_str(&format!(
        "<g class=\"pc c{} {class}\"><polygon points=\"{cx},{} {},{base} {},{base}\"/><text x=\"{cx}\" y=\"{}\">{p}</text></g>",
        p.colour.index(),
        base - h,
        cx + w,
        cx - w,
        base - 3
    ));
}

/// The corners of triangle `t`.
fn tri_points(t: Tri) -> (String, i32, i32) {
    let y0 = row_top(t.space);
    let y1 = y0 + H;
    let xl = GX + (i32::from(t.level) - 1) * HALF;
    let (xm, xr) = (xl + HALF, xl + 2 * HALF);
    match direction(t) {
        Door::A => (format!("{xm},{y0} {xr},{y1} {xl},{y1}"), xm, y0 + 37),
        Door::B => (format!("{xl},{y0} {xr},{y0} {xm},{y1}"), xm, y0 + 21),
    }
}

/// The ceiling as a line: over the floor's slots and between the grid's levels.
fn ceiling_markup(out: &mut String, c: u8) {
    let x = FX + 4 + i32::from(c) * SW;
    let mut pts = Vec::new();
    for s in 1..=SPACES {
        let (y0, y1) = (row_top(s), row_top(s) + H);
        let a = GX + i32::from(c) * HALF;
        let b = a + HALF;
        if direction(Tri::new(s, c)) == Door::A {
            pts.push(format!("{a},{y0} {b},{y1}"));
        } else {
            pts.push(format!("{b},{y0} {a},{y1}"));
        }
    }
    out.push_str(&format!(
        "<g class=\"ceiling\" aria-hidden=\"true\"><line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{}\"/><polyline points=\"{}\"/><text x=\"{}\" y=\"{}\">ceiling {c}</text></g>",
        TOP + 8 * H,
        pts.join(" "),
        // Above the triangle grid, ending where the ceiling crosses it: clear of "Door A".
        GX + (i32::from(c) + 1) * HALF,
        TOP - 8
    ));
}

/// The home page's picture: a static file (`static/thumbs/evacuate.svg`, drawn by this board's
/// code), loaded as an image so that it costs the first load nothing.
fn thumbnail() -> Html {
    html! { <img class="thumb" src="thumbs/evacuate.svg" alt="" /> }
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// What the player does on the board or the panel.
#[derive(Clone, PartialEq)]
enum Act {
    /// A triangle was chosen.
    Tri(Tri),
    /// A pyramid of the stash was chosen.
    Piece(Piece),
    /// A step given in notation (release, take-off, end, pass).
    Step(String),
    /// Confirm the placement shown.
    Go,
    /// Drop the choice.
    Cancel,
    /// Move the keyboard focus on the grid by (spaces, levels).
    Focus(i32, i32),
}

/// The element an event hit, or its nearest ancestor matching `selector`.
fn hit(e: &Event, selector: &str) -> Option<web_sys::Element> {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest(selector).ok().flatten())
}

/// What an element of the board or the panel stands for.
fn act_of(el: &web_sys::Element) -> Option<Act> {
    let attr = |a: &str| el.get_attribute(a);
    if let Some(t) = attr("data-t") {
        return t.parse().ok().map(Act::Tri);
    }
    if let Some(p) = attr("data-p") {
        return p.parse().ok().map(Act::Piece);
    }
    if let Some(m) = attr("data-m") {
        return Some(Act::Step(m));
    }
    match el.id().as_str() {
        "evac-go" => Some(Act::Go),
        "evac-cancel" => Some(Act::Cancel),
        _ => None,
    }
}

/// The Evacuate board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    let picked = use_state_eq(|| None::<Piece>);
    let aimed = use_state_eq(|| None::<Tri>);
    // Roving focus: one triangle is in the tab order; arrow keys move it.
    let focus = use_state_eq(|| Tri::new(4, 1));
    // What to give the keyboard focus back to once the markup is drawn anew.
    let refocus = use_mut_ref(String::new);
    {
        let picked = picked.clone();
        let aimed = aimed.clone();
        use_effect_with(props.ply, move |_| {
            picked.set(None);
            aimed.set(None);
        });
    }
    {
        let refocus = refocus.clone();
        use_effect(move || {
            let wanted = std::mem::take(&mut *refocus.borrow_mut());
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(doc) = doc.filter(|_| !wanted.is_empty()) {
                let lost = doc.active_element().is_none_or(|e| e.tag_name() == "BODY");
                if let Some(el) = doc.query_selector(&wanted).ok().flatten().filter(|_| lost) {
                    if let Some(h) = el.dyn_ref::<web_sys::HtmlElement>() {
                        let _ = h.focus();
                    } else if let Some(s) = el.dyn_ref::<web_sys::SvgElement>() {
                        let _ = s.focus();
                    }
                }
            }
        });
    }
    let Some(game) = props.position.as_any().downcast_ref::<Evacuate>() else {
        return html! { <p class="error" role="alert">{ "This is not an Evacuate game." }</p> };
    };
    let names: Vec<String> = (0..game.mode().seats())
        .map(|s| {
            props
                .players
                .get(s)
                .map_or_else(|| format!("Player {}", s + 1), |p| p.name.clone())
        })
        .collect();
    let to_move = Game::to_move(game);
    let turn = game.turn();
    let can_act = props.can_move;
    let legal: Vec<EvacuateMove> = if can_act {
        Game::legal_moves(game)
    } else {
        Vec::new()
    };
    let placeable = |p: Piece| {
        legal
            .iter()
            .any(|m| matches!(m, EvacuateMove::Place { piece, .. } if *piece == p))
    };
    let pick = (*picked).filter(|&p| placeable(p));
    // The placements of the picked pyramid on `t`: toward the triangle's door, and (Phobos
    // Pugilists) the other way; the first legal one is what choosing `t` plays.
    let ways = |t: Tri| -> Vec<EvacuateMove> {
        pick.map_or_else(Vec::new, |piece| {
            [
                EvacuateMove::Place { piece, at: t },
                EvacuateMove::Reverse { piece, at: t },
            ]
            .into_iter()
            .filter(|m| legal.contains(m))
            .collect()
        })
    };
    let is_target = |t: Tri| !ways(t).is_empty();
    let aim = (*aimed).filter(|&t| is_target(t));
    let releases: Vec<&Vec<Tri>> = legal
        .iter()
        .filter_map(|m| match m {
            EvacuateMove::Release(set) => Some(set),
            _ => None,
        })
        .collect();
    let takes: Vec<Tri> = legal
        .iter()
        .filter_map(|m| match m {
            EvacuateMove::Take(t) => Some(*t),
            _ => None,
        })
        .collect();
    let last_move = props
        .last_move
        .as_ref()
        .and_then(|m| m.parse::<EvacuateMove>().ok());
    let before = props
        .before
        .as_ref()
        .and_then(|b| b.as_any().downcast_ref::<Evacuate>());
    let note = before
        .zip(last_move.as_ref())
        .map(|(b, mv)| describe(b, game, mv, &names).join(" "));
    let last_at = match &last_move {
        Some(EvacuateMove::Place { at, .. } | EvacuateMove::Reverse { at, .. }) => Some(*at),
        _ => None,
    };
    // What the placement aimed at would do (each way it may go): the engine plays it on a copy.
    let aimed_ways = aim.map_or_else(Vec::new, ways);
    let preview = pick.zip(aim).and_then(|(piece, at)| {
        let mut lines = Vec::new();
        for (i, mv) in aimed_ways.iter().enumerate() {
            let mut after = game.clone();
            Game::play(&mut after, mv).ok()?;
            if i > 0 {
                lines.push("Or, with your pugilist, the other way:".to_string());
            }
            lines.extend(describe(game, &after, mv, &names));
        }
        let moving = usize::from(at.level) <= game.stack(at.space).len();
        let reverse = matches!(aimed_ways.first(), Some(EvacuateMove::Reverse { .. }));
        let to = game
            .preview_toward(at, piece.size, reverse)
            .and_then(|p| p.to);
        Some((lines, moving, to))
    });

    // --- Actions ----------------------------------------------------------------------------
    let act = {
        let picked = picked.clone();
        let aimed = aimed.clone();
        let focus = focus.clone();
        let refocus = refocus.clone();
        let on_move = props.on_move.clone();
        let legal = legal.clone();
        let ceiling = game.ceiling();
        let focus_at = *focus;
        let go = aimed_ways.first().cloned();
        Callback::from(move |a: Act| {
            let emit = |mv: String| {
                picked.set(None);
                aimed.set(None);
                on_move.emit(mv);
            };
            let tri_sel = |t: Tri| format!("svg.board [data-t='{t}']");
            match a {
                Act::Piece(p) if pick == Some(p) => {
                    picked.set(None);
                    aimed.set(None);
                    *refocus.borrow_mut() = format!("[data-p='{p}']");
                }
                Act::Piece(p) => {
                    picked.set(Some(p));
                    aimed.set(None);
                    // Straight to the first triangle it may go to, for the keyboard.
                    let first = legal.iter().find_map(|m| match m {
                        EvacuateMove::Place { piece, at } if *piece == p => Some(*at),
                        _ => None,
                    });
                    if let Some(t) = first {
                        focus.set(t);
                        *refocus.borrow_mut() = tri_sel(t);
                    }
                }
                Act::Tri(t) => {
                    focus.set(t);
                    *refocus.borrow_mut() = tri_sel(t);
                    let place = pick.and_then(|piece| {
                        [
                            EvacuateMove::Place { piece, at: t },
                            EvacuateMove::Reverse { piece, at: t },
                        ]
                        .into_iter()
                        .find(|m| legal.contains(m))
                    });
                    if let Some(mv) = place {
                        if aim == Some(t) {
                            emit(mv.to_string());
                        } else {
                            aimed.set(Some(t));
                        }
                    } else if legal.contains(&EvacuateMove::Take(t)) {
                        emit(EvacuateMove::Take(t).to_string());
                    } else if let Some(set) = legal
                        .iter()
                        .filter_map(|m| match m {
                            EvacuateMove::Release(set) if set.contains(&t) && pick.is_none() => {
                                Some(set)
                            }
                            _ => None,
                        })
                        .min_by_key(|s| s.len())
                    {
                        emit(EvacuateMove::Release(set.clone()).to_string());
                    } else {
                        aimed.set(None);
                    }
                }
                Act::Step(m) => {
                    // The buttons are drawn anew: the keyboard goes back to the grid.
                    *refocus.borrow_mut() = tri_sel(focus_at);
                    emit(m);
                }
                Act::Go => {
                    if let Some(mv) = go.clone() {
                        if let Some(at) = aim {
                            *refocus.borrow_mut() = tri_sel(at);
                        }
                        emit(mv.to_string());
                    }
                }
                Act::Cancel => {
                    picked.set(None);
                    aimed.set(None);
                    *refocus.borrow_mut() = tri_sel(focus_at);
                }
                Act::Focus(ds, dl) => {
                    let s = (i32::from(focus_at.space) + ds).clamp(1, i32::from(SPACES));
                    let l = (i32::from(focus_at.level) + dl).clamp(1, i32::from(ceiling.max(1)));
                    let t = Tri::new(s as u8, l as u8);
                    focus.set(t);
                    *refocus.borrow_mut() = tri_sel(t);
                }
            }
        })
    };
    let on_click = {
        let act = act.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(a) = hit(&e, "[data-t],button").as_ref().and_then(act_of) {
                act.emit(a);
            }
        })
    };
    let on_key = {
        let act = act.clone();
        Callback::from(move |e: KeyboardEvent| {
            let a = match e.key().as_str() {
                "Enter" | " " => hit(&e, "[data-t],button").as_ref().and_then(act_of),
                "Escape" => Some(Act::Cancel),
                "ArrowUp" => Some(Act::Focus(-1, 0)),
                "ArrowDown" => Some(Act::Focus(1, 0)),
                "ArrowLeft" => Some(Act::Focus(0, -1)),
                "ArrowRight" => Some(Act::Focus(0, 1)),
                _ => None,
            };
            // Arrows only move around the grid.
            let on_grid = hit(&e, "[data-t]").is_some();
            if let Some(a) = a.filter(|a| on_grid || !matches!(a, Act::Focus(..))) {
                e.prevent_default();
                act.emit(a);
            }
        })
    };

    // --- The SVG ----------------------------------------------------------------------------
    let ceiling = game.ceiling();
    let mut svg = format!(
        "<svg class=\"board evac-board\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"group\" aria-label=\"Evacuate board (a reconstruction): the floor, spaces 1 to 8 from door A at the top to door B at the bottom, each stack bottom to top from the left; beside it the triangles of levels 1 to {LEVELS}. Arrow keys move between triangles; Enter or Space chooses; Escape cancels.\" data-ceiling=\"{ceiling}\"{}>",
        to_move.map_or(String::new(), |s| format!(" data-to-move=\"{}\"", s + 1))
    );
    let mid = FX + 3 * SW + 4;
    svg.push_str(&format!(
        "<g class=\"doors\" aria-hidden=\"true\"><rect class=\"door\" x=\"{FX}\" y=\"{}\" width=\"{}\" height=\"6\"/><rect class=\"door\" x=\"{FX}\" y=\"{}\" width=\"{}\" height=\"6\"/><text x=\"{mid}\" y=\"{}\">Door A</text><text x=\"{mid}\" y=\"{}\">Door B</text></g>",
        TOP - 6,
        6 * SW + 8,
        TOP + 8 * H,
        6 * SW + 8,
        TOP - 12,
        TOP + 8 * H + 24
    ));
    // The moving group and where it ends, when a placement is aimed at.
    let moving_from = preview
        .as_ref()
        .filter(|p| p.1)
        .and(aim)
        .map(|t| (t.space, usize::from(t.level)));
    let dest = preview.as_ref().and_then(|p| p.2);
    for s in 1..=SPACES {
        let y = row_top(s);
        let stack = game.stack(s);
        let shaded = SHADED.contains(&s);
        let mut class = String::from("space");
        if shaded {
            class.push_str(" shaded");
        }
        if dest == Some(s) {
            class.push_str(" dest");
        }
        let mut label = format!("Space {s}");
        if shaded {
            label.push_str(" (shaded)");
        }
        if s == 1 {
            label.push_str(", next to door A");
        }
        if s == SPACES {
            label.push_str(", next to door B");
        }
        label.push_str(&format!(
            ": {}",
            if stack.is_empty() {
                "empty".to_string()
            } else {
                format!("bottom to top {}", pieces_words(stack))
            }
        ));
        if dest == Some(s) {
            label.push_str("; the moving group would end here");
        }
        svg.push_str(&format!(
            "<g class=\"{class}\" data-space=\"{s}\" role=\"img\" aria-label=\"{label}\"><rect x=\"{FX}\" y=\"{y}\" width=\"{}\" height=\"{H}\"/><text class=\"num\" x=\"{}\" y=\"{}\">{s}</text>",
            6 * SW + 8,
            FX - 5,
            y + 29
        ));
        for (i, &p) in stack.iter().enumerate() {
            let cx = FX + 4 + i as i32 * SW + SW / 2;
            let lifted = moving_from.is_some_and(|(ms, ml)| ms == s && i + 1 >= ml);
            floor_piece(
                &mut svg,
                p,
                cx,
                y + H - 4,
                if lifted { "moving" } else { "" },
            );
        }
        svg.push_str("</g>");
    }
    for s in 1..=SPACES {
        for l in 1..=LEVELS {
            let t = Tri::new(s, l);
            let (pts, tx, ty) = tri_points(t);
            let piece = game.triangle(t);
            let door = door_name(direction(t));
            if l > ceiling {
                svg.push_str(&format!(
                    "<polygon class=\"tri gone\" points=\"{pts}\" aria-hidden=\"true\"/>"
                ));
                continue;
            }
            let mut class = format!("tri {}", if door == "A" { "up" } else { "down" });
            let mut label =
                format!("Triangle {t}, level {l} of space {s}, points to door {door}: ");
            match piece {
                Some(p) => {
                    class.push_str(&format!(" full c{}", p.colour.index()));
                    label.push_str(&piece_name(p));
                }
                None => label.push_str("vacant"),
            }
            if is_target(t) {
                let moves = usize::from(l) <= game.stack(s).len();
                class.push_str(if moves { " move" } else { " nudge" });
                label.push_str(if moves {
                    "; placing here moves the stack"
                } else {
                    "; placing here only nudges"
                });
            }
            if aim == Some(t) {
                class.push_str(" aim");
                label.push_str("; chosen: choose again to confirm");
            }
            if takes.contains(&t) {
                class.push_str(" take");
                label.push_str("; surrounded: take it off");
            } else if pick.is_none() && releases.iter().any(|r| r.contains(&t)) {
                class.push_str(" free");
                label.push_str("; can be released");
            }
            if last_at == Some(t) {
                class.push_str(" last");
                label.push_str("; last placement");
            }
            let text = piece.map_or_else(|| l.to_string(), |p| p.to_string());
            svg.push_str(&format!(
                "<g class=\"{class}\" data-t=\"{t}\" role=\"button\" tabindex=\"{}\" aria-label=\"{label}\"><polygon points=\"{pts}\"/><text x=\"{tx}\" y=\"{ty}\">{text}</text></g>",
                if *focus == t { "0" } else { "-1" }
            ));
        }
    }
    ceiling_markup(&mut svg, ceiling);
    svg.push_str("</svg>");

    // --- The panel --------------------------------------------------------------------------
    let me = esc(names.get(turn).map_or("", String::as_str));
    let mut panel = String::new();
    if let Some(note) = &note {
        panel.push_str(&format!(
            "<p class=\"evac-note\" role=\"status\">{}</p>",
            esc(note)
        ));
    }
    let phase = game.phase();
    let headline = if to_move.is_none() {
        "The game is over.".to_string()
    } else if !can_act {
        format!("{me} to play.")
    } else if phase == Phase::Trade {
        format!("{me} (yellow): choose the tree that trades starting places with yellow's for round {} (the other one trades in the round after).", game.round())
    } else if !takes.is_empty() {
        format!("{me} is jammed: take off the surrounded pyramids (ringed), one at a time, in the order you choose.")
    } else if legal == [EvacuateMove::Pass] {
        format!("{me} is jammed and can neither move nor nudge: pass.")
    } else if phase == Phase::After {
        format!("{me}: release pyramids you surround (ringed), or end the turn.")
    } else if phase == Phase::Jam {
        format!("{me} is jammed: nudge if you can.")
    } else {
        format!("{me} to play: choose a pyramid from your stash, then a highlighted triangle.")
    };
    panel.push_str(&format!(
        "<p class=\"evac-now\"><strong>{headline}</strong> <span>Round {}, ceiling at level {ceiling}, {} taken by the ceiling.</span></p>",
        game.round(),
        plural(
            COLOURS
                .iter()
                .map(|&c| game.lost(c).iter().map(|&n| usize::from(n)).sum::<usize>())
                .sum(),
            "pyramid"
        )
    ));
    if let Some(p) = pick {
        let (mut moves, mut nudges) = (0, 0);
        for m in &legal {
            if let EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at } = m {
                if *piece == p {
                    if usize::from(at.level) <= game.stack(at.space).len() {
                        moves += 1;
                    } else {
                        nudges += 1;
                    }
                }
            }
        }
        panel.push_str(&format!(
            "<p>A {}: {} where it moves a stack (solid), {} where it only nudges (dashed).</p>",
            piece_name(p),
            plural(moves, "triangle"),
            plural(nudges, "triangle")
        ));
    }
    if let Some((lines, _, _)) = &preview {
        panel.push_str(
            "<div class=\"evac-preview\" aria-live=\"polite\"><p><b>Before you confirm:</b></p>",
        );
        for l in lines {
            panel.push_str(&format!("<p>{}</p>", esc(l)));
        }
        panel.push_str("<div class=\"buttons\"><button type=\"button\" class=\"primary\" id=\"evac-go\">Confirm</button>");
        if let Some(other) = aimed_ways.get(1) {
            panel.push_str(&format!(
                "<button type=\"button\" id=\"evac-other\" data-m=\"{other}\">Confirm the other way</button>"
            ));
        }
        panel.push_str("<button type=\"button\" id=\"evac-cancel\">Cancel</button></div></div>");
    } else if pick.is_some() {
        panel.push_str(
            "<div class=\"buttons\"><button type=\"button\" id=\"evac-cancel\">Cancel</button></div>",
        );
    }
    let mut steps = String::new();
    for set in &releases {
        let pieces: Vec<Piece> = set.iter().filter_map(|t| game.triangle(*t)).collect();
        let mv = EvacuateMove::Release((*set).clone()).to_string();
        steps.push_str(&format!(
            "<button type=\"button\" data-m=\"{mv}\">Release {} ({})</button>",
            pieces_words(&pieces),
            &mv[1..]
        ));
    }
    for t in &takes {
        steps.push_str(&format!(
            "<button type=\"button\" data-m=\"t{t}\">Take off the {} on {t}</button>",
            game.triangle(*t).map(piece_name).unwrap_or_default()
        ));
    }
    for m in &legal {
        if let EvacuateMove::Trade(c) = m {
            steps.push_str(&format!(
                "<button type=\"button\" class=\"primary\" data-m=\"{m}\">Trade with {}'s tree</button>",
                c.name()
            ));
        }
    }
    if legal.contains(&EvacuateMove::End) {
        steps.push_str(
            "<button type=\"button\" id=\"evac-end\" data-m=\"end\">End the turn</button>",
        );
    }
    if legal.contains(&EvacuateMove::Pass) {
        steps.push_str(
            "<button type=\"button\" class=\"primary\" id=\"evac-pass\" data-m=\"pass\">Pass</button>",
        );
    }
    if !steps.is_empty() {
        panel.push_str(&format!("<div class=\"buttons evac-steps\">{steps}</div>"));
    }
    // Each seat's stash, then (three players) blue's general stash, which the player to move
    // may use too.
    let wild = game.mode().wild();
    let general = String::from("the general stash (blue, wild)");
    for (seat, name) in names
        .iter()
        .enumerate()
        .chain(wild.then_some((usize::MAX, &general)))
    {
        let mine = can_act && (seat == turn || seat == usize::MAX);
        let colours: &[Colour] = if seat == usize::MAX {
            &[Colour::Blue]
        } else {
            game.colours(seat)
        };
        if seat == usize::MAX {
            panel.push_str("<div class=\"evac-seat evac-general\"><p><b>General stash</b> (blue is wild: anyone may place it; blue pyramids count as everyone's own)</p><div class=\"evac-stash\" role=\"group\" aria-label=\"The general stash\">");
        } else {
            panel.push_str(&format!(
            "<div class=\"evac-seat\" data-seat=\"{}\"><p><b>{}</b> ({}): round score {}, match total {}{}</p><div class=\"evac-stash\" role=\"group\" aria-label=\"{}'s stash\">",
            seat + 1,
            esc(name),
            Game::seat_card(game, seat).side,
            game.round_score(seat),
            game.match_total(seat),
            if game.is_eliminated(seat) {
                ", out of this round"
            } else {
                ""
            },
            esc(name)
        ));
        }
        for &c in colours {
            let counts = game.stash(c);
            for size in SIZES {
                let p = Piece::new(c, size);
                let n = counts[size.index()];
                let usable = mine && placeable(p);
                panel.push_str(&format!(
                    "<button type=\"button\" class=\"pc c{}{}\" data-p=\"{p}\" aria-pressed=\"{}\" aria-label=\"{}: {n} in the stash\"{}>{p} ×{n}</button>",
                    c.index(),
                    if usable { " usable" } else { "" },
                    pick == Some(p),
                    piece_name(p),
                    if usable { "" } else { " disabled" }
                ));
            }
        }
        panel.push_str("</div></div>");
    }
    panel.push_str(LEGEND);

    html! {
        <>
            <div class="board-wrap" onclick={on_click.clone()} onkeydown={on_key.clone()}>
                { Html::from_html_unchecked(svg.into()) }
            </div>
            <div class="board-panel evac-panel" onclick={on_click} onkeydown={on_key}>
                { Html::from_html_unchecked(panel.into()) }
            </div>
        </>
    }
}
