//! One folder per game: rules, notation and board view in files of their own, and the two
//! tables that list them: [`GAMES`] (the engines, for `crate::registry`) and, with the `ui`
//! feature, `VIEWS` (how the UI draws each one).

pub mod evacuate;
pub mod evade;
pub mod stack_control;
pub mod stacks;
pub mod stax;

use crate::registry::GameEntry;

/// Every game's engine, in menu order.
pub static GAMES: [GameEntry; 5] = [
    GameEntry::of::<stack_control::StackControl>(),
    GameEntry::of::<evade::Evade>(),
    GameEntry::of::<stacks::Stacks>(),
    GameEntry::of::<stax::Stax>(),
    GameEntry::of::<evacuate::Evacuate>(),
];

/// Every game's view, one per entry of [`GAMES`] (a unit test checks they match).
#[cfg(feature = "ui")]
pub static VIEWS: [crate::ui::game_view::GameView; 5] = [
    stack_control::view::VIEW,
    evade::view::VIEW,
    stacks::view::VIEW,
    stax::view::VIEW,
    evacuate::view::VIEW,
];
