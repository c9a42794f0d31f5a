//! The Evacuate board on the board kit: the floor column and the triangle grid beside it
//! (`view_draw`), the lit triangles of the pyramid picked, the ringed pyramids that may be
//! released (or taken off in a jam), the last step sliding in and what it removed fading;
//! the panel under it (`view_panel`); what a tap does is `pick`'s.

use yew::prelude::*;

use super::board::{Tri, LEVELS, SHADED, SPACES};
use super::moves::EvacuateMove;
use super::pick::{Pick, Table, Thing};
use super::rules::Evacuate;
use super::view_draw::{self as draw, row_top, slot_x, FILLS, FX, H, HEIGHT, SW, WIDTH};
use super::view_panel::{panel, Panel};
use super::view_words::{door_name, ends_turn, piece_name, pieces_words};
use crate::core::{Game, PlayerInfo};
use crate::ui::game_view::{AnyBoardProps, GameView, Paint};
use crate::ui::kit::keys::{use_roving, Key, Roving};
use crate::ui::kit::tap::Tap;
use crate::ui::kit::{self, motion, BoardProps};

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
    thumbnail: draw::thumbnail,
    paint,
    setup_hint: "Colours are fixed by the seat (see the rules). The board is a reconstruction: the original pictures are lost.",
    ends_turn: Some(ends_turn),
};

/// The players' names by seat.
fn seat_names(players: &[PlayerInfo], seats: usize) -> Vec<String> {
    (0..seats)
        .map(|s| {
            players
                .get(s)
                .map_or_else(|| format!("Player {}", s + 1), |p| p.name.clone())
        })
        .collect()
}

/// What the board's parts need to draw themselves.
struct Ctx<'a> {
    props: &'a BoardProps<Evacuate>,
    table: &'a Table<'a>,
    pick: Pick,
    targets: Vec<Tri>,
    ringed: Vec<Tri>,
    /// The space the aimed placement's group would end on, and the group lifted (space,
    /// level).
    dest: Option<u8>,
    lifted: Option<Tri>,
    moved: Option<draw::Moved>,
    roving: &'a Roving<Tri>,
    on_tap: &'a Callback<(Thing, bool)>,
}

/// A floor space: its stack from the side, every pyramid tappable.
fn space(c: &Ctx, s: u8) -> Html {
    let game = c.table.game;
    let stack = game.stack(s);
    let y = row_top(s);
    let shaded = SHADED.contains(&s);
    let label = format!(
        "Space {s}{}{}: {}{}",
        if shaded { " (shaded)" } else { "" },
        match s {
            1 => ", next to door A",
            SPACES => ", next to door B",
            _ => "",
        },
        if stack.is_empty() {
            "empty".to_string()
        } else {
            format!("bottom to top {}", pieces_words(stack))
        },
        if c.dest == Some(s) {
            "; the moving group would end here"
        } else {
            ""
        }
    );
    let on = |level: u8| {
        let on_tap = c.on_tap.clone();
        Callback::from(move |_: MouseEvent| on_tap.emit((Thing::Floor(s, level), false)))
    };
    let (arrived, from) = match &c.moved {
        Some(m) if m.to == s && c.props.animate => (m.arrived, m.from),
        _ => (0, (0.0, 0.0)),
    };
    let stayed = stack.len() - arrived.min(stack.len());
    let piece = |i: usize| {
        let lifted = c
            .lifted
            .is_some_and(|t| t.space == s && i + 1 >= usize::from(t.level));
        draw::floor_piece(
            stack[i],
            (slot_x(i), y + H - 4),
            classes!(lifted.then_some("moving")),
            Some(on(i as u8 + 1)),
        )
    };
    html! {
        <g class={classes!("space", shaded.then_some("shaded"), (c.dest == Some(s)).then_some("dest"))}
            data-space={s.to_string()} role="img" aria-label={label}>
            <rect x={FX.to_string()} y={y.to_string()} width={(6 * SW + 8).to_string()} height={H.to_string()} onclick={on(0)} />
            <text class="num" x={(FX - 5).to_string()} y={(y + 29).to_string()}>{ s }</text>
            { for (0..stayed).map(piece) }
            { motion::slide(c.props.animate, c.props.ply, from, (stayed..stack.len()).map(piece).collect()) }
        </g>
    }
}

