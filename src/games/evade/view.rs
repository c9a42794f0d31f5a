//! The Evade board on the board kit: a 6x6 grid drawn as nine 2x2 piecepack tiles
//! (`view_draw`), the panel beside it (`view_panel`); what a tap does is `pick`'s.
//!
//! Every value drawn comes from the position the board receives, which the page has already
//! masked for the viewer: a coin whose value is hidden there is drawn face down with no value,
//! and nothing else on the board (labels, panel) can tell it.

use yew::prelude::*;

use super::board::{start_row, Square};
use super::moves::EvadeMove;
use super::pick::{self, Act, Pick};
use super::rules::Evade;
use super::view_draw::{self as draw, square_xy, CELL, COIN_R};
use super::view_panel::{panel, Panel};
use super::words::{self, Face};
use crate::core::{Rng, Viewer};
use crate::ui::game_view::{num, AnyBoardProps, GameView, Paint};
use crate::ui::kit::keys::{use_roving, Key, Roving};
use crate::ui::kit::tap::Tap;
use crate::ui::kit::{self, BoardProps};

/// How a side (by its letter, `S` or `M`) is painted.
fn paint(letter: &str) -> Option<Paint> {
    match letter {
        "S" => Some(Paint {
            fill: draw::SUN_FILL,
            ink: draw::SUN_INK,
        }),
        "M" => Some(Paint {
            fill: draw::MOON_FILL,
            ink: draw::MOON_INK,
        }),
        _ => None,
    }
}

/// How the UI shows Evade.
pub const VIEW: GameView = GameView {
    slug: "evade",
    board: |props| html! { <Board ..props /> },
    thumbnail: draw::thumbnail,
    paint,
    setup_hint: "Suns (seat 1) set up first, then Moons, each in secret: the device is handed over between them and before every turn. Switch on \"Show me my own coins\" if you would rather not remember where your ace and blank are.",
    ends_turn: None,
};

/// What one square needs to draw itself.
struct Cell<'a> {
    props: &'a BoardProps<Evade>,
    pick: Pick,
    targets: &'a [(Square, bool)],
    arranging: bool,
    roving: &'a Roving<Square>,
    on_act: &'a Callback<Act>,
}

/// A square's label for screen readers: what stands there and what a tap does.
fn label(c: &Cell, sq: Square, placed: Option<super::Value>, slot: bool) -> String {
    let game = &*c.props.position;
    let mut label = format!("{sq}: ");
    match placed {
        Some(v) => label.push_str(&format!(
            "your {} coin {}, being set up",
            words::coin_kind(game.turn_seat()),
            words::value_words(v)
        )),
        None if slot => label.push_str("empty starting square; put a coin here"),
        None => label.push_str(&words::square_words(game, sq, c.props.viewer)),
    }
    if game.peeked() == Some(sq) && game.end().is_none() {
        label.push_str("; peeked at this turn");
    }
    if last_step(c.props).is_some_and(|(f, t)| f == sq || t == sq) {
        label.push_str("; last move");
    }
    if c.pick.square == Some(sq) {
        label.push_str("; selected");
    }
    match c.targets.iter().find(|t| t.0 == sq) {
        Some((_, true)) => label
            .push_str(". Move here: freezes both coins; if this coin is a special one you lose"),
        Some(_) => label.push_str(". Move here"),
        None if slot && c.pick.value.is_some() => label.push_str(". Put the picked coin here"),
        None => {}
    }
    label
}

/// The last move, when it was a step.
fn last_step(props: &BoardProps<Evade>) -> Option<(Square, Square)> {
    match props.last_move {
        Some(EvadeMove::Step { from, to }) => Some((from, to)),
        _ => None,
    }
}

