//! The board kit: what every game's board shares, so that a board is only its game.
//!
//! - [`BoardProps`]: what a board receives, typed by its game (the downcast from the page's
//!   [`AnyBoardProps`] happens once, in [`use_board`]), with its picking: the selection, the
//!   answer line, and the tap and cancel callbacks that ask the game's picking model
//!   ([`crate::core::Picking`]) and do what it answers. The selection and the line are
//!   cleared on a new position. The page's props are equal when nothing changed (its move
//!   callback is kept), so a board draws again only when its position, move, viewer or turn
//!   changes, or its selection does.
//! - [`keys`]: one keyboard model (arrows move the focus, Enter or Space picks and plays,
//!   Escape cancels) and the roving-focus hook every board uses.
//! - [`tap`]: what a tap did in a board's picking model (a new selection, a move, or a
//!   refusal with its reason), and the line that says it.
//! - [`motion`]: the one way pieces move: a move slides what moved and fades what went.
//! - [`marks`]: the key under a board ("What the marks mean"), fetched when opened.
//! - [`since`]: the numbered marks of the moves made since the person's last turn.
//!
//! A board is written as: a picking model (`pick.rs`, the game's [`crate::core::Picking`]:
//! plain Rust with native tests, checked by the conformance harness), the drawing, the panel
//! (rack, stash, the stack picked) and the words, each a small function; the game's board hook
//! (`use_board_view`, its `GameView::board`, run in the one [`Board`] component every game
//! shares) only calls [`use_board`] and [`keys::use_roving`] and lays them out.

pub mod fixed;
pub mod keys;
pub mod marks;
pub mod motion;
pub mod since;
pub mod tap;

use std::rc::Rc;

use yew::prelude::*;

use crate::core::{Person, Picking, PlayerInfo, Tap, Viewer};
use crate::ui::game_view::{AnyBoardProps, DrawBoard};
use crate::ui::hooks::{use_value_eq, Value};

/// What a game's board receives, typed by its game `G`, and its picking ([`use_board`]).
pub struct BoardProps<G: Picking + 'static> {
    /// The position on the board, as the viewer may see it.
    pub position: Rc<G>,
    /// The position before the last move shown, as the viewer may see it.
    pub before: Option<Rc<G>>,
    /// The last move shown (`None` at the start, or when it is secret to the viewer).
    pub last_move: Option<G::Move>,
    /// How many moves of the game are on the board (a new value clears any selection).
    pub ply: usize,
    /// Who is looking at the board.
    pub viewer: Viewer,
    /// The players, by seat (names and colours).
    pub players: Rc<Vec<PlayerInfo>>,
    /// Whether the person at the device may make a move now: a seat is to move, the viewer
    /// may play it, and a person plays it. A board offers moves only then; anyone may still
    /// look at its pieces.
    pub can_move: bool,
    /// Whether the last move is to be shown moving ([`motion`]): only one step forward,
    /// not too quickly after the last, never on opening a game.
    pub animate: bool,
    /// What is selected (nothing on a new position).
    pub pick: G::Pick,
    /// The answer line: why the last tap did nothing ([`tap::say`]).
    pub said: Option<AttrValue>,
    /// A tap (or Enter) on a thing of the board or its panel: the picking model answers and
    /// the kit does what it says (a new selection, the move played, or the reason shown).
    pub on_tap: Callback<G::Thing>,
    /// Escape or Cancel: nothing selected and no line.
    pub on_cancel: Callback<()>,
    /// Does what an answer says, for a board that answers a thing itself (a random setup).
    pub on_answer: Callback<Tap<G::Pick, G::Move>>,
}

impl<G: Picking + 'static> BoardProps<G> {
    /// Whether `seat` may be moved from the board now.
    pub fn may_move(&self, seat: usize) -> bool {
        self.can_move && self.position.to_move() == Some(seat)
    }
}

