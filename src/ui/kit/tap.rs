//! The line that says what a tap did. The answer itself ([`Tap`]: a new selection, a whole
//! move, or a refusal with its reason) is the picking contract's (`crate::core::pick`), and
//! the kit's [`super::use_board`] does what it says; a tap that does nothing and says nothing
//! is a defect.

use yew::prelude::*;

pub use crate::core::pick::Tap;

/// The board's answer line: why a tap did nothing (`None`: empty, keeping its place), read
/// out by screen readers too. It sits first in the panel, directly under the board on a
/// phone. (A function, not a component: each component type costs the bundle.)
pub fn say(text: Option<&str>) -> Html {
    html! {
        <p class="say" role="status" aria-live="polite">{ text.unwrap_or_default().to_string() }</p>
    }
}
