//! Reading a backup file a slice at a time, so that a file of many thousands of games is never
//! parsed in one long task: [`Scan`] finds where each game's text lies as the file's bytes come
//! in, and each game is then read and checked on its own ([`super::meet::Backup::game`]).
//! Plain code, tested natively.

/// What [`Scan`] found in a whole file.
#[derive(Debug, PartialEq, Eq)]
pub enum Scanned {
    /// Not a backup (perhaps a single game's record): read it whole.
    NotABackup,
    /// A backup in a newer format than this version reads (its version).
    Newer(u64),
    /// A backup: where each game's text lies in the file (from, to).
    Games(Vec<(usize, usize)>),
}

/// Finds the games of a backup, `{"stackplay_backup":1,"games":[...]}`, in its bytes as they
/// come in ([`Scan::feed`]), without parsing them: only strings, nesting and the top-level keys
/// are followed. A file that is not one JSON object, or holds either key twice or not at all,
/// or a games value that is not an array, is not a backup.
#[derive(Debug, Default)]
pub struct Scan {
    /// How many bytes were looked at.
    at: usize,
    /// How deep in arrays and objects (1: in the top-level object, 2: in the games array).
    depth: u32,
    in_string: bool,
    escaped: bool,
    /// Whether the next top-level string is a key; where the one being read began.
    want_key: bool,
    key_start: Option<usize>,
    /// The last top-level key read, and the key whose value comes next (after its colon).
    key: Option<(usize, usize)>,
    value_of: Option<(usize, usize)>,
    /// Where the version's value began, while it is read; the version once read.
    version_start: Option<usize>,
    version: Option<Option<u64>>,
    /// The games array: 0 not met yet, 1 in it, 2 read.
    games: u8,
    item_start: Option<usize>,
    items: Vec<(usize, usize)>,
    /// Something no backup holds (a key twice, text after the end, ...).
    odd: bool,
    closed: bool,
}

impl Scan {
    /// Looks at what is new in `bytes`: the file so far (it grows between calls).
    pub fn feed(&mut self, bytes: &[u8]) {
        for i in self.at..bytes.len() {
            self.step(bytes, i);
        }
        self.at = self.at.max(bytes.len());
    }

