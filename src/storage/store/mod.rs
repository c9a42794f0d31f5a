//! The saved games as the pages see them: one [`Store`] handle, opened once by the app and
//! given to each page.
//!
//! Where the browser gives it, games live in its database (IndexedDB, [`super::idb`]): every
//! save reads what is stored, decides ([`decide`]) and writes in one transaction, so two tabs
//! can never both win; the loser's history is kept as a copy and both tabs say so. The
//! handle keeps this tab's view of every game in memory, so pages read without waiting; a
//! save shows at once and lands a moment later ([`Change`] tells how it went). Tabs tell each
//! other of every write on a `BroadcastChannel`.
//!
//! On the first start of this version, every entry of the older store (localStorage) is
//! copied in, read back and compared, and only then removed. Where the browser refuses its
//! database, games live in the tab's memory (an older version's games stay in localStorage,
//! untouched), and the pages say so ([`Kind`]).

mod links;
mod open;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::{Rc, Weak};

use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{BroadcastChannel, IdbDatabase, MessageEvent};
use yew::Callback;

use super::clock::new_id;
use super::entry::Standing;
use super::idb::{self, ASIDE, GAMES};
use super::meet::{decide, LinkMeets};
use super::SaveError;
use super::{SavedGame, SetAside};
use crate::record::Timeline;

/// Where the games of this tab are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The browser's database (IndexedDB): every save compared and written in one step.
    Database,
    /// The browser gives no database (some private modes and privacy settings): games last
    /// as long as the tab.
    Memory,
}

/// What [`Store::save`] did with a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    /// The id the game is kept under.
    pub id: String,
    /// Why it is not saved yet, if it is not (a save in the database lands a moment later:
    /// [`Change::Saved`] says how it went).
    pub unsaved: Option<SaveError>,
}

/// Everything saved, as [`Store::load_all`] finds it.
#[derive(Debug, Clone, Default)]
pub struct Shelf {
    /// The games that open, most recently played first (this tab's unsaved versions
    /// included), shared with the store (tens of thousands are listed without a copy).
    pub games: Vec<Rc<SavedGame>>,
    /// Where each of them stands after all its moves (`None`: it does not replay).
    pub standings: Vec<Option<Standing>>,
    /// The entries that do not open, each with its reason.
    pub aside: Vec<SetAside>,
    /// The ids of games this tab holds but could not save yet, and why.
    pub unsaved: Vec<(String, SaveError)>,
}

/// A saved game as the store read it, with its timeline when the store has one.
pub type Opening = (SavedGame, Option<Rc<Timeline>>);

/// Something that happened to the saved games after a page read them.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Another tab saved this game (`game`), or deleted it (`None`); `new` when it was not
    /// stored before (a new game, or a copy: see its `copy_of`).
    Game {
        /// The game's id.
        id: String,
        /// Its new version, if it was not deleted (boxed: a saved game is large beside the
        /// other changes).
        game: Option<Box<SavedGame>>,
        /// Whether it is a new entry.
        new: bool,
    },
    /// This tab's version of game `from` was kept as a copy, `to`: another tab had played on
    /// it at the same moment.
    Moved {
        /// The game this tab played on.
        from: String,
        /// The copy that holds this tab's version.
        to: String,
    },
    /// This tab's version of the game is saved now (`None`), or why not.
    Saved {
        /// The game's id.
        id: String,
        /// Why it is not saved, if it is not.
        unsaved: Option<SaveError>,
    },
}

/// What opening a link did (see [`Store::open_link`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    /// The saved game that shows the link's game.
    pub id: String,
    /// How the link met the games saved here (`Unrelated`: it is a new game).
    pub meets: LinkMeets,
    /// How many moves it added to a saved game.
    pub added: usize,
    /// The game it was compared with, when both are kept (`Diverged`).
    pub other: Option<String>,
    /// Why it is not in the browser's storage yet, if it is not.
    pub unsaved: Option<SaveError>,
}

