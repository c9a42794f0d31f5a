//! Drawing a game's board natively to HTML text, as the play page mounts it (Yew's server-side
//! rendering): what the rules pages' examples and the boards' keys share. (Each test file
//! declares `mod board_render;`, so not every file uses all.)
#![allow(dead_code)]

use std::future::Future;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

use stackplay::core::PlayerInfo;
use stackplay::registry::AnyGame;
use stackplay::ui::game_view::AnyBoardProps;
use stackplay::ui::views;
use yew::prelude::*;

/// Runs a future that never waits on anything outside itself (Yew's rendering to a string).
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

#[derive(Properties, PartialEq)]
struct BoardProps {
    slug: &'static str,
    board: AnyBoardProps,
}

/// The game's board, exactly as the play page mounts it.
#[component]
fn Board(props: &BoardProps) -> Html {
    views::board(props.slug, props.board.clone())
}

/// The board of `slug` with these props, as HTML text.
pub fn render_board(slug: &'static str, board: AnyBoardProps) -> String {
    block_on(
        yew::LocalServerRenderer::<Board>::with_props(BoardProps { slug, board })
            .hydratable(false)
            .render(),
    )
}

#[derive(Properties, PartialEq)]
struct ShowProps {
    html: Html,
}

/// Shows what it is given.
#[component]
fn Show(props: &ShowProps) -> Html {
    props.html.clone()
}

/// `html` as HTML text.
pub fn render(html: Html) -> String {
    block_on(
        yew::LocalServerRenderer::<Show>::with_props(ShowProps { html })
            .hydratable(false)
            .render(),
    )
}

/// The players of `game`, named "Player 1" and so on, in their seats' colours.
pub fn players(game: &dyn AnyGame) -> Rc<Vec<PlayerInfo>> {
    Rc::new(
        (0..game.seats())
            .map(|s| PlayerInfo {
                name: format!("Player {}", s + 1),
                colour: game.seat_label(s).unwrap_or_default(),
                computer: None,
            })
            .collect(),
    )
}
