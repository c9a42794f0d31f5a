//! The panel under (or beside) the Evacuate board. First what the player at the board needs
//! for this step: the answer to the last tap, the kinds of step open now, their stash (a
//! pyramid with no place faded, and a tap on it says why), the placement picked with its
//! preview and Confirm, the release, take-off, end-of-turn, pass and trade buttons. Then what
//! the last step did, the round, every seat's stash and scores, and the key to the marks.

use yew::prelude::*;

use crate::ui::kit::fixed;

use super::board::{Colour, Piece, SIZES};
use super::moves::EvacuateMove;
use super::pick::{Kind, Pick, Table, Thing};
use super::rules::Evacuate;
use super::view_words::{describe, kind_words, piece_name, pieces_words, plural};
use crate::core::{Game, Seat};
use crate::ui::kit::keys::Key;
use crate::ui::kit::tap::say;

/// What the panel shows.
pub struct Panel<'a> {
    pub table: &'a Table<'a>,
    pub before: Option<&'a Evacuate>,
    pub last_move: Option<&'a EvacuateMove>,
    pub pick: Pick,
    pub said: Option<AttrValue>,
    /// The stash pyramid last tapped, if the last tap was on one.
    pub tapped: Option<Piece>,
    /// A tap (or, `true`, a key) on something of the panel.
    pub on_tap: &'a Callback<(Thing, bool)>,
}

/// A button's click: the thing tapped, and whether a key pressed it (no pointer).
fn tap(on_tap: &Callback<(Thing, bool)>, thing: Thing) -> Callback<MouseEvent> {
    let on_tap = on_tap.clone();
    Callback::from(move |e: MouseEvent| on_tap.emit((thing.clone(), e.detail() == 0)))
}

/// The line saying whose step it is and the kinds of step open now.
fn headline(c: &Panel) -> Html {
    let t = c.table;
    let g = t.game;
    let who = t.name(g.turn());
    let text = if g.outcome().is_some() {
        "The game is over.".to_string()
    } else if !t.can_move {
        format!("{who} to play.")
    } else {
        let kinds: Vec<&str> = t.kinds().into_iter().map(kind_words).collect();
        format!("{who}: {}.", kinds.join("; or "))
    };
    html! { <p class="evac-now"><strong>{ text }</strong></p> }
}

/// The stash buttons of `colours`; `open`: the player at the board may place from them.
fn stash(c: &Panel, colours: &[Colour], open: bool) -> Html {
    let t = c.table;
    let buttons = colours
        .iter()
        .flat_map(|&col| SIZES.map(|s| Piece::new(col, s)));
    html! {
        { for buttons.map(|p| {
            let n = t.game.stash(p.colour)[p.size.index()];
            let usable = open && t.placeable(p);
            let onkeydown = {
                let on_tap = c.on_tap.clone();
                Callback::from(move |e: KeyboardEvent| {
                    if Key::of(&e.key()) == Key::Pick {
                        e.prevent_default();
                        on_tap.emit((Thing::Stash(p), true));
                    }
                })
            };
            let label = format!(
                "{}: {n} in the stash{}",
                piece_name(p),
                if open && !usable && n > 0 { "; no triangle takes it now" } else { "" }
            );
            html! {
                <button type="button" class={classes!("pc", format!("c{}", p.colour.index()), usable.then_some("usable"))}
                    data-p={p.to_string()} aria-pressed={(c.pick.piece == Some(p)).to_string()}
                    aria-disabled={(!usable).then_some("true")} aria-label={label}
                    onclick={tap(c.on_tap, Thing::Stash(p))} {onkeydown}>
                    { format!("{p} ×{n}") }
                </button>
            }
        }) }
    }
}

