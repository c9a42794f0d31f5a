//! When two versions of a saved game meet: another tab's write over this tab's, a shared link
//! over a saved game, a backup file over the saved games.

use super::entry::{EntryError, SavedGame};
use crate::json;
use crate::record::{check_name, GameRecord};

/// Whether a tab may write `ours` over the stored entry without losing a move it has not
/// seen: nothing is stored, or what is stored is what the tab last read or wrote (`seen`),
/// or every stored move is already in `ours` (it extends what is stored), and its end on
/// time if it has one ([`GameRecord::holds`]).
pub fn may_replace(stored: Option<&SavedGame>, seen: &[String], ours: &SavedGame) -> bool {
    match stored {
        None => true,
        // Another game under this id (never expected): it is not this tab's to replace.
        Some(stored) if !stored.record.same_start(&ours.record) => false,
        Some(stored) => stored.record.moves == seen || ours.record.holds(&stored.record),
    }
}

/// What a write does once it has read what is stored under the game's id (see [`decide`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// What to write: the game, or the game as a copy under a new id.
    pub game: SavedGame,
    /// Whether it is kept as a copy: what is stored holds moves the writer has not seen.
    pub copied: bool,
}

/// The read-compare-write of one save, given what is stored under the game's id (its text,
/// read in the same transaction as the write) and the moves the writing tab last read or
/// wrote there (`seen`): the game replaces what is stored when that loses no move the tab
/// has not seen ([`may_replace`]); otherwise it is kept as a copy under `fresh_id()`. An
/// entry that does not open (damaged, or from a newer version) is never written over.
pub fn decide(
    stored: Option<&str>,
    seen: Option<&[String]>,
    game: &SavedGame,
    fresh_id: impl FnOnce() -> String,
) -> Decision {
    let replace = match stored {
        None => true,
        Some(text) => SavedGame::peek(text)
            .filter(|s| s.id == game.id)
            .is_some_and(|s| may_replace(Some(&s), seen.unwrap_or(&[]), game)),
    };
    let mut game = game.clone();
    if !replace {
        game.copy_of = Some(game.id.clone());
        game.id = fresh_id();
    }
    Decision {
        game,
        copied: !replace,
    }
}

/// What to do with a game read from a backup, given the saved game with its id (if any).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restore {
    /// Nothing by that id here: add it as it is.
    Add,
    /// The same game with every one of its moves (and its end on time) is here already.
    Skip,
    /// Another version is here: add this one as a copy, never over it.
    Copy,
}

/// How a backed-up game is restored next to `present` (the saved game with its id, if any).
pub fn restore_as(present: Option<&SavedGame>, incoming: &SavedGame) -> Restore {
    match present {
        None => Restore::Add,
        Some(p) if p.record.same_start(&incoming.record) && p.record.holds(&incoming.record) => {
            Restore::Skip
        }
        Some(_) => Restore::Copy,
    }
}

/// How a game arriving by link relates to one saved here (see [`link_meets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkMeets {
    /// Another game, or another start: nothing to do with it.
    Unrelated,
    /// The same game with the same moves (and the same end on time, if any).
    Same,
    /// The link carries this game's moves and more (or the same, and an end on time): what
    /// it adds is added.
    Extends,
    /// This game already has every move of the link and more (or its end on time): the link
    /// adds nothing.
    Older,
    /// Same start, histories that differ: both are kept.
    Diverged,
}

/// How the game of a link (`link`) relates to the saved game `here`.
pub fn link_meets(here: &GameRecord, link: &GameRecord) -> LinkMeets {
    if !here.same_start(link) {
        LinkMeets::Unrelated
    } else if here.moves == link.moves && here.timeout == link.timeout {
        LinkMeets::Same
    } else if link.holds(here) {
        LinkMeets::Extends
    } else if here.holds(link) {
        LinkMeets::Older
    } else {
        LinkMeets::Diverged
    }
}

/// The file "Download every game" writes: every saved game as stored, in
/// `{"stackplay_backup":1,"games":[...]}`.
pub struct Backup;

