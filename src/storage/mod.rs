//! Saved games. [`entry`] validates stored text and [`meet`] decides what to keep when two
//! versions of a game meet (both pure, tested natively); `store` is the handle the pages use,
//! on the browser's database (`idb`) or, where the browser refuses it, on localStorage or
//! memory (`local`).

pub mod entry;
#[cfg(feature = "ui")]
pub mod idb;
#[cfg(feature = "ui")]
pub mod local;
pub mod meet;
#[cfg(feature = "ui")]
pub mod store;

pub use entry::{SavedGame, SetAside, SCHEMA_VERSION};