/// What adding a backup's games did (see [`Store::restore`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Restored {
    /// Games added as they were.
    pub added: usize,
    /// Games already here with every one of their moves.
    pub skipped: usize,
    /// Games added as copies (another version of each is here).
    pub copies: usize,
    /// Games that could not be saved, and why (the backup file still holds them; they are
    /// not tried again).
    pub unsaved: usize,
    /// Why the unsaved ones could not be saved.
    pub why: Option<SaveError>,
}

/// The saved games: a cheap handle (clones share one store), equal only to its own clones.
#[derive(Clone)]
pub struct Store(Rc<Inner>);

impl PartialEq for Store {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// This tab's view of one saved game.
struct Entry {
    id: String,
    /// The version this tab shows (saved, on its way, or unsaved).
    game: Rc<SavedGame>,
    /// Its timeline, when another tab's version was read (and validated) into it: the page
    /// showing the game takes it without replaying the game again.
    line: Option<Rc<Timeline>>,
    /// Its moves as this tab last read or wrote them: a write may replace only what the tab
    /// has seen.
    seen: Vec<String>,
    /// Saves begun and not yet ended.
    flying: u32,
    /// Why this tab's version is not saved, if it is not: it is tried again until it lands.
    unsaved: Option<SaveError>,
    /// Another tab's version, heard while this tab's own waited to be written (a save on its
    /// way, or not saved yet): held, never shown over this tab's moves, until the write
    /// decides ([`Store::settle`]).
    held: Option<(SavedGame, Rc<Timeline>)>,
    /// Where `game` stands, once found (`Some(None)`: it does not replay): checking the
    /// standing an entry holds costs a pass over its record, and a list of tens of thousands
    /// is drawn again and again.
    standing: Option<Option<Standing>>,
}

impl Entry {
    /// Shows `game`: what was found of the version before is forgotten.
    fn set_game(&mut self, game: SavedGame) {
        self.game = Rc::new(game);
        self.standing = None;
    }
}

struct Inner {
    /// The database, or `None` when games live in memory (replaced when it is reopened).
    db: Option<RefCell<IdbDatabase>>,
    /// Why games cannot be kept in the database right now, if they cannot ([`Store::trouble`]).
    trouble: Cell<Option<SaveError>>,
    /// Every saved game, in no order.
    entries: RefCell<Vec<Entry>>,
    /// Where each game's entry is in `entries`, by id (with tens of thousands of games, a
    /// search one by one made restoring a backup slower with every game).
    at: RefCell<HashMap<String, usize>>,
    /// Entries that do not open: key (`aside.<slot>` when moved aside, `game.<id>` when left
    /// in place for a newer version of the app), reason, text.
    aside: RefCell<Vec<(String, String, String)>>,
    /// Games this tab's write kept as copies: (its id, the copy's).
    moved: RefCell<Vec<(String, String)>>,
    /// Who is told of changes.
    listeners: RefCell<Vec<(u32, Callback<Change>)>>,
    next_listener: Cell<u32>,
    /// Where writes are announced to the other tabs.
    channel: Option<BroadcastChannel>,
    /// Entries of the older store that could not be moved in (they stay where they were).
    left_behind: usize,
}

/// Keeps a listener registered; dropping it stops the news.
pub struct Listening(Weak<Inner>, u32);

impl Drop for Listening {
    fn drop(&mut self) {
        if let Some(inner) = self.0.upgrade() {
            inner.listeners.borrow_mut().retain(|(n, _)| *n != self.1);
        }
    }
}

const AT_GAME: &str = "game.";
const AT_ASIDE: &str = "aside.";

/// An aside entry's stored value: its reason (never with a NUL), a NUL, its text.
fn aside_value(reason: &str, text: &str) -> String {
    format!("{}\0{text}", reason.replace('\0', " "))
}

impl Store {
    /// Opens the saved games: the browser's database if it gives one (moving the older
    /// store's entries into it), else memory.
    pub async fn open() -> Store {
        let why = match idb::open().await {
            Ok(db) => match Store::with_database(db).await {
                Ok(store) => return store,
                Err(_) => SaveError::Refused,
            },
            Err(why) => why,
        };
        // No database: games live in memory. An older version's games stay in localStorage,
        // untouched, until a start where the database opens.
        let store = Store::scratch();
        store.0.trouble.set(Some(why));
        store
    }