impl Backup {
    /// The backup file's text for `games`.
    pub fn of<'a>(games: impl IntoIterator<Item = &'a SavedGame>) -> String {
        let entries: Vec<String> = games.into_iter().map(SavedGame::to_json).collect();
        format!(
            "{{\"stackplay_backup\":1,\"games\":[{}]}}",
            entries.join(",")
        )
    }

    /// Reads a backup file: each game fully validated on its own (the same checks as a
    /// link's, the players' names included), so one damaged entry costs only itself.
    pub fn open(text: &str) -> BackupFile {
        let Ok(file) = json::parse(text) else {
            return BackupFile::NotABackup;
        };
        let Some(version) = file
            .field("stackplay_backup")
            .ok()
            .flatten()
            .and_then(|v| v.u64().ok())
        else {
            return BackupFile::NotABackup;
        };
        if version > 1 {
            return BackupFile::Newer(version);
        }
        let Some(games) = file.need("games").ok().and_then(|g| g.items().ok()) else {
            return BackupFile::NotABackup;
        };
        BackupFile::Games(games.iter().map(Backup::game).collect())
    }

    /// Reads one game of a backup, fully validated (the players' names included).
    ///
    /// # Errors
    /// Why it is not added, in words.
    pub fn game(game: &json::Json) -> Result<SavedGame, EntryError> {
        let saved = SavedGame::judge(game)?;
        for (seat, p) in saved.record.players.iter().enumerate() {
            check_name(&p.name)
                .map_err(|why| EntryError::damaged(format!("player {}'s name {why}", seat + 1)))?;
        }
        Ok(saved)
    }

    /// [`Backup::game`] of a game's text, as [`super::backup::Scan`] found it in a file
    /// (`None`: the file's text does not cut there).
    ///
    /// # Errors
    /// As [`Backup::game`]; and when it is not JSON.
    pub fn game_text(text: Option<&str>) -> Result<SavedGame, EntryError> {
        let tree = text
            .and_then(|text| json::parse(text).ok())
            .ok_or_else(|| EntryError::damaged("not readable"))?;
        Backup::game(&tree)
    }

    /// The games of a backup file, each read or refused with its reason (see
    /// [`Backup::open`]); `None` when the text is not a backup this version reads.
    pub fn read(text: &str) -> Option<Vec<Result<SavedGame, String>>> {
        match Backup::open(text) {
            BackupFile::Games(games) => {
                Some(games.into_iter().map(|g| g.map_err(|e| e.reason)).collect())
            }
            _ => None,
        }
    }
}