/// A triangle of the grid, a button.
fn triangle(c: &Ctx, t: Tri) -> Html {
    let game = c.table.game;
    if t.level > game.ceiling() {
        return draw::gone_tri(t);
    }
    let (points, tx, ty) = draw::tri_points(t);
    let piece = game.triangle(t);
    let door = door_name(super::board::direction(t));
    let target = c.targets.contains(&t);
    let moves = usize::from(t.level) <= game.stack(t.space).len();
    let ringed = c.ringed.contains(&t);
    let last = matches!(c.props.last_move, Some(EvacuateMove::Place { at, .. } | EvacuateMove::Reverse { at, .. }) if at == t);
    let mut label = format!(
        "Triangle {t}, level {} of space {}, points to door {door}: {}",
        t.level,
        t.space,
        piece.map_or_else(|| "vacant".to_string(), piece_name)
    );
    for (on, words) in [
        (target && moves, "; placing here moves the stack"),
        (target && !moves, "; placing here only nudges"),
        (c.pick.aim == Some(t), "; chosen: choose again to confirm"),
        (ringed, "; ringed: tap to take it off or release it"),
        (last, "; last placement"),
    ] {
        if on {
            label.push_str(words);
        }
    }
    let class = classes!(
        "tri",
        if door == "A" { "up" } else { "down" },
        piece.map(|p| format!("full c{}", p.colour.index())),
        (target && moves).then_some("move"),
        (target && !moves).then_some("nudge"),
        (c.pick.aim == Some(t)).then_some("aim"),
        ringed.then_some("free"),
        last.then_some("last"),
    );
    let onclick = {
        let (on_tap, roving) = (c.on_tap.clone(), c.roving.clone());
        Callback::from(move |_: MouseEvent| {
            roving.mark(t);
            on_tap.emit((Thing::Tri(t), false));
        })
    };
    let ceiling = game.ceiling();
    let onkeydown = {
        let (on_tap, roving) = (c.on_tap.clone(), c.roving.clone());
        Callback::from(move |e: KeyboardEvent| match Key::of(&e.key()) {
            Key::Pick => {
                e.prevent_default();
                on_tap.emit((Thing::Tri(t), true));
            }
            Key::Cancel => on_tap.emit((Thing::Cancel, true)),
            Key::Step(across, up) => {
                e.prevent_default();
                let s = (i32::from(t.space) - up).clamp(1, i32::from(SPACES));
                let l = (i32::from(t.level) + across).clamp(1, i32::from(ceiling.max(1)));
                roving.go(Tri::new(s as u8, l as u8));
            }
            Key::Other => {}
        })
    };
    let text = piece.map_or_else(|| t.level.to_string(), |p| p.to_string());
    let shape = html! {
        <>
            <polygon {points} />
            <text x={tx.to_string()} y={ty.to_string()}>{ text }</text>
        </>
    };
    // A pyramid just placed slides in from below (from the panel).
    let shape = if last && piece.is_some() {
        motion::slide(c.props.animate, c.props.ply, (0.0, 40.0), shape)
    } else {
        shape
    };
    html! {
        <g {class} data-t={t.to_string()} role="button" tabindex={c.roving.tabindex(&t)}
            aria-label={label} aria-pressed={(c.pick.aim == Some(t)).to_string()} {onclick} {onkeydown}>
            { shape }
        </g>
    }
}

