//! Makes the puzzle files `static/puzzles/<slug>.txt` (docs/puzzles.md): plays seeded games
//! between computer players at a small iteration count, and keeps positions where the player
//! to move has exactly one turn that wins at once ([`stackplay::puzzles::solve`]).
//!
//! ```sh
//! cargo run --release --no-default-features --example make_puzzles -- stack-control evade stacks stax
//! cargo run --release --no-default-features --example make_puzzles -- evacuate --count 30 --max-line 1500
//! ```
//!
//! Options (before or after the slugs): `--count N` puzzles per player count (32), `--iterations
//! N` of the computer's search per step (50), `--random N` percent of steps played at random
//! (20), `--per-game N` puzzles kept from one game at most (2), `--branches N` other endings
//! played from a late position of each game (4), `--max-line N` bytes at most a puzzle's line
//! (0: no limit; 1500 for Evacuate, whose match records are long), `--out DIR`
//! (`static/puzzles`).
//! Everything is seeded: the same options write the same puzzles (the comments' times aside).

use std::time::Instant;

use stackplay::ai::{native_clock, Budget};
use stackplay::core::{Rng, SetupChoices};
use stackplay::puzzles::solve::{self, turn_starts_after, turn_wins, TURN_LIMIT};
use stackplay::puzzles::Puzzle;
use stackplay::record::{GameRecord, PlayerInfo};
use stackplay::registry;

/// The settings of one run.
struct Settings {
    count: usize,
    iterations: u32,
    random: u64,
    per_game: usize,
    branches: usize,
    max_line: usize,
    out: String,
}

/// One player count of a game, and the options its games cycle through (values of the
/// new-game form's options by key).
struct Group {
    players: usize,
    variants: Vec<Vec<(&'static str, &'static str)>>,
}

fn groups(slug: &str) -> Vec<Group> {
    let g = |players, variants: Vec<Vec<(&'static str, &'static str)>>| Group { players, variants };
    match slug {
        "stack-control" => (2..=5).map(|p| g(p, vec![vec![]])).collect(),
        // Mostly "show me my own coins": in the rules as written a mover rarely knows a coin of
        // its own from its view alone (docs/puzzles.md).
        "evade" => vec![g(
            2,
            vec![
                vec![("own", "on")],
                vec![("own", "on")],
                vec![("own", "off")],
            ],
        )],
        "stacks" => vec![g(
            2,
            vec![
                vec![("side", "3"), ("diabolical", "off")],
                vec![("side", "3"), ("diabolical", "on")],
                vec![("side", "4"), ("diabolical", "off")],
                vec![("side", "4"), ("diabolical", "on")],
                vec![("side", "5"), ("diabolical", "off")],
                vec![("side", "5"), ("diabolical", "on")],
            ],
        )],
        "stax" => vec![g(2, vec![vec![]]), g(3, vec![vec![]])],
        "evacuate" => vec![
            g(
                2,
                vec![
                    vec![("match", "1")],
                    vec![("match", "pugilists")],
                    vec![("match", "1")],
                    vec![("match", "14")],
                    vec![("match", "1")],
                    vec![("match", "pugilists")],
                ],
            ),
            g(3, vec![vec![]]),
            g(
                4,
                vec![
                    vec![("match", "1")],
                    vec![("match", "1")],
                    vec![("match", "12")],
                ],
            ),
        ],
        other => panic!("no game called {other}"),
    }
}

/// The options and players of game number `k` of a group: the form's defaults with the
/// group's variant; Stack Control's colours drawn at random.
fn setup(slug: &str, group: &Group, k: usize, rng: &mut Rng) -> (String, Vec<PlayerInfo>) {
    let entry = registry::find(slug).expect("a registered game");
    let form = entry
        .setup_form(group.players)
        .expect("a player count of the game");
    let mut choices: SetupChoices = form.defaults(group.players);
    if slug == "stack-control" {
        let mut colours: Vec<String> = form
            .sides
            .sides()
            .iter()
            .map(|s| s.letter.to_string())
            .collect();
        rng.shuffle(&mut colours);
        colours.truncate(group.players);
        choices.sides = colours;
    }
    for &(key, value) in &group.variants[k % group.variants.len()] {
        match choices.values.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value.to_string(),
            None => choices.values.push((key.to_string(), value.to_string())),
        }
    }
    let options = entry
        .options_from(&choices)
        .expect("options the form accepts");
    let players = choices
        .sides
        .iter()
        .enumerate()
        .map(|(s, side)| PlayerInfo {
            name: format!("Player {}", s + 1),
            colour: side.clone(),
            computer: None,
        })
        .collect();
    (options, players)
}

