//! Saved games. [`entry`] validates stored text and decides each write (pure, tested
//! natively); `store` is the handle the pages use, on the browser's database (`idb`) or,
//! where the browser refuses it, on localStorage or memory (`local`).

pub mod entry;
#[cfg(feature = "ui")]
pub mod idb;
#[cfg(feature = "ui")]
pub mod local;
#[cfg(feature = "ui")]
pub mod store;

pub use entry::{SavedGame, SetAside, SCHEMA_VERSION};
