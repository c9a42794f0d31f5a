//! One folder per game: rules, notation and board view in files of their own, and the table
//! of their engines, [`GAMES`] (for `crate::registry`). How the UI draws each one is the UI's
//! own table (`crate::ui::views::VIEWS`).

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
