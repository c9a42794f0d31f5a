//! The board's marks of "since your last turn": when several moves were made since the person
//! to move last played, every board numbers each move at the place it went to, as the line
//! above the board numbers them (`ui::kit::since`).
//!
//! Each game is played some moves from a seeded start (a seeded choice among the legal moves),
//! its board drawn natively as the play page mounts it with the last three moves given as
//! "since", and the marks read back from the HTML.
#![cfg(all(feature = "ui", not(target_arch = "wasm32")))]

use std::rc::Rc;

use stackplay::core::{Rng, Viewer};
use stackplay::registry::{self, AnyGame};
use stackplay::session::{MoveText, SinceMove};
use stackplay::ui::game_view::AnyBoardProps;
use stackplay::ui::kit::since::since_marks;
use stackplay::ui::views;
use yew::Callback;

mod board_render;

/// The numbers of the since marks drawn in `html`, in order.
fn marked(html: &str) -> Vec<usize> {
    html.split(r#"<g class="since-mark">"#)
        .skip(1)
        .filter_map(|g| {
            let text = g.split("<text").nth(1)?;
            let n = text.split('>').nth(1)?.split('<').next()?;
            n.trim().parse().ok()
        })
        .collect()
}

/// `slug` played `plies` seeded moves from its start; its board drawn with the last three
/// moves as "since" (numbered in the game); the numbers marked, and the three given.
fn drawn(slug: &'static str, options: &str, plies: usize) -> (Vec<usize>, Vec<(usize, String)>) {
    let mut game: Box<dyn AnyGame> = registry::create(slug, options, 11).expect("a game");
    let mut rng = Rng::new(5);
    let mut moves = Vec::new();
    let mut before = None;
    while moves.len() < plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let pick = usize::try_from(rng.below(legal.len() as u64)).unwrap_or(0);
        let mv = legal[pick].clone();
        before = Some(Rc::from(game.clone_box()));
        game.play(&mv).expect("a legal move");
        moves.push(mv);
    }
    let since: Vec<(usize, String)> = moves
        .iter()
        .enumerate()
        .skip(moves.len().saturating_sub(3))
        .map(|(i, m)| (i + 1, m.clone()))
        .collect();
    let players = board_render::players(game.as_ref());
    let told: Vec<SinceMove> = since
        .iter()
        .map(|(number, mv)| SinceMove {
            number: *number,
            seat: 0,
            text: MoveText {
                text: String::new(),
                notation: Some(mv.clone()),
            },
        })
        .collect();
    let view = views::view(slug).expect("a view");
    let marks = since_marks(view, game.as_ref(), &told);
    let board = AnyBoardProps {
        position: Rc::from(game),
        before,
        last_move: moves.last().cloned(),
        marks,
        ply: moves.len(),
        viewer: Viewer::Everyone,
        players,
        can_move: false,
        on_move: Callback::noop(),
    };
    (marked(&board_render::render_board(slug, board)), since)
}

#[test]
fn stack_control_numbers_each_of_the_moves_since() {
    // Every Stack Control move goes to a square: each is marked, numbered as in the game.
    let (marked, since) = drawn("stack-control", "colours=RBY", 9);
    let numbers: Vec<usize> = since.iter().map(|m| m.0).collect();
    assert_eq!(marked, numbers, "{since:?}");
    assert_eq!(numbers, vec![7, 8, 9]);
}

#[test]
fn every_board_marks_the_moves_that_went_somewhere() {
    for (slug, options, plies) in [
        ("evade", "", 12),
        ("stacks", "", 12),
        ("stax", "", 12),
        ("evacuate", "players=3", 12),
        ("stack-control", "", 12),
    ] {
        let (marked, since) = drawn(slug, options, plies);
        let numbers: Vec<usize> = since.iter().map(|m| m.0).collect();
        assert!(marked.len() >= 2, "{slug}: marks {marked:?} for {since:?}");
        assert!(
            marked.iter().all(|n| numbers.contains(n)),
            "{slug}: marks {marked:?} for {since:?}"
        );
    }
}

#[test]
fn no_marks_without_moves_since() {
    let (marked, _) = {
        let game = registry::create("stack-control", "", 3).expect("a game");
        let players = board_render::players(game.as_ref());
        let board = AnyBoardProps {
            position: Rc::from(game),
            before: None,
            last_move: None,
            marks: Vec::new(),
            ply: 0,
            viewer: Viewer::Everyone,
            players,
            can_move: true,
            on_move: Callback::noop(),
        };
        (
            marked(&board_render::render_board("stack-control", board)),
            (),
        )
    };
    assert!(marked.is_empty());
}
