//! Saved games. [`entry`] validates stored text (pure, testable natively); `local` reads and
//! writes the browser's localStorage, one key per game, so a bad entry never costs another.

pub mod entry;
#[cfg(feature = "ui")]
pub mod local;

pub use entry::{SavedGame, SetAside, SCHEMA_VERSION};
