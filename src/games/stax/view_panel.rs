//! The panel under (or beside) the STAX table. First what the mover needs for a turn, kept
//! compact so that a phone shows it right under the board: the answer to the last tap, what
//! to do, the mover's rack, the ways to lay or turn the tile shown and Place (or Move);
//! then the other players' racks and the stack looked at.

use yew::prelude::*;

use super::cell::Cell;
use super::moves::{Refusal, StaxMove};
use super::pick::{pressed_in_rack, Pick, Thing};
use super::rules::Stax;
use super::tile::TileKind;
use super::view_draw::{capture, mini};
use super::words::{kind_words, mask_words, name, stack_words};
use crate::core::{Game, Seat};
use crate::ui::kit::tap::say;

/// What the panel shows.
pub struct PanelProps<'a> {
    pub position: &'a Stax,
    pub before: Option<&'a Stax>,
    pub last_move: Option<StaxMove>,
    /// What is picked (still allowed by the position).
    pub pick: Pick,
    pub can_move: bool,
    /// The mover's rack tiles that have a place now.
    pub placeable: Vec<TileKind>,
    /// The ways the tile shown may lie, each refused one with its reason.
    pub ways: Vec<(u8, Option<Refusal>)>,
    /// The move the pick makes, when it is whole and legal.
    pub ready: Option<StaxMove>,
    /// The draw offer and answers open now.
    pub draws: Vec<StaxMove>,
    /// The stack looked at (picked or focused).
    pub looking: Option<Cell>,
    /// Why the last tap did nothing, if it did nothing.
    pub said: Option<AttrValue>,
    pub on_tap: &'a Callback<Thing>,
}

/// What the mover is asked to do now, in a line.
fn prompt(game: &Stax, pick: Pick) -> String {
    let two_sided = pick.placing().is_some_and(TileKind::two_sided);
    match pick {
        Pick::None => "Pick a tile from your rack, or an outlined tile to move.".into(),
        Pick::Kind(k) => format!("{}: pick a highlighted cell.", kind_words(k)),
        Pick::Place(..) if two_sided => "Choose how it lies (R turns, F flips), then Place.".into(),
        Pick::Place(..) => "Choose how it lies (R turns it), then Place.".into(),
        Pick::From(f) => format!(
            "Moving {}'s tile on {f}: pick a highlighted cell.",
            name(game.turn())
        ),
        Pick::Travel(..) => "Choose how it ends (R turns it), then Move.".into(),
    }
}

/// A button that taps `thing`.
fn tap_button(
    on_tap: &Callback<Thing>,
    thing: Thing,
    id: &'static str,
    text: &'static str,
) -> Html {
    let onclick = on_tap.reform(move |_: MouseEvent| thing);
    html! { <button type="button" {id} {onclick}>{ text }</button> }
}

/// A button showing a tile of `seat` with pointers `mask` (a rack's tile, or a way to lay
/// one), tapping `thing`; a rack's tile is named under it.
fn tile_button(
    on_tap: &Callback<Thing>,
    thing: Thing,
    (seat, mask): (Seat, u8),
    class: Option<&'static str>,
    pressed: bool,
    label: String,
) -> Html {
    let (kind, way) = match thing {
        Thing::Rack(_, k) => (Some(k.name()), None),
        _ => (None, Some(mask.to_string())),
    };
    html! {
        <button type="button" {class} data-kind={kind} data-mask={way}
            aria-pressed={if pressed { "true" } else { "false" }} aria-label={label.clone()}
            title={label} onclick={on_tap.reform(move |_: MouseEvent| thing)}>
            { mini(seat, mask) }
            if let Some(k) = kind { <span>{ k }</span> }
        </button>
    }
}