/// The record's game played on to its end (or `max_steps`) by the computer at `iterations` a step, with
/// `random` percent of the steps drawn at random instead (never a draw offer).
fn play_game(record: &mut GameRecord, settings: &Settings, rng: &mut Rng, max_steps: usize) {
    let clock = native_clock();
    let budget = Budget::iterations(settings.iterations);
    let mut game = record.replay(usize::MAX).expect("a game that replays");
    while game.outcome().is_none() && record.moves.len() < max_steps {
        let mover = game.to_move().expect("a seat to move");
        let legal: Vec<String> = game
            .legal_moves()
            .into_iter()
            .filter(|m| m != "offer")
            .collect();
        let mut pick = |n: usize| rng.below(n as u64) as usize;
        let mv = if pick(100) < settings.random as usize {
            legal[pick(legal.len())].clone()
        } else {
            let seed = rng.next_u64();
            match game.recall_as(mover).best_move(&budget, seed, &clock) {
                Ok(m) if m != "offer" => m,
                _ => legal[rng.below(legal.len() as u64) as usize].clone(),
            }
        };
        game.play(&mv).expect("a legal step");
        record.moves.push(mv);
    }
}

/// The puzzles of one game: every position where a turn starts and exactly one turn wins at
/// once (whatever is hidden): how many moves lead there, the answer, the worlds searched.
fn candidates(record: &GameRecord, from: usize) -> Vec<(usize, Vec<String>, usize)> {
    let mut out = Vec::new();
    let mut game = record.start().expect("a game that starts");
    let hidden = game.info().hidden_information;
    for i in 0..record.moves.len() {
        let before = game.clone_box();
        game.play(&record.moves[i]).expect("a recorded step");
        if i < from || (i < 2 && hidden) {
            continue;
        }
        if !turn_starts_after(before.as_ref(), &record.moves[i], game.as_ref()) {
            continue;
        }
        // First the game as it is: a turn that wins whatever is hidden wins here too.
        let Ok(found) = turn_wins(game.as_ref(), TURN_LIMIT) else {
            continue;
        };
        // Too few turns to choose from is no puzzle.
        if found.wins.is_empty() || (!hidden && found.wins.len() != 1) || found.turns < 3 {
            continue;
        }
        let upto = record.upto(i + 1);
        match solve::solve(&upto) {
            Ok(solution) => {
                if let Some(answer) = solution.unique() {
                    out.push((i + 1, answer.clone(), solution.worlds));
                }
            }
            // In Evade's rules as written the mover often remembers a peek: not a puzzle.
            Err(why) if why.contains("remembers") => {}
            Err(why) => eprintln!(
                "    skipped {} seed {} move {}: {why}",
                record.game,
                record.seed,
                i + 1
            ),
        }
    }
    out
}