/// The mover's stash (and the general one), first in the panel while they may place.
fn own_stash(c: &Panel) -> Html {
    let t = c.table;
    let g = t.game;
    let colours = g.colours(g.turn());
    let faded = colours
        .iter()
        .chain(g.mode().wild().then_some(&Colour::Blue))
        .flat_map(|&col| SIZES.map(|s| Piece::new(col, s)))
        .any(|p| g.stash(p.colour)[p.size.index()] > 0 && !t.placeable(p));
    html! {
        <div class="evac-mine">
            <div class="evac-stash" role="group" aria-label="Your stash">{ stash(c, colours, true) }</div>
            if g.mode().wild() {
                <div class="evac-stash evac-general" role="group" aria-label="The general stash (blue, wild)">
                    { stash(c, &[Colour::Blue], true) }
                </div>
            }
            if faded {
                { fixed::markup(r#"<p class="evac-hint">Faded: no triangle takes it now (tap it to see why).</p>"#) }
            }
        </div>
    }
}

/// The pyramid picked: where it may go, or what the placement aimed at would do.
fn picked(c: &Panel) -> Html {
    let t = c.table;
    let g = t.game;
    let Some(piece) = c.pick.piece else {
        return Html::default();
    };
    let cancel = html! { <button type="button" id="evac-cancel" onclick={tap(c.on_tap, Thing::Cancel)}>{ "Cancel" }</button> };
    let Some(at) = c.pick.aim else {
        let targets = t.targets(c.pick);
        let moves = targets
            .iter()
            .filter(|at| usize::from(at.level) <= g.stack(at.space).len())
            .count();
        return html! {
            <div class="evac-picked">
                <div class="buttons">{ cancel }</div>
                <p>{ format!("A {}: {} where it moves a stack (solid), {} where it only nudges (dashed).",
                    piece_name(piece), plural(moves, "triangle"), plural(targets.len() - moves, "triangle")) }</p>
            </div>
        };
    };
    // A pugilist's two ways: each button and each preview names its door.
    let confirms = t.confirms(piece, at);
    let two = confirms.len() > 1;
    let mut lines = Vec::new();
    for (_, mv, words) in &confirms {
        let mut after = g.clone();
        if after.play(mv).is_ok() {
            if two {
                lines.push(format!(
                    "{}:",
                    words
                        .trim_start_matches("Confirm: ")
                        .replace("toward", "Toward")
                ));
            }
            lines.extend(describe(g, &after, mv, t.names));
        }
    }
    let buttons = confirms.iter().enumerate().map(|(i, (thing, mv, words))| {
        let onclick = tap(c.on_tap, thing.clone());
        if i == 0 {
            html! { <button type="button" class="primary" id="evac-go" {onclick}>{ words.clone() }</button> }
        } else {
            html! { <button type="button" id="evac-other" data-m={mv.to_string()} {onclick}>{ words.clone() }</button> }
        }
    });
    html! {
        // The buttons first: they stay just under the board's headline however long the
        // words are (on a phone, board and buttons fit one screen).
        <div class="evac-preview" aria-live="polite">
            <div class="buttons">
                { for buttons }
                { cancel }
            </div>
            <p><b>{ if two { "Either way, with your pugilist. " } else { "If you confirm: " } }</b>{ lines.join(" ") }</p>
        </div>
    }
}

/// The buttons of the steps other than placing.
fn steps(c: &Panel) -> Html {
    let t = c.table;
    let g = t.game;
    let button = |mv: &EvacuateMove| {
        let (text, id, primary) = match mv {
            EvacuateMove::Release(set) => {
                let pieces: Vec<Piece> = set.iter().filter_map(|at| g.triangle(*at)).collect();
                let at: Vec<String> = set.iter().map(ToString::to_string).collect();
                (
                    format!("Release {} ({})", pieces_words(&pieces), at.join(", ")),
                    None,
                    false,
                )
            }
            EvacuateMove::Take(at) => {
                let p = g.triangle(*at).map(piece_name).unwrap_or_default();
                (format!("Take off the {p} on {at}"), None, false)
            }
            EvacuateMove::Trade(col) => (format!("Trade with {}'s tree", col.name()), None, true),
            EvacuateMove::End => ("End the turn".to_string(), Some("evac-end"), false),
            EvacuateMove::Pass => ("Pass".to_string(), Some("evac-pass"), true),
            _ => return Html::default(),
        };
        html! {
            <button type="button" {id} class={classes!(primary.then_some("primary"))} data-m={mv.to_string()}
                onclick={tap(c.on_tap, Thing::Step(mv.clone()))}>{ text }</button>
        }
    };
    let buttons: Vec<Html> = t
        .legal
        .iter()
        .filter(|m| !matches!(m, EvacuateMove::Place { .. } | EvacuateMove::Reverse { .. }))
        .map(button)
        .collect();
    if buttons.is_empty() {
        return Html::default();
    }
    html! { <div class="buttons evac-steps">{ for buttons }</div> }
}

/// One seat: its name, side and scores, and its stash unless it is shown above.
fn seat(c: &Panel, s: Seat, shown_above: bool) -> Html {
    let g = c.table.game;
    let name = c.table.name(s);
    let near = c
        .said
        .clone()
        .filter(|_| c.tapped.is_some_and(|p| g.colours(s).contains(&p.colour)));
    html! {
        <div class="evac-seat" data-seat={(s + 1).to_string()}>
            <p>
                <b>{ name.clone() }</b>
                { format!(" ({}): round score {}, match total {}{}", g.seat_card(s).side, g.round_score(s),
                    g.match_total(s), if g.is_eliminated(s) { ", out of this round" } else { "" }) }
            </p>
            if !shown_above {
                <div class="evac-stash" role="group" aria-label={format!("{name}'s stash")}>
                    { stash(c, g.colours(s), false) }
                </div>
                if let Some(near) = near {
                    // The answer line's words again, beside the stash tapped (read out once,
                    // by the answer line).
                    <p class="evac-said" aria-hidden="true"><b>{ near }</b></p>
                }
            }
        </div>
    }
}

/// The Evacuate panel.
pub fn panel(c: &Panel) -> Html {
    let t = c.table;
    let g = t.game;
    let placing = t.kinds().contains(&Kind::Place);
    let note = c
        .before
        .zip(c.last_move)
        .map(|(b, mv)| describe(b, g, mv, t.names).join(" "));
    let lost: usize = super::board::COLOURS
        .iter()
        .map(|&col| g.lost(col).iter().map(|&n| usize::from(n)).sum::<usize>())
        .sum();
    let onkeydown = {
        let on_tap = c.on_tap.clone();
        Callback::from(move |e: KeyboardEvent| {
            if Key::of(&e.key()) == Key::Cancel {
                on_tap.emit((Thing::Cancel, true));
            }
        })
    };
    let general = g.mode().wild() && !placing;
    html! {
        <div class="board-panel evac-panel" {onkeydown}>
            { say(c.said.as_deref()) }
            { headline(c) }
            // What the pyramid picked may do (and Confirm) first, just under the board: on a
            // phone, board and buttons fit one screen, the stash below.
            { picked(c) }
            if placing { { own_stash(c) } }
            { steps(c) }
            if let Some(note) = note {
                <p class="evac-note" role="status">{ note }</p>
            }
            <p class="evac-round">{ format!("Round {}, ceiling at level {}, {} taken by the ceiling.",
                g.round(), g.ceiling(), plural(lost, "pyramid")) }</p>
            { for (0..g.mode().seats()).map(|s| seat(c, s, placing && s == g.turn())) }
            if general {
                <div class="evac-seat evac-general">
                    { fixed::markup("<p><b>General stash</b> (blue is wild: anyone may place it; blue pyramids count as everyone's own)</p>") }
                    <div class="evac-stash" role="group" aria-label="The general stash">{ stash(c, &[Colour::Blue], false) }</div>
                    if let Some(near) = c.said.clone().filter(|_| c.tapped.is_some_and(|p| p.colour == Colour::Blue)) {
                        <p class="evac-said" aria-hidden="true"><b>{ near }</b></p>
                    }
                </div>
            }
            { crate::ui::kit::marks::marks_key("evacuate", "What the marks mean (the board is a reconstruction)") }
        </div>
    }
}