    /// Why this tab's games cannot be kept in the browser's database right now, if they
    /// cannot: it did not answer (then they live in memory), or a newer version of the app
    /// has upgraded it; or the browser gives none (`Refused`, said by the pages apart).
    pub fn trouble(&self) -> Option<SaveError> {
        self.0.trouble.get()
    }

    /// A store in this tab's memory alone, apart from the saved games (what the page explores
    /// a game in).
    pub fn scratch() -> Store {
        Store::new(None, Vec::new(), Vec::new(), 0)
    }

    fn new(
        db: Option<IdbDatabase>,
        games: Vec<SavedGame>,
        aside: Vec<(String, String, String)>,
        left_behind: usize,
    ) -> Store {
        let entries: Vec<Entry> = games
            .into_iter()
            .map(|game| Entry {
                id: game.id.clone(),
                seen: game.record.moves.clone(),
                game: Rc::new(game),
                line: None,
                flying: 0,
                unsaved: None,
                held: None,
                standing: None,
            })
            .collect();
        let channel = db
            .as_ref()
            .and_then(|_| BroadcastChannel::new("stackplay").ok());
        let store = Store(Rc::new(Inner {
            db: db.map(RefCell::new),
            trouble: Cell::new(None),
            at: RefCell::new(
                entries
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (e.id.clone(), i))
                    .collect(),
            ),
            entries: RefCell::new(entries),
            aside: RefCell::new(aside),
            moved: RefCell::default(),
            listeners: RefCell::default(),
            next_listener: Cell::new(0),
            channel,
            left_behind,
        }));
        if let Some(channel) = &store.0.channel {
            let weak = Rc::downgrade(&store.0);
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                if let (Some(inner), Some(text)) = (weak.upgrade(), e.data().as_string()) {
                    Store(inner).heard(&text);
                }
            });
            channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            on_message.forget();
        }
        store
    }

    /// Where this tab's games are kept.
    pub fn kind(&self) -> Kind {
        match self.0.db {
            Some(_) => Kind::Database,
            None => Kind::Memory,
        }
    }

    /// How many entries of the older store could not be moved into the database (they are
    /// left where they were, and tried again on the next start).
    pub fn left_behind(&self) -> usize {
        self.0.left_behind
    }

    /// Tells `listener` of every change until the returned guard is dropped.
    pub fn listen(&self, listener: Callback<Change>) -> Listening {
        let n = self.0.next_listener.get() + 1;
        self.0.next_listener.set(n);
        self.0.listeners.borrow_mut().push((n, listener));
        Listening(Rc::downgrade(&self.0), n)
    }

    fn tell(&self, change: Change) {
        let listeners: Vec<Callback<Change>> = self
            .0
            .listeners
            .borrow()
            .iter()
            .map(|(_, l)| l.clone())
            .collect();
        for l in listeners {
            l.emit(change.clone());
        }
    }

    /// Tells the other tabs: `n` a new entry, `u` an update, `d` a deletion.
    fn announce(&self, flag: char, id: &str, text: &str) {
        if let Some(channel) = &self.0.channel {
            let _ = channel.post_message(&JsValue::from_str(&format!("{flag}{id}\n{text}")));
        }
    }

    /// The index of game `id`'s entry.
    fn find(&self, id: &str) -> Option<usize> {
        self.0.at.borrow().get(id).copied()
    }

    /// Forgets game `id`'s entry (the last entry takes its place).
    fn drop_entry(&self, id: &str) {
        let mut at = self.0.at.borrow_mut();
        let Some(i) = at.remove(id) else {
            return;
        };
        let mut entries = self.0.entries.borrow_mut();
        entries.swap_remove(i);
        if let Some(moved) = entries.get(i) {
            at.insert(moved.id.clone(), i);
        }
    }

    /// Sets game `id`'s version as this tab shows it (a new entry if there is none), with
    /// its timeline if it was just read into one.
    fn show(&self, game: SavedGame, line: Option<Rc<Timeline>>) -> usize {
        let at = self.find(&game.id);
        let mut entries = self.0.entries.borrow_mut();
        match at {
            Some(i) => {
                entries[i].line = line;
                entries[i].set_game(game);
                i
            }
            None => {
                drop(entries);
                self.add(game, line)
            }
        }
    }

    /// Adds an entry for a game this tab has none for (without looking for one: with
    /// thousands of games, that look is what takes time).
    fn add(&self, game: SavedGame, line: Option<Rc<Timeline>>) -> usize {
        let mut entries = self.0.entries.borrow_mut();
        self.0
            .at
            .borrow_mut()
            .insert(game.id.clone(), entries.len());
        entries.push(Entry {
            id: game.id.clone(),
            seen: Vec::new(),
            // Found now when the game holds it (a restored game: found a chunk at a time).
            standing: game.standing().map(|s| Some(s.clone())),
            game: Rc::new(game),
            line,
            flying: 0,
            unsaved: None,
            held: None,
        });
        entries.len() - 1
    }

    /// Another tab's news.
    fn heard(&self, message: &str) {
        let mut chars = message.chars();
        let flag = chars.next();
        let Some((id, text)) = chars.as_str().split_once('\n') else {
            return;
        };
        if flag == Some('d') {
            self.drop_entry(id);
            return self.tell(Change::Game {
                id: id.to_string(),
                game: None,
                new: false,
            });
        }
        let Ok((g, line)) = SavedGame::parse_line(text) else {
            return;
        };
        if g.id != id {
            return;
        }
        let line = Rc::new(line);
        // This tab's own version waits to be written (a save on its way, or not saved yet):
        // it stays on the board, and this one is held until the write decides (`settle`).
        // Taken now, it would drop moves stored nowhere yet; and the write must be judged
        // against what this tab had seen when it played.
        if let Some(i) = self.find(id) {
            let mut entries = self.0.entries.borrow_mut();
            let e = &mut entries[i];
            if e.flying > 0 || e.unsaved.is_some() {
                e.held = Some((g, line));
                return;
            }
        }
        self.take(g, line, flag == Some('n'));
    }

    /// Takes another tab's version of a game (stored already) as this tab's, and says so.
    /// It is what this tab has seen unless a save of this tab is still on its way: that one
    /// is judged against what the tab saw when it played (it becomes a copy too, never a
    /// write over moves it has not seen).
    fn take(&self, game: SavedGame, line: Rc<Timeline>, new: bool) {
        let i = self.show(game.clone(), Some(line));
        let mut entries = self.0.entries.borrow_mut();
        if entries[i].flying == 0 {
            entries[i].seen = game.record.moves.clone();
        }
        entries[i].unsaved = None;
        drop(entries);
        self.tell(Change::Game {
            id: game.id.clone(),
            game: Some(Box::new(game)),
            new,
        });
    }

    /// Everything saved: the games that open (most recently played first) with where each
    /// stands, and the entries that do not, each with its reason. Where a game stands is
    /// found once per version of it (stored with it, or replayed here once and noted: a game
    /// saved by an older version of the app, or changed by another tab).
    pub fn load_all(&self) -> Shelf {
        let mut shelf = Shelf::default();
        let order = self.newest_first();
        let mut entries = self.0.entries.borrow_mut();
        for i in order {
            let e = &mut entries[i];
            let standing = e.standing.get_or_insert_with(|| match e.game.standing() {
                Some(standing) => Some(standing.clone()),
                // Found by a replay, once (the game is copied only then).
                None => Rc::make_mut(&mut e.game).standing_now(),
            });
            shelf.standings.push(standing.clone());
            shelf.games.push(e.game.clone());
            if let Some(why) = e.unsaved {
                shelf.unsaved.push((e.id.clone(), why));
            }
        }
        shelf.aside = self.set_aside();
        shelf
    }

    /// The entries' indices, the most recently played first (then by id).
    fn newest_first(&self) -> Vec<usize> {
        let entries = self.0.entries.borrow();
        let mut order: Vec<usize> = (0..entries.len()).collect();
        crate::core::sort_many_by(&mut order, |&a, &b| {
            let (a, b) = (&entries[a], &entries[b]);
            b.game
                .updated_ms
                .total_cmp(&a.game.updated_ms)
                .then(a.id.cmp(&b.id))
                == std::cmp::Ordering::Greater
        });
        order
    }

    /// The entries that do not open, each with its reason.
    fn set_aside(&self) -> Vec<SetAside> {
        let aside = self.0.aside.borrow();
        let mut out = Vec::with_capacity(aside.len());
        for (key, reason, _) in aside.iter() {
            let id = key.split_once('.').map_or(key.as_str(), |(_, id)| id);
            out.push(SetAside {
                key: key.clone(),
                id: id.to_string(),
                reason: reason.clone(),
            });
        }
        out
    }

    /// One saved game by id (this tab's version), with its timeline when the store has just
    /// read it into one (another tab's version): opened or adopted without a replay.
    ///
    /// # Errors
    /// When there is none, or it cannot be opened.
    pub fn load_line(&self, id: &str) -> Result<Opening, String> {
        if let Some(i) = self.find(id) {
            let e = &self.0.entries.borrow()[i];
            return Ok(((*e.game).clone(), e.line.clone()));
        }
        match self
            .raw(&format!("{AT_GAME}{id}"))
            .or_else(|| self.raw(&format!("{AT_ASIDE}{id}")))
        {
            Some((reason, _)) => Err(format!("this saved game cannot be opened: {reason}")),
            None => Err("there is no saved game with this id on this device".into()),
        }
    }

    /// Saves a game, never over moves this tab has not seen: when another tab played on it
    /// meanwhile and this version does not extend theirs, it is kept as a copy under a new id
    /// ([`Change::Moved`] says so when the database decides it, a moment later).
    pub fn save(&self, game: &SavedGame) -> Saved {
        let i = self.show(game.clone(), None);
        let id = game.id.clone();
        if self.0.db.is_some() {
            self.0.entries.borrow_mut()[i].flying += 1;
            let this = self.clone();
            let game = game.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let result = this.write(vec![game.clone()]).await;
                if let Some(i) = this.find(&game.id) {
                    let mut entries = this.0.entries.borrow_mut();
                    entries[i].flying = entries[i].flying.saturating_sub(1);
                }
                this.settle(&game, result.map(|mut w| w.remove(0)));
            });
        }
        Saved {
            unsaved: self.unsaved(&id),
            id,
        }
    }

    /// How a write of `game` ended: landed as `kept` (itself, or a copy), with what was
    /// stored under its id when it was decided; or why it did not land.
    fn settle(&self, game: &SavedGame, result: Result<(SavedGame, Option<String>), SaveError>) {
        let id = game.id.clone();
        let (kept, before) = match result {
            Ok(written) => written,
            Err(why) => {
                // The entry holds this tab's newest version already (a later save may be on
                // its way), unless another tab deleted the game meanwhile.
                let i = match self.find(&id) {
                    Some(i) => i,
                    None => self.show(game.clone(), None),
                };
                self.0.entries.borrow_mut()[i].unsaved = Some(why);
                return self.tell(Change::Saved {
                    id,
                    unsaved: Some(why),
                });
            }
        };
        let copied = kept.id != id;
        self.announce(
            if copied || before.is_none() { 'n' } else { 'u' },
            &kept.id,
            &kept.to_json(),
        );
        if !copied {
            if let Some(i) = self.find(&id) {
                let mut entries = self.0.entries.borrow_mut();
                let e = &mut entries[i];
                e.unsaved = None;
                e.seen = kept.record.moves.clone();
                // This tab's last write landed: it is what the tab holds (after an earlier
                // write of it was kept as a copy, the entry showed the other tab's version).
                if e.flying == 0 {
                    e.set_game(kept);
                    e.line = None;
                }
            }
            self.tell(Change::Saved {
                id: id.clone(),
                unsaved: None,
            });
            return self.take_held(&id);
        }
        let i = self.show(kept.clone(), None);
        self.0.entries.borrow_mut()[i].seen = kept.record.moves.clone();
        // What is stored under `id` is another tab's version: this tab shows it there (the
        // newest of the one heard meanwhile and the one the write found).
        let held = self
            .find(&id)
            .and_then(|i| self.0.entries.borrow_mut()[i].held.take());
        let found = before
            .and_then(|b| SavedGame::parse_line(&b).ok())
            .filter(|(theirs, _)| theirs.id == id)
            .map(|(theirs, line)| (theirs, Rc::new(line)));
        let theirs = match (held, found) {
            (Some(h), Some(f)) if !h.0.record.holds(&f.0.record) => Some(f),
            (Some(h), _) => Some(h),
            (None, f) => f,
        };
        match theirs {
            Some((theirs, line)) => self.take(theirs, line, false),
            None => self.drop_entry(&id),
        }
        self.0
            .moved
            .borrow_mut()
            .push((id.clone(), kept.id.clone()));
        self.tell(Change::Moved {
            from: id,
            to: kept.id,
        });
    }

    /// Once every write of this tab's version of game `id` has landed over what it had seen,
    /// another tab's version heard meanwhile is taken if it extends this tab's (it was
    /// written after), and dropped otherwise (this tab's replaced it).
    fn take_held(&self, id: &str) {
        let taken = {
            let mut entries = self.0.entries.borrow_mut();
            let Some(e) = entries.iter_mut().find(|e| e.id == id) else {
                return;
            };
            if e.flying > 0 || e.unsaved.is_some() {
                return;
            }
            let ours = &e.game.record;
            e.held
                .take()
                .filter(|(theirs, _)| theirs.record.holds(ours) && theirs.record != *ours)
        };
        if let Some((theirs, line)) = taken {
            self.take(theirs, line, false);
        }
    }

    /// Writes `games` in one transaction, each after reading what is stored under its id
    /// and deciding ([`decide`]): what was written for each (itself or a copy), with the text
    /// that was stored before; or why the transaction did not land (then none did).
    async fn write(
        &self,
        games: Vec<SavedGame>,
    ) -> Result<Vec<(SavedGame, Option<String>)>, SaveError> {
        let db = self.0.db.as_ref().ok_or(SaveError::Refused)?;
        let tx = idb::transaction(&db.borrow(), &[GAMES], true);
        let (tx, end) = match tx {
            Ok(tx) => tx,
            // Closed under this tab (another tab deleted it, a newer version of the app
            // upgraded it, the browser cleared it): reopened, and the moves made meanwhile
            // land now; or it says why not (tried again with the next save).
            Err(_) => {
                let fresh = idb::open().await;
                self.0.trouble.set(fresh.as_ref().err().copied());
                db.replace(fresh?).close();
                idb::transaction(&db.borrow(), &[GAMES], true).map_err(|_| SaveError::Refused)?
            }
        };
        let store = idb::store(&tx, GAMES).map_err(|_| SaveError::Refused)?;
        let mut written = Vec::new();
        for game in games {
            let step = async {
                let before = idb::get(&store, &game.id).await?;
                let at = self.find(&game.id);
                let seen = at.map(|i| self.0.entries.borrow()[i].seen.clone());
                let d = decide(before.as_deref(), seen.as_deref(), &game, new_id);
                idb::put(&store, &d.game.id, &d.game.to_json())?;
                if let (false, Some(i)) = (d.copied, at) {
                    self.0.entries.borrow_mut()[i].seen = d.game.record.moves.clone();
                }
                Ok::<_, JsValue>((d.game, before))
            };
            match step.await {
                Ok(w) => written.push(w),
                // Nothing of this transaction lands: what it wrote so far is undone.
                Err(e) => {
                    let _ = tx.abort();
                    return Err(tx.error().map_or_else(|| idb::error(&e), |_| idb::why(&tx)));
                }
            }
        }
        match end.await {
            Ok(_) => Ok(written),
            Err(_) => Err(idb::why(&tx)),
        }
    }

    /// Tries again to save every game this tab could not save.
    pub fn flush_unsaved(&self) {
        let pending: Vec<SavedGame> = self
            .0
            .entries
            .borrow()
            .iter()
            .filter(|e| e.unsaved.is_some())
            .map(|e| (*e.game).clone())
            .collect();
        for game in &pending {
            self.save(game);
        }
    }

    /// Where this tab's version of game `id` went, if a write had to keep it as a copy
    /// (taken once).
    pub fn moved_to(&self, id: &str) -> Option<String> {
        let mut moved = self.0.moved.borrow_mut();
        let at = moved.iter().position(|(from, _)| from == id)?;
        Some(moved.remove(at).1)
    }

    /// Whether this tab holds any game it could not save yet.
    pub fn any_unsaved(&self) -> bool {
        self.0.entries.borrow().iter().any(|e| e.unsaved.is_some())
    }

    /// Whether leaving the page now could lose a move: a game is not saved yet, or a write is
    /// still on its way to the database (it takes a few milliseconds; a page unloaded meanwhile
    /// may abort it).
    pub fn any_pending(&self) -> bool {
        self.0
            .entries
            .borrow()
            .iter()
            .any(|e| e.unsaved.is_some() || e.flying > 0)
    }

    /// Why this tab's version of game `id` is not saved yet, if it is not.
    pub fn unsaved(&self, id: &str) -> Option<SaveError> {
        self.find(id)
            .and_then(|i| self.0.entries.borrow()[i].unsaved)
    }

    /// Deletes a saved game (and this tab's unsaved version of it).
    pub fn delete(&self, id: &str) {
        self.drop_entry(id);
        self.remove(GAMES, id);
        self.announce('d', id, "");
    }

    /// Deletes `key` of store `name` (on the database as it is: if it was closed under this
    /// tab, the entry stays, and shows again on the next start).
    fn remove(&self, name: &str, key: &str) {
        if let Some(db) = &self.0.db {
            if let Ok((tx, _)) = idb::transaction(&db.borrow(), &[name], true) {
                let _ = idb::store(&tx, name).and_then(|s| idb::delete(&s, key));
            }
        }
    }

    fn raw(&self, key: &str) -> Option<(String, String)> {
        self.0
            .aside
            .borrow()
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, r, t)| (r.clone(), t.clone()))
    }

    /// The raw text of an entry that could not be opened, for download.
    pub fn raw_text(&self, key: &str) -> Option<String> {
        self.raw(key).map(|(_, text)| text)
    }

    /// Whether `key` is an entry this app moved aside (not one left in place for a newer
    /// version).
    pub fn is_aside_key(&self, key: &str) -> bool {
        key.starts_with(AT_ASIDE)
    }

    /// Discards an entry that could not be opened (and its reason).
    pub fn discard(&self, key: &str) {
        self.0.aside.borrow_mut().retain(|(k, _, _)| k != key);
        if let Some(slot) = key.strip_prefix(AT_ASIDE) {
            self.remove(ASIDE, slot);
        }
    }
}
