//! Games arriving from outside: by link (a friend's "your move") and from a backup file.

use super::{Opened, Restored, Store, AT_GAME};
use crate::record::GameRecord;
use crate::storage::clock::new_id;
use crate::storage::meet::{link_meets, restore_as, LinkMeets, Restore};
use crate::storage::{ClockState, SavedGame};

impl Store {
    /// Opens a game that arrived by link (a friend's "your move"): when a saved game is the
    /// same game from the same start and the link only adds moves, they are added to it;
    /// when the link's history differs, the link's game is kept beside it as a copy, never
    /// over it; a link the saved game already has every move of changes nothing at all;
    /// otherwise the link's game is saved as a new game.
    pub fn open_link(&self, record: GameRecord, now_ms: f64) -> Opened {
        let games = self.load_all().games;
        // The closest relative: a game the link extends or matches first, then any other.
        let rank = |m: LinkMeets| match m {
            LinkMeets::Same | LinkMeets::Extends | LinkMeets::Older => 0,
            LinkMeets::Diverged => 1,
            LinkMeets::Unrelated => 2,
        };
        let relative = games
            .iter()
            .map(|g| (link_meets(&g.record, &record), g))
            .filter(|(m, _)| *m != LinkMeets::Unrelated)
            .min_by_key(|(m, _)| rank(*m));
        let cursor = record.moves.len();
        let (game, meets, added, other) = match relative {
            Some((meets @ (LinkMeets::Same | LinkMeets::Older), here)) => {
                // The saved game has every move of the link: nothing changes, not even the
                // position it shows (moving it back would let one move drop every later one).
                return Opened {
                    id: here.id.clone(),
                    meets,
                    added: 0,
                    other: None,
                    unsaved: self.unsaved(&here.id),
                };
            }
            Some((LinkMeets::Extends, here)) => {
                let mut game = SavedGame::clone(here);
                let added = cursor - game.record.moves.len();
                game.record.moves = record.moves;
                game.record.times = record.times;
                game.record.timeout = record.timeout;
                // A new turn on the board: its time starts from nothing.
                game.clock = ClockState {
                    paused: game.clock.paused,
                    ..ClockState::default()
                };
                game.cursor = cursor;
                game.updated_ms = now_ms;
                (game, LinkMeets::Extends, added, None)
            }
            Some((_, here)) => {
                let mut game = SavedGame::new(new_id(), record, now_ms);
                game.cursor = cursor;
                game.copy_of = Some(here.id.clone());
                (game, LinkMeets::Diverged, 0, Some(here.id.clone()))
            }
            None => {
                let mut game = SavedGame::new(new_id(), record, now_ms);
                game.cursor = cursor;
                (game, LinkMeets::Unrelated, 0, None)
            }
        };
        let kept = self.save(&game);
        Opened {
            id: kept.id,
            meets,
            added,
            other,
            unsaved: kept.unsaved,
        }
    }

    /// Adds games read from a backup, never over a saved one: a game already here with all its
    /// moves is skipped, another version of one is added as a copy. What cannot be saved is
    /// counted and not tried again (the file still holds it).
    pub async fn restore(&self, games: Vec<SavedGame>) -> Restored {
        let mut done = Restored::default();
        self.restore_chunk(games, &mut done).await;
        done
    }

    /// [`Store::restore`] of a chunk of a backup's games: `done` counts what every chunk did.
    /// Once a write does not land, what is left is counted as not saved and not tried (it
    /// would not fit either).
    pub async fn restore_chunk(&self, games: Vec<SavedGame>, done: &mut Restored) {
        let here: Vec<Option<Restore>> = games
            .iter()
            .map(|g| {
                let i = self.find(&g.id)?;
                Some(restore_as(Some(&*self.0.entries.borrow()[i].game), g))
            })
            .collect();
        let mut to_write = Vec::new();
        for (mut game, here) in games.into_iter().zip(here) {
            let verdict = match here {
                Some(verdict) => verdict,
                // An entry that does not open (from a newer version) is never written over.
                None if self.raw(&format!("{AT_GAME}{}", game.id)).is_some() => Restore::Copy,
                None => Restore::Add,
            };
            match verdict {
                Restore::Skip => {
                    done.skipped += 1;
                    continue;
                }
                Restore::Add => done.added += 1,
                Restore::Copy => {
                    game.copy_of = Some(game.id.clone());
                    game.id = new_id();
                    done.copies += 1;
                }
            }
            to_write.push(game);
        }
        if self.0.db.is_none() {
            for game in to_write {
                self.show(game, None);
            }
            return;
        }
        // In transactions of up to 50 games.
        for chunk in to_write.chunks(50) {
            let result = match done.why {
                None => self.write(chunk.to_vec()).await,
                Some(why) => Err(why),
            };
            match result {
                Ok(written) => {
                    for (game, (kept, before)) in chunk.iter().zip(written) {
                        // Another tab wrote under this id meanwhile: it was kept as a copy.
                        let copied = kept.id != game.id;
                        if copied && game.copy_of.is_none() {
                            done.added -= 1;
                            done.copies += 1;
                        }
                        let new = copied || before.is_none();
                        self.announce(if new { 'n' } else { 'u' }, &kept.id, &kept.to_json());
                        // Nothing was stored under its id: this tab has no entry for it.
                        let i = match before {
                            None => self.add(kept, None),
                            Some(_) => self.show(kept, None),
                        };
                        let mut entries = self.0.entries.borrow_mut();
                        entries[i].seen = entries[i].game.record.moves.clone();
                    }
                }
                Err(why) => {
                    for game in chunk {
                        if game.copy_of.is_some() {
                            done.copies -= 1;
                        } else {
                            done.added -= 1;
                        }
                        done.unsaved += 1;
                    }
                    done.why = Some(why);
                }
            }
        }
    }
}
