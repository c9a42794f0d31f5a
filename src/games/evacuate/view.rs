//! The Evacuate board on the board kit: the floor column and the triangle grid beside it
//! (`view_draw`), the lit triangles of the pyramid picked, the ringed pyramids that may be
//! released (or taken off in a jam), the last step sliding in and what it removed fading;
//! the panel under it (`view_panel`); what a tap does is `pick`'s.

use yew::prelude::*;

use super::board::{Door, Piece, Tri, LEVELS, SHADED, SPACES};
use super::moves::EvacuateMove;
use super::pick::{Pick, Table, Thing};
use super::rules::Evacuate;
use super::view_draw::{self as draw, row_top, slot_x, FILLS, FX, H, HEIGHT, SW, WIDTH};
use super::view_panel::{panel, Panel};
use super::view_words::{door_name, piece_name, pieces_words};
use super::words::way_door;
use crate::core::{Game, PlayerInfo};
use crate::ui::game_view::{AnyBoardProps, GameView, Paint};
use crate::ui::kit::keys::{use_roving, Key, Roving};
use crate::ui::kit::{self, motion, BoardProps};

#[path = "view_cells.rs"]
mod cells;
use crate::ui::hooks::use_value_eq;
use cells::*;

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
    board: |ctx, props| use_board_view(props).run(ctx),
    paint,
    setup_hint: "Colours are fixed by the seat (see the rules). The board is a reconstruction: the original pictures are lost.",
    since_mark,
};

/// A move's mark since the person's last turn: on the triangle placed on or taken from, or
/// the first of a group released.
fn since_mark(_: &dyn crate::registry::AnyGame, mv: &str) -> Option<(f64, f64, f64)> {
    let t = match mv.parse().ok()? {
        EvacuateMove::Place { at, .. }
        | EvacuateMove::Reverse { at, .. }
        | EvacuateMove::Take(at) => at,
        EvacuateMove::Release(ts) => *ts.first()?,
        _ => return None,
    };
    let (_, x, y) = draw::tri_points(t);
    Some((f64::from(x), f64::from(y), 10.0))
}

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
    /// The spaces the aimed placement's group would end on, each with the door its way goes
    /// toward (two with a pugilist's two ways), and the group lifted (space, level).
    dests: Vec<(u8, Door)>,
    /// Whether the aimed placement may go either way (Phobos Pugilists): the destinations
    /// name their door.
    two_ways: bool,
    lifted: Option<Tri>,
    moved: Option<draw::Moved>,
    roving: &'a Roving<Tri>,
    on_tap: &'a Callback<(Thing, bool)>,
}

/// The Evacuate board and its panel, drawn in the kit's one board component ([`kit::Board`]).
#[hook]
fn use_board_view(props: &AnyBoardProps) -> Html {
    let board = kit::use_board::<Evacuate>(props);
    let marks = kit::since::draw(&props.marks);
    let roving = use_roving("data-t", Tri::new(4, 1));
    // The stash pyramid last tapped: the answer is said beside that stash too (another
    // player's stash lies far below the answer line on a phone).
    let tapped = use_value_eq(|| None::<Piece>);
    let Some(props) = &board else {
        return kit::not_this_game();
    };
    let game = &*props.position;
    let names = seat_names(&props.players, game.mode().seats());
    let table = Table::new(game, &names, props.can_move);
    // A tap, or a key: by keys, a pyramid picked sends the focus to its first triangle, and
    // a step played keeps the focus on the board.
    let on_tap = {
        let (roving, on_tap, picked) = (roving.clone(), props.on_tap.clone(), props.pick.piece);
        let tapped = tapped.clone();
        // Each pyramid that may be placed, with the first triangle it may go to.
        let firsts: Vec<(Piece, Tri)> = table
            .legal
            .iter()
            .filter_map(|m| match m {
                EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at } => {
                    Some((*piece, *at))
                }
                _ => None,
            })
            .collect();
        Callback::from(move |(thing, keyboard): (Thing, bool)| {
            tapped.set(match &thing {
                Thing::Stash(p) => Some(*p),
                _ => None,
            });
            match (&thing, keyboard) {
                (Thing::Stash(p), true) if picked != Some(*p) => {
                    if let Some(&(_, t)) = firsts.iter().find(|f| f.0 == *p) {
                        roving.go(t);
                    }
                }
                (Thing::Tri(_), true) => roving.go(roving.at()),
                _ => {}
            }
            on_tap.emit(thing);
        })
    };
    // A pick from before a change of position is dropped by the kit; meanwhile
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
    // Where each way of the aimed placement would end (a pugilist's two ways: both, each
    // with its door).
    let dests: Vec<(u8, Door)> = current
        .piece
        .zip(current.aim)
        .map(|(p, at)| table.ways(p, at))
        .unwrap_or_default()
        .iter()
        .filter_map(|mv| {
            let (EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at }) = mv
            else {
                return None;
            };
            let reverse = matches!(mv, EvacuateMove::Reverse { .. });
            let to = game.preview_toward(*at, piece.size, reverse)?.to?;
            Some((to, way_door(*at, reverse)))
        })
        .collect();
    let two_ways = current
        .piece
        .zip(current.aim)
        .is_some_and(|(p, at)| table.ways(p, at).len() > 1);
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
        dests,
        two_ways,
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
                    { marks }
                </svg>
            </div>
            { panel(&Panel {
                table: &table,
                before,
                last_move: props.last_move.as_ref(),
                pick: current,
                said: props.said.clone(),
                tapped: *tapped,
                on_tap: &on_tap,
            }) }
        </>
    }
}
