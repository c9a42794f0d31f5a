//! The table of the games' views ([`VIEWS`]: how the UI draws each game), made from the
//! registration list (`crate::games::registered!`) as the engines' table is, and lookups in it.
//! The engines' table (`crate::games::GAMES`) holds no UI.

use yew::prelude::*;

use super::kit::fixed;

use super::game_view::{AnyBoardProps, GameView, Paint};
use super::kit::Board;

macro_rules! views {
    ($($folder:ident :: $engine:ident),+ $(,)?) => {
        /// Every game's view, one per entry of `crate::games::GAMES`, in the same order.
        pub static VIEWS: [GameView; [$(stringify!($folder)),+].len()] =
            [$(crate::games::$folder::view::VIEW),+];
    };
}
crate::games::registered!(views);

/// The view of the game registered under `slug`.
pub fn view(slug: &str) -> Option<&'static GameView> {
    VIEWS.iter().find(|v| v.slug == slug)
}

/// The board component for `slug`: the kit's one board component, keyed by the game (another
/// game's board is a new component, with its own hooks).
pub fn board(slug: &str, props: AnyBoardProps) -> Html {
    match view(slug) {
        Some(v) => html! { <Board key={v.slug} board={props} draw={v.board} /> },
        None => fixed::markup(r#"<p class="error">This game has no board view yet.</p>"#),
    }
}

/// A line of advice under the new-game form.
pub fn setup_hint(slug: &str) -> &'static str {
    view(slug).map_or("", |v| v.setup_hint)
}

/// How a record's player colour (a side letter) is painted (grey when unknown).
pub fn paint(slug: &str, letter: &str) -> Paint {
    view(slug)
        .and_then(|v| (v.paint)(letter))
        .unwrap_or(Paint::UNKNOWN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    #[test]
    fn every_registered_game_has_a_view_and_every_view_a_game() {
        for entry in registry::games() {
            assert!(
                view(entry.info().slug).is_some(),
                "{} has no view",
                entry.info().slug
            );
        }
        for v in &VIEWS {
            assert!(
                registry::find(v.slug).is_ok(),
                "view {} has no game",
                v.slug
            );
        }
    }

    #[test]
    fn every_side_of_every_game_is_painted() {
        for entry in registry::games() {
            let info = entry.info();
            for n in info.min_players..=info.max_players {
                let form = entry.setup_form(n).unwrap();
                for side in form.sides.sides() {
                    assert_ne!(
                        paint(info.slug, side.letter),
                        Paint::UNKNOWN,
                        "{}: side {} has no paint",
                        info.slug,
                        side.name
                    );
                }
            }
        }
    }
}