fn cell(c: &Cell, sq: Square) -> Html {
    let game = &*c.props.position;
    let xy = square_xy(sq);
    let (cx, cy) = (num(xy.0 + CELL / 2.0), num(xy.1 + CELL / 2.0));
    let coins = game.coins_at(sq);
    let slot = c.arranging && sq.rank() == pick::home_row(game);
    let placed = slot.then(|| c.pick.row[sq.file() as usize]).flatten();
    let target = c.targets.iter().find(|t| t.0 == sq).map(|t| t.1);
    let slot_target = slot && c.pick.value.is_some();
    let peeked = game.peeked() == Some(sq) && game.end().is_none();
    let last = last_step(c.props);
    let class = classes!(
        "cell",
        (c.pick.square == Some(sq)).then_some("selected"),
        (target.is_some() || slot_target).then_some("target"),
        (target == Some(true)).then_some("freeze-target"),
        slot.then_some("slot"),
        last.is_some_and(|(f, t)| f == sq || t == sq)
            .then_some("last"),
        peeked.then_some("peeked"),
        (!coins.is_empty()).then_some("has-coin"),
    );
    let slide = match (last, c.props.before.is_some()) {
        (Some((from, to)), true) if to == sq => draw::offset(from, to),
        _ => (0.0, 0.0),
    };
    let coins = match placed {
        Some(v) => draw::coin_svg(
            game.turn_seat(),
            Some(v),
            Face::Up,
            xy.0 + 50.0,
            xy.1 + 50.0,
            COIN_R,
        ),
        None if slot => {
            html! { <circle cx={cx.clone()} cy={cy.clone()} r={num(COIN_R)} class="slot-ring" /> }
        }
        None => draw::square_coins(
            &coins,
            xy,
            game.end().is_some(),
            slide,
            (c.props.animate, c.props.ply),
        ),
    };
    let onclick = {
        let (on_act, roving) = (c.on_act.clone(), c.roving.clone());
        Callback::from(move |_: MouseEvent| {
            roving.mark(sq);
            on_act.emit(Act::Square(sq));
        })
    };
    let onkeydown = {
        let (on_act, roving) = (c.on_act.clone(), c.roving.clone());
        Callback::from(move |e: KeyboardEvent| {
            let act = match Key::of(&e.key()) {
                Key::Pick => Act::Square(sq),
                Key::Cancel => Act::Cancel,
                Key::Step(across, up) => {
                    e.prevent_default();
                    if let Some(next) = sq.offset(across, up) {
                        roving.go(next);
                    }
                    return;
                }
                Key::Other => match pick::value_for_key(&e.key()).filter(|_| slot) {
                    Some(v) => Act::Type(sq, v),
                    None => return,
                },
            };
            if act != Act::Cancel {
                e.prevent_default();
            }
            on_act.emit(act);
        })
    };
    html! {
        <g {class} data-square={sq.to_string()} role="button" tabindex={c.roving.tabindex(&sq)}
            aria-label={label(c, sq, placed, slot)} aria-pressed={(c.pick.square == Some(sq)).to_string()}
            {onclick} {onkeydown}>
            <rect x={num(xy.0 + 3.0)} y={num(xy.1 + 3.0)} width="94" height="94" rx="6" class="hit" />
            { coins }
            if peeked {
                <circle cx={cx.clone()} cy={cy.clone()} r="45" class="peek-ring" />
            }
            if let Some(freezes) = target {
                { draw::target_mark(xy, freezes) }
            } else if slot_target {
                <circle {cx} {cy} r="44" class="target-ring" />
            }
        </g>
    }
}

/// The Evade board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Evade>(props);
    // The focus starts on file c of the viewer's starting row.
    let home = match props.viewer {
        Viewer::Seat(s) => start_row(s),
        Viewer::Everyone => 0,
    };
    let roving = use_roving(
        "data-square",
        Square::new(2, home).unwrap_or_else(|| unreachable!()),
    );
    let Some(props) = &board else {
        return kit::not_this_game();
    };
    let (game, can_move, p) = (props.position.clone(), props.can_move, props.pick);
    let targets = pick::targets(&game, &p, can_move);
    // Every act goes to the picking model, but the random arrangement, which the board draws.
    let on_act = {
        let (on_tap, on_answer) = (props.on_tap.clone(), props.on_answer.clone());
        Callback::from(move |act: Act| match act {
            Act::Random => {
                let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
                on_answer.emit(Tap::Select(pick::random(&mut Rng::new(seed))));
            }
            act => on_tap.emit(act),
        })
    };
    let c = Cell {
        props,
        pick: p,
        targets: &targets,
        arranging: pick::arranging(&game, can_move),
        roving: &roving,
        on_act: &on_act,
    };
    html! {
        <>
            <div class="board-wrap">
                <svg class="board evade-board evade-art" viewBox="-8 -14 662 666" role="group"
                    aria-label="Evade board, row 1 at the bottom. Arrow keys move between squares; Enter or Space picks a coin, then where it goes; Escape cancels.">
                    { draw::tiles(draw::MARGIN, 3) }
                    { for Square::all().map(|sq| cell(&c, sq)) }
                    { draw::coordinates() }
                    // Drawn after every cell so no neighbour paints over it.
                    if let Some(sq) = p.square {
                        <rect class="selection-outline" pointer-events="none"
                            x={num(square_xy(sq).0 + 4.0)} y={num(square_xy(sq).1 + 4.0)}
                            width="92" height="92" />
                    }
                </svg>
            </div>
            { panel(&Panel { game: &game, viewer: props.viewer, can_move, pick: p, targets: &targets,
                said: props.said.clone(), on_act: &on_act }) }
        </>
    }
}