/// The Evacuate board and its panel.
#[component]
pub fn Board(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Evacuate>(props);
    let roving = use_roving("data-t", Tri::new(4, 1));
    let Some(props) = &board else {
        return kit::not_this_game();
    };
    let game = &*props.position;
    let names = seat_names(&props.players, game.mode().seats());
    let table = Table::new(game, &names, props.can_move);
    // A tap, or a key: by keys, a pyramid picked sends the focus to its first triangle, and
    // a step played keeps the focus on the board.
    let on_tap = {
        let (roving, on_tap, on_answer) = (
            roving.clone(),
            props.on_tap.clone(),
            props.on_answer.clone(),
        );
        let (position, players, can_move, pick) = (
            props.position.clone(),
            props.players.clone(),
            props.can_move,
            props.pick,
        );
        Callback::from(move |(thing, keyboard): (Thing, bool)| {
            if !keyboard {
                return on_tap.emit(thing);
            }
            let names = seat_names(&players, position.mode().seats());
            let table = Table::new(&position, &names, can_move);
            let answer = table.tap(pick, thing);
            match &answer {
                Tap::Select(p) => {
                    if let (None, Some(&t)) = (p.aim, table.targets(*p).first()) {
                        roving.go(t);
                    }
                }
                Tap::Play(_) => roving.go(roving.at()),
                Tap::Refuse(_) => {}
            }
            on_answer.emit(answer);
        })
    };
    // A pick from before a change of position is dropped by the effect above; meanwhile
    // it is shown only if it still fits.
    let current = Pick {
        piece: props.pick.piece.filter(|&p| table.placeable(p)),
        aim: props.pick.aim,
    };
    let current = Pick {
        aim: current
            .aim
            .filter(|&at| current.piece.is_some_and(|p| !table.ways(p, at).is_empty())),
        ..current
    };
    let aimed_way = current
        .piece
        .zip(current.aim)
        .and_then(|(p, at)| table.ways(p, at).into_iter().next());
    let dest = match &aimed_way {
        Some(EvacuateMove::Place { piece, at }) => game.preview_toward(*at, piece.size, false),
        Some(EvacuateMove::Reverse { piece, at }) => game.preview_toward(*at, piece.size, true),
        _ => None,
    }
    .and_then(|pv| pv.to);
    let lifted = current
        .aim
        .filter(|at| usize::from(at.level) <= game.stack(at.space).len());
    let before = props.before.as_deref();
    let moved = before
        .zip(props.last_move.as_ref())
        .and_then(|(b, mv)| draw::moved(b, game, mv));
    let c = Ctx {
        props,
        table: &table,
        pick: current,
        targets: table.targets(current),
        ringed: table.ringed(),
        dest,
        lifted,
        moved,
        roving: &roving,
        on_tap: &on_tap,
    };
    // What the last step removed fades out (one group: one key).
    let gone = before.filter(|_| props.animate).map(|b| {
        let floor = props
            .last_move
            .as_ref()
            .map(|mv| draw::gone_from_floor(b, game, mv));
        let gone = html! { <>{ floor }{ draw::gone_from_grid(b, game) }</> };
        motion::fade(props.animate, props.ply, gone)
    });
    let ceiling = game.ceiling();
    html! {
        <>
            <div class="board-wrap">
                <svg class="board evac-board" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="group"
                    data-ceiling={ceiling.to_string()}
                    data-to-move={game.outcome().is_none().then(|| (game.turn() + 1).to_string())}
                    aria-label={format!("Evacuate board (a reconstruction): the floor, spaces 1 to 8 from door A at the top to door B at the bottom, each stack bottom to top from the left; beside it the triangles of levels 1 to {LEVELS}. Arrow keys move between triangles; Enter or Space chooses; Escape cancels.")}>
                    { draw::doors() }
                    { for (1..=SPACES).map(|s| space(&c, s)) }
                    { for (1..=SPACES).flat_map(|s| (1..=LEVELS).map(move |l| Tri::new(s, l))).map(|t| triangle(&c, t)) }
                    { draw::ceiling(ceiling) }
                    { gone }
                </svg>
            </div>
            { panel(&Panel {
                table: &table,
                before,
                last_move: props.last_move.as_ref(),
                pick: current,
                said: props.said.clone(),
                on_tap: &on_tap,
            }) }
        </>
    }
}