    fn step(&mut self, bytes: &[u8], i: usize) {
        let b = bytes[i];
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                if let Some(start) = self.key_start.take() {
                    self.key = Some((start, i));
                }
            }
            return;
        }
        if b.is_ascii_whitespace() {
            return;
        }
        if self.depth == 0 && (self.closed || b != b'{') {
            self.odd = true;
            return;
        }
        // A value of the top-level object begins.
        if let Some((from, to)) = self.value_of.take() {
            match &bytes[from..to] {
                b"games" if self.games == 0 && b == b'[' => self.games = 1,
                b"stackplay_backup" if self.version.is_none() => self.version_start = Some(i),
                b"games" | b"stackplay_backup" => self.odd = true,
                _ => {}
            }
        }
        // A game begins.
        if self.games == 1 && self.depth == 2 && self.item_start.is_none() && b != b',' && b != b']'
        {
            self.item_start = Some(i);
        }
        match b {
            b'"' => {
                self.in_string = true;
                if self.depth == 1 && self.want_key {
                    self.key_start = Some(i + 1);
                    self.want_key = false;
                }
            }
            b':' if self.depth == 1 => self.value_of = self.key.take(),
            b',' if self.depth == 1 => {
                self.end_version(bytes, i);
                self.want_key = true;
            }
            b',' if self.games == 1 && self.depth == 2 => self.end_item(i),
            b'{' | b'[' => {
                self.depth += 1;
                self.want_key = self.depth == 1;
            }
            b'}' | b']' => {
                if self.games == 1 && self.depth == 2 && b == b']' {
                    self.end_item(i);
                    self.games = 2;
                }
                self.depth -= 1;
                if self.depth == 0 {
                    self.end_version(bytes, i);
                    self.closed = true;
                }
            }
            _ => {}
        }
    }

    fn end_version(&mut self, bytes: &[u8], i: usize) {
        if let Some(start) = self.version_start.take() {
            // Digits, and the white space before the comma.
            let digits = bytes[start..i].trim_ascii_end();
            self.version = Some(digits.iter().try_fold(0u64, |n, &b| {
                let digit = b.is_ascii_digit().then(|| u64::from(b - b'0'))?;
                n.checked_mul(10)?.checked_add(digit)
            }));
        }
    }

    fn end_item(&mut self, i: usize) {
        if let Some(start) = self.item_start.take() {
            self.items.push((start, i));
        }
    }

    /// What the whole file turned out to be (once every byte was fed).
    pub fn finish(self) -> Scanned {
        if self.odd || !self.closed || self.games != 2 {
            return Scanned::NotABackup;
        }
        match self.version {
            Some(Some(v)) if v > 1 => Scanned::Newer(v),
            Some(Some(_)) => Scanned::Games(self.items),
            _ => Scanned::NotABackup,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Scan, Scanned};
    use crate::record::GameRecord;
    use crate::storage::entry::tests::sample;
    use crate::storage::meet::{Backup, BackupFile};

    /// Scans `text` fed in slices of `step` bytes.
    fn scan(text: &str, step: usize) -> Scanned {
        let bytes = text.as_bytes();
        let mut scan = Scan::default();
        let mut to = 0;
        while to < bytes.len() {
            to = (to + step).min(bytes.len());
            scan.feed(&bytes[..to]);
        }
        scan.finish()
    }

    /// What reading `text` whole finds (each game or its refusal), and what the scan and the
    /// games read one by one find, in slices of every size from 1 to 7 bytes and whole.
    fn both(text: &str) -> (String, Vec<String>) {
        let summary = |file: BackupFile| match file {
            BackupFile::NotABackup => "not a backup".to_string(),
            BackupFile::Newer(v) => format!("newer {v}"),
            BackupFile::Games(games) => format!("{games:?}"),
        };
        let whole = summary(Backup::open(text));
        let scanned = [1, 2, 3, 5, 7, text.len().max(1)]
            .iter()
            .map(|&step| {
                summary(match scan(text, step) {
                    Scanned::NotABackup => BackupFile::NotABackup,
                    Scanned::Newer(v) => BackupFile::Newer(v),
                    Scanned::Games(at) => BackupFile::Games(
                        at.iter()
                            .map(|&(from, to)| Backup::game_text(text.get(from..to)))
                            .collect(),
                    ),
                })
            })
            .collect();
        (whole, scanned)
    }

    #[test]
    fn a_backup_read_a_slice_at_a_time_finds_what_reading_it_whole_does() {
        let mut a = sample();
        a.record.players[0].name = r#"A "quoted" [name] {with} \\ , : brackets"#.into();
        let mut b = sample();
        b.id = "g2".into();
        let backup = Backup::of(&[a.clone(), b]);
        let (whole, scanned) = both(&backup);
        assert!(whole.contains("g2") && whole.contains("quoted"), "{whole}");
        assert!(scanned.iter().all(|s| *s == whole), "{scanned:?}");
        let one = Backup::of(std::slice::from_ref(&a));
        let damaged = backup.replacen(r#""cursor":0"#, r#""cursor":"x""#, 1);
        let pretty = backup
            .replace(",\"", ",\n  \"")
            .replace("[{", "[ \n\t{ ")
            .replace("}]", " }\r\n ] ");
        let keys_after = format!(
            r#"{{"other":[1,{{"games":2}}],"games":[{}],"stackplay_backup":1}}"#,
            a.to_json()
        );
        for text in [
            backup.clone(),
            one.clone(),
            damaged,
            pretty,
            keys_after,
            r#"{"stackplay_backup":1,"games":[]}"#.to_string(),
            r#"{"stackplay_backup":1,"games":[1,"x",[2],{"id":"]"}]}"#.to_string(),
            backup.replace(r#""stackplay_backup":1"#, r#""stackplay_backup":3"#),
            // Not a backup: a game's record, no version, no games, games twice, a version
            // that is not a number, text after the end, an array, cut short.
            a.record.to_json(),
            r#"{"games":[]}"#.to_string(),
            r#"{"stackplay_backup":1}"#.to_string(),
            r#"{"stackplay_backup":1,"games":[],"games":[]}"#.to_string(),
            r#"{"stackplay_backup":1,"games":{}}"#.to_string(),
            r#"{"stackplay_backup":"1","games":[]}"#.to_string(),
            r#"{"stackplay_backup":1x,"games":[]}"#.to_string(),
            r#"{"stackplay_backup":99999999999999999999,"games":[]}"#.to_string(),
            r#"{"stackplay_backup": 2 ,"games":[]}"#.to_string(),
            format!("{one} x"),
            format!("{one}{one}"),
            format!("[{one}]"),
            one[..one.len() - 3].to_string(),
            String::new(),
            "}".to_string(),
        ] {
            let (whole, scanned) = both(&text);
            for s in &scanned {
                assert_eq!(s, &whole, "{text}");
            }
        }
    }

    /// A game of `slug` for `players`, random legal moves from `seed` until it ends or `steps`
    /// were played.
    fn random_record(slug: &str, players: usize, seed: u64, steps: usize) -> GameRecord {
        let mut record = GameRecord::with_defaults(slug, players, seed).expect("a game");
        let mut game = record.start().expect("a start");
        let mut rng = crate::core::Rng::new(seed);
        while record.moves.len() < steps && game.outcome().is_none() {
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len() as u64) as usize].clone();
            game.play(&mv).expect("a legal move");
            record.moves.push(mv);
        }
        record
    }

    /// Prints the records `tests/site/bench-store.mjs` makes its backups of (each game at
    /// its fewest and most players), one a line:
    /// `cargo test --no-default-features --lib print_bench_games -- --ignored --nocapture`.
    #[test]
    #[ignore = "prints the benchmark's games; run by hand when they are to change"]
    fn print_bench_games() {
        for entry in crate::registry::games() {
            let info = entry.info();
            for (i, players) in [info.min_players, info.max_players].into_iter().enumerate() {
                let record = random_record(info.slug, players, 11 + i as u64, 160);
                println!("{}", record.to_json());
            }
        }
    }
}
