//! Which view draws which game: the one place the UI dispatches on a game's slug.

use yew::prelude::*;

use super::components::board_props::BoardProps;
use crate::core::PlayerInfo;
use crate::games::stack_control;

/// The board component for `slug`.
pub fn board(slug: &str, props: BoardProps) -> Html {
    match slug {
        "stack-control" => html! { <stack_control::view::Board ..props /> },
        _ => html! { <p class="error">{ "This game has no board view yet." }</p> },
    }
}

/// A small picture of the game for the home page.
pub fn thumbnail(slug: &str) -> Html {
    match slug {
        "stack-control" => html! { <stack_control::view::Thumbnail /> },
        _ => Html::default(),
    }
}

/// The in-app rules page for `slug`, if it has one.
pub fn rules(slug: &str) -> Option<Html> {
    match slug {
        "stack-control" => Some(stack_control::view_rules::rules()),
        _ => None,
    }
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

/// Colours a player can choose for `slug`, in the order the game's default options give
/// them to seats 1, 2, ...
pub fn palette(slug: &str) -> Vec<ColourChoice> {
    match slug {
        "stack-control" => stack_control::view::palette(),
        _ => Vec::new(),
    }
}

/// A line of advice under the new-game form.
pub fn setup_hint(slug: &str) -> &'static str {
    match slug {
        "stack-control" => "Your colour is your scoring colour. The last seat moves first, then play goes on in seat order.",
        _ => "",
    }
}

/// The options notation for these players' choices.
///
/// # Errors
/// A sentence for the page when the choices do not make a game.
pub fn options_for(slug: &str, players: &[PlayerInfo]) -> Result<String, String> {
    match slug {
        "stack-control" => stack_control::view::options_for(players),
        _ => Err("this game cannot be set up yet".into()),
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
