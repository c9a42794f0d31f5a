//! One folder per game: rules, notation, picking model and board view in files of their own,
//! and the registration list, [`registered!`]: every game's folder and engine type, in menu
//! order. The engines' table, [`GAMES`] (for `crate::registry`), and the UI's table of views
//! (`crate::ui::views::VIEWS`) are both made from that one list, so adding a game adds one line
//! here (and its folder, rules page and pictures), nothing else.

pub mod evacuate;
pub mod evade;
pub mod stack_control;
pub mod stacks;
pub mod stax;

use crate::registry::GameEntry;

/// The registration list: calls `$make!` with every game as `folder::Engine`, in menu order.
/// Each folder has the engine (a [`crate::core::Picking`] game) and, with the `ui` feature, a
/// `view` module with its `VIEW`.
macro_rules! registered {
    ($make:ident) => {
        $make! {
            stack_control::StackControl,
            evade::Evade,
            stacks::Stacks,
            stax::Stax,
            evacuate::Evacuate,
        }
    };
}
#[cfg(feature = "ui")]
pub(crate) use registered;

macro_rules! engines {
    ($($folder:ident :: $engine:ident),+ $(,)?) => {
        /// Every game's engine, in menu order.
        pub static GAMES: [GameEntry; [$(stringify!($folder)),+].len()] =
            [$(GameEntry::of::<$folder::$engine>()),+];
    };
}
registered!(engines);