/// The board's props, typed by its game, and its picking: call it first in a game's board
/// hook (`#[hook] fn use_board_view(props: &AnyBoardProps) -> Html`). `None` when the position is
/// not a `G` (a board is only ever given its own game, so that answer never changes for a
/// board; the board then returns [`not_this_game`]).
///
/// A hook rather than a component wrapping the board: each Yew component type costs the
/// bundle about 2 KB gzipped, and the props are equal when nothing changed either way.
#[hook]
pub fn use_board<G: Picking + 'static>(props: &AnyBoardProps) -> Option<BoardProps<G>> {
    let pick = use_value_eq(G::Pick::default);
    let said = use_value_eq(|| None::<AttrValue>);
    {
        // A new position, or the turn passing to or from the person: nothing selected.
        let (pick, said) = (pick.clone(), said.clone());
        use_effect_with((props.ply, props.can_move), move |_| {
            pick.set(G::Pick::default());
            said.set(None);
        });
    }
    let animate = motion::use_step_forward(props.ply);
    let typed = |p: &Rc<dyn crate::registry::AnyGame>| p.clone().into_any_rc().downcast::<G>().ok();
    let position = typed(&props.position)?;
    let on_answer = {
        let (pick, said, on_move) = (pick.clone(), said.clone(), props.on_move.clone());
        Callback::from(move |answer: Tap<G::Pick, G::Move>| {
            let why = match answer {
                Tap::Select(p) => {
                    pick.set(p);
                    None
                }
                Tap::Play(mv) => {
                    pick.set(G::Pick::default());
                    on_move.emit(mv.to_string());
                    None
                }
                Tap::Refuse(why) => Some(why),
            };
            say_line(&said, why);
        })
    };
    let on_tap = {
        // A tap is answered for the selection as it is now (a handler drawn before the last
        // selection may still be the one the browser calls).
        let (pick, on_answer) = (pick.clone(), on_answer.clone());
        let (game, players, can_move) = (position.clone(), props.players.clone(), props.can_move);
        Callback::from(move |thing: G::Thing| {
            let names = names_of(&players);
            let person = Person {
                can_move,
                names: &names,
            };
            on_answer.emit(game.tap(&person, &pick, &thing));
        })
    };
    // Nothing selected and no line: the answer "select nothing".
    let on_cancel = on_answer.reform(|()| Tap::Select(G::Pick::default()));
    Some(BoardProps::<G> {
        position,
        before: props.before.as_ref().and_then(typed),
        last_move: props.last_move.as_deref().and_then(|m| m.parse().ok()),
        ply: props.ply,
        viewer: props.viewer,
        players: props.players.clone(),
        can_move: props.can_move,
        animate,
        pick: (*pick).clone(),
        said: (*said).clone(),
        on_tap,
        on_cancel,
        on_answer,
    })
}

/// The answer line says `why` (nothing: empty). Shared by every board, not made once a game.
fn say_line(said: &Value<Option<AttrValue>>, why: Option<String>) {
    said.set(why.map(AttrValue::from));
}

/// The players' names, by seat.
fn names_of(players: &[PlayerInfo]) -> Vec<String> {
    players.iter().map(|p| p.name.clone()).collect()
}

/// What [`Board`] receives: the page's props and the game's drawing.
#[derive(Properties, Clone)]
pub struct DrawnProps {
    /// The page's props for the board.
    pub board: AnyBoardProps,
    /// The game's board: its hooks and markup.
    pub draw: DrawBoard,
}

impl PartialEq for DrawnProps {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && std::ptr::fn_addr_eq(self.draw, other.draw)
    }
}

/// The one component every game's board is drawn in: the game's drawing runs its hooks here.
/// Each Yew component type costs the bundle a kilobyte or more, so the five boards share one
/// (the page keys it by the game, [`crate::ui::views::board`]).
#[component]
pub fn Board(props: &DrawnProps) -> Html {
    use_drawn(props)
}

/// The game's drawing, run as a hook of [`Board`].
struct Drawn<'a>(&'a DrawnProps);

impl Hook for Drawn<'_> {
    type Output = Html;

    fn run(self, ctx: &mut HookContext) -> Html {
        (self.0.draw)(ctx, &self.0.board)
    }
}

fn use_drawn(props: &DrawnProps) -> Drawn<'_> {
    Drawn(props)
}

/// What a board shows when given another game's position (never, in the app).
pub fn not_this_game() -> Html {
    fixed::markup(r#"<p class="error" role="alert">This board cannot show this game.</p>"#)
}
