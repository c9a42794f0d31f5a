//! Which view draws which game: one [`GameView`] per game, defined in the game's `view.rs`,
//! and the one table the UI looks them up in.

use yew::prelude::*;

use super::components::board_props::BoardProps;
use crate::core::PlayerInfo;
use crate::games::stack_control;

/// Everything the UI needs to show one game.
pub struct GameView {
    /// The game's slug, as in the registry.
    pub slug: &'static str,
    /// The board and its side panel.
    pub board: fn(BoardProps) -> Html,
    /// A small picture for the home page.
    pub thumbnail: fn() -> Html,
    /// The rules page body.
    pub rules: fn() -> Html,
    /// Colours a player can choose, in the order the default options give them to seats.
    pub palette: fn() -> Vec<ColourChoice>,
    /// A line of advice under the new-game form.
    pub setup_hint: &'static str,
    /// The options notation for the players' choices, or a sentence saying what is wrong.
    pub options_for: fn(&[PlayerInfo]) -> Result<String, String>,
}

/// A colour a player can choose.
#[derive(Debug, Clone, PartialEq)]
pub struct ColourChoice {
    /// What records store (e.g. `R`).
    pub letter: String,
    /// Its name for people.
    pub name: String,
    /// CSS fill.
    pub fill: String,
    /// CSS colour of text drawn on the fill.
    pub ink: String,
}

static VIEWS: [GameView; 1] = [stack_control::view::VIEW];

/// The view of the game registered under `slug`.
pub fn view(slug: &str) -> Option<&'static GameView> {
    VIEWS.iter().find(|v| v.slug == slug)
}

/// The board component for `slug`.
pub fn board(slug: &str, props: BoardProps) -> Html {
    match view(slug) {
        Some(v) => (v.board)(props),
        None => html! { <p class="error">{ "This game has no board view yet." }</p> },
    }
}

/// A small picture of the game for the home page.
pub fn thumbnail(slug: &str) -> Html {
    view(slug).map(|v| (v.thumbnail)()).unwrap_or_default()
}

/// The in-app rules page for `slug`, if it has one.
pub fn rules(slug: &str) -> Option<Html> {
    view(slug).map(|v| (v.rules)())
}

/// Colours a player can choose for `slug`.
pub fn palette(slug: &str) -> Vec<ColourChoice> {
    view(slug).map(|v| (v.palette)()).unwrap_or_default()
}

/// A line of advice under the new-game form.
pub fn setup_hint(slug: &str) -> &'static str {
    view(slug).map_or("", |v| v.setup_hint)
}

/// The options notation for these players' choices.
///
/// # Errors
/// A sentence for the page when the choices do not make a game.
pub fn options_for(slug: &str, players: &[PlayerInfo]) -> Result<String, String> {
    match view(slug) {
        Some(v) => (v.options_for)(players),
        None => Err("This game cannot be set up yet.".into()),
    }
}

/// The colour a record's player colour letter stands for (grey when unknown).
pub fn colour_of(slug: &str, letter: &str) -> ColourChoice {
    palette(slug)
        .into_iter()
        .find(|c| c.letter == letter)
        .unwrap_or_else(|| ColourChoice {
            letter: letter.to_string(),
            name: "grey".into(),
            fill: "#888".into(),
            ink: "#fff".into(),
        })
}

/// The CSS fill of a record's player colour letter.
pub fn css_colour(slug: &str, letter: &str) -> String {
    colour_of(slug, letter).fill
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
    fn default_colours_make_the_default_options() {
        for entry in registry::games() {
            let info = entry.info();
            let palette = palette(info.slug);
            for n in info.min_players..=info.max_players {
                let players: Vec<PlayerInfo> = palette
                    .iter()
                    .take(n)
                    .map(|c| PlayerInfo {
                        name: "P".into(),
                        colour: c.letter.clone(),
                    })
                    .collect();
                assert_eq!(
                    options_for(info.slug, &players),
                    entry.default_options(n).map_err(|e| e.to_string())
                );
            }
        }
    }
}
