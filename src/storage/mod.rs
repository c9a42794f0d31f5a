//! Saved games. [`entry`] validates stored text and [`meet`] decides what to keep when two
//! versions of a game meet (both pure, tested natively); `store` is the handle the pages use,
//! on the browser's database (`idb`) or, where the browser refuses it, in memory; `older`
//! reads the older localStorage store once, and `clock` gives the time, fresh ids and seeds.

pub mod backup;
#[cfg(feature = "ui")]
pub mod clock;
pub mod entry;
#[cfg(feature = "ui")]
pub mod idb;
pub mod meet;
#[cfg(feature = "ui")]
pub mod older;
#[cfg(feature = "ui")]
pub mod store;

pub use entry::{ClockState, SavedGame, SetAside, TableSettings, SCHEMA_VERSION};

use std::fmt;

/// Why a write did not land.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveError {
    /// The browser's storage for this site is full.
    Full,
    /// The browser refused for another reason (saving turned off, a privacy setting).
    Refused,
    /// The browser's database did not answer within a few seconds.
    Unanswered,
    /// A newer version of the app has upgraded the database: this version cannot open it.
    Newer,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SaveError::Full => "the browser's storage for this site is full",
            SaveError::Refused => "the browser refused to save",
            SaveError::Unanswered => "the browser's database did not answer",
            SaveError::Newer => {
                "a newer version of Stackplay changed this browser's saved games: reload this page"
            }
        })
    }
}