/// One seat's rack: the mover's tiles with a place are marked usable.
fn rack(p: &PanelProps, seat: Seat, mine: bool) -> Html {
    let game = p.position;
    let reserve = game.reserve(seat);
    let label = format!("{}'s rack: {} unplayed", name(seat), reserve.len());
    let tiles = reserve.into_iter().map(|k| {
        let class = if mine && p.placeable.contains(&k) {
            "rack-tile usable"
        } else {
            "rack-tile"
        };
        let title = format!("{} {}: {}", name(seat), k.name(), k.description());
        let pressed = pressed_in_rack(game, p.pick, seat, k);
        tile_button(
            p.on_tap,
            Thing::Rack(seat, k),
            (seat, k.base()),
            Some(class),
            pressed,
            title,
        )
    });
    html! {
        <div class={if mine { "stax-rack mine" } else { "stax-rack" }}
            data-seat={game_letter(seat)} role="group" aria-label={label.clone()}>
            if !mine { <p>{ label }</p> }
            <div class="rack-tiles">{ for tiles }</div>
        </div>
    }
}

fn game_letter(seat: Seat) -> &'static str {
    super::tile::Colour::of_seat(seat).letter_str()
}

/// The ways to lay or turn the tile shown, then Place or Move, and Cancel; or the draw
/// offer when nothing is picked.
fn actions(p: &PanelProps) -> Html {
    let game = p.position;
    let seat = game.turn();
    let chosen = p.pick.chosen().map(|c| c.1);
    let ways = p.ways.iter().map(|(m, why)| {
        let words = mask_words(*m);
        let (class, label) = match why {
            Some(r) => (Some("refused"), format!("{words}: refused, {r}")),
            None => (None, words),
        };
        tile_button(
            p.on_tap,
            Thing::Way(*m),
            (seat, *m),
            class,
            chosen == Some(*m),
            label,
        )
    });
    let confirm = if p.pick.placing().is_some() {
        "Place"
    } else {
        "Move"
    };
    let offer = p.draws.contains(&StaxMove::Offer) && p.pick == Pick::None;
    html! {
        <div class="stax-act">
            if !p.ways.is_empty() {
                <div class="stax-ways" role="group" aria-label="How the tile lies">{ for ways }</div>
            }
            if p.ready.is_some() {
                { tap_button(p.on_tap, Thing::Confirm, "stax-confirm", confirm) }
            }
            if p.pick != Pick::None {
                { tap_button(p.on_tap, Thing::Cancel, "stax-cancel", "Cancel") }
            }
            if offer {
                { tap_button(p.on_tap, Thing::Draw(StaxMove::Offer), "stax-offer", "Offer a draw") }
            }
        </div>
    }
}

/// A line on how the game ended by a capture, or on a pending draw offer.
fn news(p: &PanelProps) -> Html {
    let game = p.position;
    if let Some((loser, at)) = capture(p.before, p.last_move) {
        let winner = game.top(at).map_or(0, |t| t.owner());
        return html! {
            <p class="stax-capture">{ format!("{} captured {}'s king on {at}.", name(winner), name(loser)) }</p>
        };
    }
    if p.draws.contains(&StaxMove::Accept) {
        let on_tap = p.on_tap;
        return html! {
            <div class="stax-act">
                <p>{ format!("{} offers a draw.", name(game.turn())) }</p>
                { tap_button(on_tap, Thing::Draw(StaxMove::Accept), "stax-accept", "Accept the draw") }
                { tap_button(on_tap, Thing::Draw(StaxMove::Decline), "stax-decline", "Decline the draw") }
            </div>
        };
    }
    Html::default()
}

/// The STAX panel.
pub fn panel(props: &PanelProps) -> Html {
    let game = props.position;
    let mover = game.turn();
    let playing =
        props.can_move && game.outcome().is_none() && !props.draws.contains(&StaxMove::Accept);
    let looking = props
        .looking
        .filter(|&c| game.height(c) > 1)
        .map(|c| html! { <p class="stax-looking">{ stack_words(c, game.stack(c)) }</p> });
    html! {
        <div class="board-panel stax-panel">
            { say(props.said.as_deref()) }
            { news(props) }
            if playing {
                <p class="stax-now">{ prompt(game, props.pick) }</p>
            }
            { rack(props, mover, playing) }
            if playing { { actions(props) } }
            { for (1..game.players()).map(|k| rack(props, (mover + k) % game.players(), false)) }
            { looking }
            { crate::ui::kit::marks::marks_key("stax", "What the marks mean") }
        </div>
    }
}