/// What a file read as a backup turned out to be.
#[derive(Debug, PartialEq)]
pub enum BackupFile {
    /// Not a backup at all (perhaps a single game's record).
    NotABackup,
    /// A backup in a newer format than this version reads (its version).
    Newer(u64),
    /// A backup: each game, or why it is not added.
    Games(Vec<Result<SavedGame, EntryError>>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::entry::tests::sample;

    fn with_moves(moves: &[&str]) -> SavedGame {
        let mut s = sample();
        s.record.moves = moves.iter().map(|m| m.to_string()).collect();
        s.cursor = moves.len();
        s
    }

    #[test]
    fn a_write_never_replaces_moves_it_has_not_seen() {
        let seen: Vec<String> = vec!["a".into()];
        let ours = with_moves(&["a", "b"]);
        // Nothing stored, or what this tab saw, or a prefix of ours: write.
        assert!(may_replace(None, &seen, &ours));
        assert!(may_replace(Some(&with_moves(&["a"])), &seen, &ours));
        assert!(may_replace(Some(&with_moves(&[])), &seen, &ours));
        // Undo then another move: the stored history is what this tab saw, so it may go.
        let stored = with_moves(&["a", "x", "y"]);
        assert!(may_replace(
            Some(&stored),
            &["a".into(), "x".into(), "y".into()],
            &ours
        ));
        // Another tab moved meanwhile (a move this tab has not seen): keep both.
        assert!(!may_replace(Some(&with_moves(&["a", "c"])), &seen, &ours));
        // Another game under the same id: never over it.
        let mut other = with_moves(&["a"]);
        other.record.seed = 99;
        assert!(!may_replace(Some(&other), &seen, &ours));
    }

    /// A tab as the store's writes see it: the moves it last read or wrote per id.
    struct Tab {
        seen: std::collections::BTreeMap<String, Vec<String>>,
    }

    impl Tab {
        /// One save as one transaction of the browser's database: read, decide, write.
        fn save(
            &mut self,
            db: &mut std::collections::BTreeMap<String, String>,
            game: &SavedGame,
            n: &mut u32,
        ) {
            let stored = db.get(&game.id).cloned();
            let d = decide(
                stored.as_deref(),
                self.seen.get(&game.id).map(Vec::as_slice),
                game,
                || {
                    *n += 1;
                    format!("copy{n}")
                },
            );
            if !d.copied {
                self.seen
                    .insert(game.id.clone(), d.game.record.moves.clone());
            }
            db.insert(d.game.id.clone(), d.game.to_json());
        }
    }

    #[test]
    fn two_tabs_saving_in_either_order_lose_no_move() {
        // Both tabs saw the same game; each plays a move of its own (or undoes, or plays two),
        // and their transactions run in one order or the other: every version of both is
        // in some saved game afterwards (a copy where they differ), never one over the other.
        let start = with_moves(&["a", "b"]);
        let versions: [&[&str]; 4] = [
            &["a", "b", "x"],
            &["a", "b", "y", "z"],
            &["a"],
            &["a", "b", "x"],
        ];
        for first in versions {
            for second in versions {
                for order in [false, true] {
                    let mut db = std::collections::BTreeMap::new();
                    db.insert(start.id.clone(), start.to_json());
                    let mut tabs = [0, 1].map(|_| Tab {
                        seen: [(start.id.clone(), start.record.moves.clone())].into(),
                    });
                    let ours = [with_moves(first), with_moves(second)];
                    let mut n = 0;
                    let (a, b) = if order { (1, 0) } else { (0, 1) };
                    tabs[a].save(&mut db, &ours[a], &mut n);
                    tabs[b].save(&mut db, &ours[b], &mut n);
                    let kept: Vec<Vec<String>> = db
                        .values()
                        .map(|text| SavedGame::peek(text).unwrap().record.moves)
                        .collect();
                    for version in &ours {
                        assert!(
                            kept.iter().any(|k| k.starts_with(&version.record.moves)),
                            "{first:?} then {second:?} (order {order}): {:?} lost from {kept:?}",
                            version.record.moves
                        );
                    }
                    // Histories that differ are both kept whole; one that only adds moves to
                    // the other's leaves a single game.
                    let (x, y) = (&ours[a].record.moves, &ours[b].record.moves);
                    if !(x.starts_with(y) || y.starts_with(x)) {
                        assert_eq!(db.len(), 2, "{first:?} {second:?} {order}: {kept:?}");
                    }
                    if y.starts_with(x) {
                        assert_eq!(db.len(), 1, "{first:?} {second:?} {order}: {kept:?}");
                    }
                }
            }
        }
    }

    /// Every order in which the tabs' saves can reach the database: each tab's own saves
    /// in the order it made them (`counts[t]` saves of tab `t`), the tabs' interleaved every
    /// way. Each order lists the tab of each save.
    fn interleavings(counts: &[usize]) -> Vec<Vec<usize>> {
        if counts.iter().all(|&c| c == 0) {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for t in 0..counts.len() {
            if counts[t] == 0 {
                continue;
            }
            let mut rest = counts.to_vec();
            rest[t] -= 1;
            for mut order in interleavings(&rest) {
                order.insert(0, t);
                out.push(order);
            }
        }
        out
    }

    #[test]
    fn two_to_four_tabs_with_pending_moves_in_every_order_lose_no_move() {
        // Two, three and four tabs saw the same game; each plays one move or two (saves still
        // pending: a later one carries the earlier's moves, and was played before the first
        // landed, so the tab's `seen` is what it saw when it began). Every save of every tab,
        // in every order the database can run them: every version any tab saved is the start
        // of a stored history, and each tab's last version is stored whole.
        let start = with_moves(&["s"]);
        let mut orders = 0;
        for tabs in 2..=4 {
            for pending in [1, 2] {
                // Tab t plays "t0" then "t1"; with one pending save, only the last.
                let versions: Vec<Vec<SavedGame>> = (0..tabs)
                    .map(|t| {
                        let all = [
                            with_moves(&["s", &format!("{t}0")]),
                            with_moves(&["s", &format!("{t}0"), &format!("{t}1")]),
                        ];
                        all[2 - pending..].to_vec()
                    })
                    .collect();
                let counts: Vec<usize> = versions.iter().map(Vec::len).collect();
                for order in interleavings(&counts) {
                    orders += 1;
                    let mut db = std::collections::BTreeMap::new();
                    db.insert(start.id.clone(), start.to_json());
                    let mut tab: Vec<Tab> = (0..tabs)
                        .map(|_| Tab {
                            seen: [(start.id.clone(), start.record.moves.clone())].into(),
                        })
                        .collect();
                    let mut next = vec![0; tabs];
                    let mut n = 0;
                    for &t in &order {
                        tab[t].save(&mut db, &versions[t][next[t]], &mut n);
                        next[t] += 1;
                    }
                    let kept: Vec<Vec<String>> = db
                        .values()
                        .map(|text| SavedGame::peek(text).unwrap().record.moves)
                        .collect();
                    for (t, saves) in versions.iter().enumerate() {
                        for v in saves {
                            assert!(
                                kept.iter().any(|k| k.starts_with(&v.record.moves)),
                                "{tabs} tabs, order {order:?}: tab {t}'s {:?} lost from {kept:?}",
                                v.record.moves
                            );
                        }
                        let last = &saves[saves.len() - 1].record.moves;
                        assert!(
                            kept.iter().any(|k| k == last),
                            "{tabs} tabs, order {order:?}: tab {t}'s last {last:?} not whole in {kept:?}"
                        );
                    }
                }
            }
        }
        // 2, 3, 4 tabs: 2 + 6 + 24 orders with one save each; 6 + 90 + 2,520 with two.
        assert_eq!(orders, 2 + 6 + 24 + 6 + 90 + 2520);
    }

    #[test]
    fn a_tab_whose_saves_waited_keeps_them_as_a_copy_when_the_game_moved_on() {
        // A tab could not save (a full storage) while another tab played on: when room comes
        // back, its held version lands as a copy, and the other's stays the original.
        let start = with_moves(&["s"]);
        let mut db = std::collections::BTreeMap::new();
        db.insert(start.id.clone(), start.to_json());
        let seen = || Tab {
            seen: [(start.id.clone(), start.record.moves.clone())].into(),
        };
        let (mut full, mut other) = (seen(), seen());
        let mut n = 0;
        other.save(&mut db, &with_moves(&["s", "b"]), &mut n);
        other.save(&mut db, &with_moves(&["s", "b", "c"]), &mut n);
        let unsaved = with_moves(&["s", "x", "y", "z"]);
        full.save(&mut db, &unsaved, &mut n);
        let original = SavedGame::peek(&db[&start.id]).unwrap();
        assert_eq!(original.record.moves, ["s", "b", "c"]);
        let copy = SavedGame::peek(&db["copy1"]).unwrap();
        assert_eq!(copy.record.moves, unsaved.record.moves);
        assert_eq!(copy.copy_of.as_deref(), Some(start.id.as_str()));
        // Had nobody played on, it would simply have landed.
        let mut db = std::collections::BTreeMap::new();
        db.insert(start.id.clone(), start.to_json());
        seen().save(&mut db, &unsaved, &mut n);
        assert_eq!(db.len(), 1);
        assert_eq!(SavedGame::peek(&db[&start.id]).unwrap(), unsaved);
    }

    #[test]
    fn a_strength_word_of_a_newer_version_is_left_as_it_is() {
        let mut s = sample();
        s.record.players[1].computer = Some(crate::core::Strength::Strong);
        let text = s.to_json().replace("\"strong\"", "\"grandmaster\"");
        let e = SavedGame::parse(&text).unwrap_err();
        assert!(e.newer && e.reason.contains("newer version"), "{e:?}");
        // The same in a backup: refused with its reason, never changed to another strength.
        let backup = format!("{{\"stackplay_backup\":1,\"games\":[{text}]}}");
        match Backup::open(&backup) {
            BackupFile::Games(games) => assert!(games[0]
                .as_ref()
                .is_err_and(|e| e.reason.contains("strength"))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_entry_that_does_not_open_is_never_written_over() {
        let ours = with_moves(&["a"]);
        let d = decide(Some("{not a game"), None, &ours, || "fresh".into());
        assert!(
            d.copied && d.game.id == "fresh" && d.game.copy_of.as_deref() == Some(ours.id.as_str())
        );
        let d = decide(None, None, &ours, || unreachable!());
        assert!(!d.copied && d.game == ours);
    }

    #[test]
    fn a_link_meets_a_saved_game() {
        let here = with_moves(&["a", "b"]).record;
        let link = |m: &[&str]| with_moves(m).record;
        assert_eq!(link_meets(&here, &link(&["a", "b"])), LinkMeets::Same);
        assert_eq!(
            link_meets(&here, &link(&["a", "b", "c"])),
            LinkMeets::Extends
        );
        assert_eq!(link_meets(&here, &link(&["a"])), LinkMeets::Older);
        assert_eq!(link_meets(&here, &link(&["a", "x"])), LinkMeets::Diverged);
        let mut other = link(&["a", "b", "c"]);
        other.seed += 1;
        assert_eq!(link_meets(&here, &other), LinkMeets::Unrelated);
    }

    #[test]
    fn a_backup_adds_skips_or_copies_never_overwrites() {
        let here = with_moves(&["a", "b"]);
        assert_eq!(restore_as(None, &here), Restore::Add);
        assert_eq!(
            restore_as(Some(&here), &with_moves(&["a", "b"])),
            Restore::Skip
        );
        assert_eq!(restore_as(Some(&here), &with_moves(&["a"])), Restore::Skip);
        assert_eq!(
            restore_as(Some(&here), &with_moves(&["a", "b", "c"])),
            Restore::Copy
        );
        assert_eq!(restore_as(Some(&here), &with_moves(&["x"])), Restore::Copy);
    }

    #[test]
    fn backups_round_trip_and_damage_costs_only_itself() {
        let a = sample();
        let mut b = sample();
        b.id = "g2".into();
        let text = Backup::of(&[a.clone(), b.clone()]);
        let read = Backup::read(&text).expect("a backup");
        assert_eq!(read, vec![Ok(a), Ok(b)]);
        let damaged = text.replacen("\"cursor\":0", "\"cursor\":7", 1);
        let read = Backup::read(&damaged).expect("still a backup");
        assert!(read[0].is_err() && read[1].is_ok(), "{read:?}");
        assert!(Backup::read("{\"format\":1}").is_none());
        assert!(Backup::read("[]").is_none());
    }

    #[test]
    fn a_backup_says_why_it_refuses_a_game_or_a_whole_file() {
        let a = sample();
        let text = Backup::of(std::slice::from_ref(&a));
        // A newer backup format is said to be one, not "not a game record".
        let newer = text.replace("\"stackplay_backup\":1", "\"stackplay_backup\":2");
        assert_eq!(Backup::open(&newer), BackupFile::Newer(2));
        // Names go through a link's checks: no control characters, something visible.
        for (bad, why) in [
            (
                "A\\nB",
                "player 1's name has a line break or another control character",
            ),
            (
                "A\\u0000",
                "player 1's name has a line break or another control character",
            ),
            (
                "\\u200b\\u200b",
                "player 1's name is blank (it shows nothing)",
            ),
        ] {
            let hostile = text.replace("\"name\":\"Ann\"", &format!("\"name\":\"{bad}\""));
            assert_eq!(
                Backup::read(&hostile),
                Some(vec![Err(why.to_string())]),
                "{bad}"
            );
        }
        // A game of a newer version: refused as one, with its reason in words.
        let unknown = text.replace("\"game\":\"stack-control\"", "\"game\":\"hexes\"");
        let BackupFile::Games(games) = Backup::open(&unknown) else {
            panic!("a backup")
        };
        let refusal = games[0].as_ref().unwrap_err();
        assert!(refusal.newer, "{refusal:?}");
        assert!(refusal.reason.contains("does not know"), "{refusal:?}");
    }
}
