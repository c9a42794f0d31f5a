//! One module per route.

#[cfg(feature = "bench-page")]
pub mod bench;
pub mod home;
pub mod import;
pub mod new_game;
pub mod new_game_table;
pub mod not_found;
pub mod play;
pub mod restore;
pub mod rules;
