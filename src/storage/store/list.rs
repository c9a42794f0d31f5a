//! The saved games as a list shows them: each with where it stands, found once per version of
//! the game (stored with it, or replayed once and noted), never per render.

use super::{listed_after, SaveError, SetAside, Store};
use crate::record::PlayerInfo;
use crate::storage::entry::Standing;

/// A saved game as the home page lists it: what its row shows and the results count.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// The game's id.
    pub id: String,
    /// The game's slug.
    pub game: String,
    /// Its players.
    pub players: Vec<PlayerInfo>,
    /// Whether it is a copy (another version of it is kept beside it).
    pub copy: bool,
    /// When a move was last played (0 when unknown).
    pub updated_ms: f64,
    /// Where it stands after all its moves (`None`: it does not replay).
    pub standing: Option<Standing>,
}

/// Everything saved, as [`Store::list`] finds it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Listing {
    /// The games that open, most recently played first (this tab's unsaved versions
    /// included).
    pub games: Vec<Listed>,
    /// The entries that do not open, each with its reason.
    pub aside: Vec<SetAside>,
    /// The ids of games this tab holds but could not save yet, and why.
    pub unsaved: Vec<(String, SaveError)>,
}

impl Store {
    /// Every saved game as a list shows it (most recently played first), and the entries that
    /// do not open. A game whose standing is not known yet (saved by an older version of the
    /// app, or changed by another tab) is replayed here once, and its standing noted.
    pub fn list(&self) -> Listing {
        let mut listing = Listing::default();
        let mut entries = self.0.entries.borrow_mut();
        listing.games.reserve(entries.len());
        for e in entries.iter_mut() {
            let game = &mut e.game;
            if game.standing().is_none() {
                if let Ok(last) = game.record.replay(usize::MAX) {
                    game.note_standing(last.as_ref());
                }
            }
            listing.games.push(Listed {
                id: e.id.clone(),
                game: game.record.game.clone(),
                players: game.record.players.clone(),
                copy: game.copy_of.is_some(),
                updated_ms: game.updated_ms,
                standing: game.standing().cloned(),
            });
            if let Some(why) = e.unsaved {
                listing.unsaved.push((e.id.clone(), why));
            }
        }
        drop(entries);
        crate::core::sort_small_by(&mut listing.games, |a, b| {
            listed_after((a.updated_ms, &a.id), (b.updated_ms, &b.id))
        });
        listing.aside = self.set_aside();
        listing
    }
}