fn make(slug: &str, settings: &Settings) -> (Vec<String>, Vec<String>) {
    let mut lines = Vec::new();
    let mut summary = Vec::new();
    for group in groups(slug) {
        let started = Instant::now();
        let mut kept: Vec<Puzzle> = Vec::new();
        let mut games = 0;
        let mut k = 0;
        while kept.len() < settings.count && k < 5000 {
            let seed = (group.players as u64) * 100_000 + k as u64 + 1;
            let mut rng = Rng::new(seed);
            let (options, players) = setup(slug, &group, k, &mut rng);
            k += 1;
            games += 1;
            let mut record = GameRecord::new(slug, &options, seed, players);
            play_game(&mut record, settings, &mut rng, 1500);
            let mut found: Vec<(GameRecord, usize, Vec<String>, usize)> = candidates(&record, 0)
                .into_iter()
                .rev()
                .map(|(moves, answer, worlds)| (record.clone(), moves, answer, worlds))
                .collect();
            // Other endings of the same game: from a position among its last 40 moves, the
            // computers play on with other draws (the same seed gives the same branches).
            for b in 0..settings.branches {
                let n = record.moves.len();
                let at = n - 1 - rng.below(n.min(40) as u64) as usize;
                let mut branch = record.upto(at);
                let mut branch_rng = Rng::new(seed.wrapping_mul(1_000).wrapping_add(b as u64));
                play_game(&mut branch, settings, &mut branch_rng, 1500);
                found.extend(
                    candidates(&branch, at)
                        .into_iter()
                        .rev()
                        .map(|(moves, answer, worlds)| (branch.clone(), moves, answer, worlds)),
                );
            }
            // At most `per_game` puzzles of one game, with different answers and positions.
            let mut chosen: Vec<(GameRecord, usize, Vec<String>, usize)> = Vec::new();
            for c in found {
                if chosen.len() >= settings.per_game {
                    break;
                }
                // A file's size: the records of long games can be left out.
                let line = Puzzle {
                    players: group.players,
                    answer: c.2.clone(),
                    record: c.0.upto(c.1),
                }
                .to_line();
                if settings.max_line > 0 && line.len() > settings.max_line {
                    continue;
                }
                if chosen
                    .iter()
                    .any(|k| k.2 == c.2 || k.0.upto(k.1).moves == c.0.upto(c.1).moves)
                {
                    continue;
                }
                chosen.push(c);
            }
            for (game, moves, answer, worlds) in chosen {
                if kept.len() >= settings.count {
                    break;
                }
                let puzzle = Puzzle {
                    players: group.players,
                    answer: answer.clone(),
                    record: game.upto(moves),
                };
                eprintln!(
                    "  {slug} {}p seed {seed} ({options}): move {moves} of {}, answer {}{}",
                    group.players,
                    game.moves.len(),
                    answer.join(" "),
                    if worlds > 1 {
                        format!(", {worlds} worlds")
                    } else {
                        String::new()
                    }
                );
                kept.push(puzzle);
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let line = format!(
            "{slug} {} players: {} puzzles from {games} games (seeds {}..{}) in {seconds:.0} s",
            group.players,
            kept.len(),
            group.players * 100_000 + 1,
            group.players * 100_000 + k
        );
        eprintln!("{line}");
        summary.push(line);
        lines.extend(kept.iter().map(Puzzle::to_line));
    }
    (lines, summary)
}

fn main() {
    let mut settings = Settings {
        count: 32,
        iterations: 50,
        random: 20,
        per_game: 2,
        branches: 4,
        max_line: 0,
        out: "static/puzzles".into(),
    };
    let mut slugs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> String {
            args.next()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        };
        match arg.as_str() {
            "--count" => settings.count = value("--count").parse().expect("a count"),
            "--iterations" => {
                settings.iterations = value("--iterations").parse().expect("a number")
            }
            "--random" => settings.random = value("--random").parse().expect("a percentage"),
            "--per-game" => settings.per_game = value("--per-game").parse().expect("a number"),
            "--branches" => settings.branches = value("--branches").parse().expect("a number"),
            "--max-line" => settings.max_line = value("--max-line").parse().expect("a number"),
            "--out" => settings.out = value("--out"),
            slug => slugs.push(slug.to_string()),
        }
    }
    if slugs.is_empty() {
        slugs = registry::games()
            .iter()
            .map(|g| g.info().slug.to_string())
            .collect();
    }
    std::fs::create_dir_all(&settings.out).expect("the output folder");
    for slug in &slugs {
        let started = Instant::now();
        let name = registry::find(slug).expect("a registered game").info().name;
        let (lines, summary) = make(slug, &settings);
        let mut text = format!(
            "# Stackplay puzzles: {name}. One a line: players<TAB>answer<TAB>game record (JSON) up to the puzzle's position; docs/puzzles.md.\n\
             # Made by: cargo run --release --no-default-features --example make_puzzles -- {slug} --count {} --iterations {} --random {} --per-game {} --branches {} --max-line {}\n",
            settings.count,
            settings.iterations,
            settings.random,
            settings.per_game,
            settings.branches,
            settings.max_line
        );
        for s in &summary {
            text.push_str(&format!("# {s}\n"));
        }
        for line in &lines {
            text.push_str(line);
            text.push('\n');
        }
        let path = format!("{}/{slug}.txt", settings.out);
        std::fs::write(&path, &text).expect("the puzzle file written");
        eprintln!(
            "{path}: {} puzzles, {} bytes, {:.0} s",
            lines.len(),
            text.len(),
            started.elapsed().as_secs_f64()
        );
    }
}
