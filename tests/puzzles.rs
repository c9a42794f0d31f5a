//! The puzzle files (`static/puzzles/<slug>.txt`, docs/puzzles.md): every line read with the
//! app's own reader (`stackplay::puzzles::parse_file`: the record's reader, its replay, the
//! answer played and winning at once), then checked with the engines: the position is where a
//! turn starts, the answer is the only turn that wins at once (in Evade, for every way the
//! values the mover has not seen could be), and every game has its puzzles for each player
//! count. A damaged line is reported with its number.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::PathBuf;

use stackplay::puzzles::solve::{identity, solve};
use stackplay::puzzles::{parse_file, parse_line, wins_at_once, Puzzle};

/// The fewest puzzles a file must hold for each player count that changes the game.
const AT_LEAST: usize = 30;

/// The player counts each game's file must cover.
fn player_counts(slug: &str) -> &'static [usize] {
    match slug {
        "stack-control" => &[2, 3, 4, 5],
        "evade" | "stacks" => &[2],
        "stax" => &[2, 3],
        "evacuate" => &[2, 3, 4],
        other => panic!("no player counts listed for {other}: add the game here"),
    }
}

fn path(slug: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("static/puzzles")
        .join(format!("{slug}.txt"))
}

fn read(slug: &str) -> (String, Vec<Puzzle>) {
    let text = std::fs::read_to_string(path(slug))
        .unwrap_or_else(|e| panic!("static/puzzles/{slug}.txt cannot be read: {e}"));
    let puzzles =
        parse_file(slug, &text).unwrap_or_else(|e| panic!("static/puzzles/{slug}.txt, {e}"));
    (text, puzzles)
}

/// Every check of one game's file.
fn check_file(slug: &str) {
    let (text, puzzles) = read(slug);
    assert!(
        text.starts_with("# "),
        "{slug}.txt starts with a comment saying what it is"
    );
    assert!(
        text.len() < 100_000,
        "{slug}.txt is {} bytes: keep it to tens of KB",
        text.len()
    );
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for (n, puzzle) in puzzles.iter().enumerate() {
        let what = format!("{slug}.txt, puzzle {} (seed {})", n + 1, puzzle.record.seed);
        assert!(
            seen.insert((
                puzzle.record.options.clone(),
                puzzle.record.seed,
                puzzle.record.moves.clone()
            )),
            "{what}: the same position twice"
        );
        *counts.entry(puzzle.players).or_default() += 1;
        let solution = solve(&puzzle.record).unwrap_or_else(|e| panic!("{what}: {e}"));
        let key = identity(slug, &puzzle.answer);
        assert!(
            solution.sure.contains_key(&key),
            "{what}: the answer {} does not win at once{}",
            puzzle.answer.join(" "),
            if solution.worlds > 1 {
                format!(
                    " in all {} ways the hidden values could be",
                    solution.worlds
                )
            } else {
                String::new()
            }
        );
        assert_eq!(
            solution.sure.len(),
            1,
            "{what}: more than one turn wins at once: {:?}",
            solution.sure.values().collect::<Vec<_>>()
        );
        assert_eq!(
            solution.sure.get(&key),
            Some(&puzzle.answer),
            "{what}: the answer is written as the shortest turn that wins"
        );
        // The answer wins in each world on its own, step by step (not only by identity).
        let worlds = stackplay::puzzles::solve::worlds(&puzzle.record, usize::MAX)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        for world in &worlds {
            assert_eq!(
                wins_at_once(world.as_ref(), &puzzle.answer),
                Ok(true),
                "{what}: the answer in one of the {} worlds",
                worlds.len()
            );
        }
    }
    for &players in player_counts(slug) {
        let have = counts.get(&players).copied().unwrap_or(0);
        assert!(
            have >= AT_LEAST,
            "{slug}.txt has {have} puzzles for {players} players, fewer than {AT_LEAST}"
        );
    }
    for players in counts.keys() {
        assert!(
            player_counts(slug).contains(players),
            "{slug}.txt has puzzles for {players} players, a count not listed"
        );
    }
}

#[test]
fn every_game_has_a_puzzle_file() {
    for entry in stackplay::registry::games() {
        let slug = entry.info().slug;
        assert!(path(slug).exists(), "static/puzzles/{slug}.txt is missing");
        let _ = player_counts(slug);
    }
}

#[test]
fn stack_control_puzzles() {
    check_file("stack-control");
}

#[test]
fn evade_puzzles() {
    check_file("evade");
}

#[test]
fn stacks_puzzles() {
    check_file("stacks");
}

#[test]
fn stax_puzzles() {
    check_file("stax");
}

#[test]
fn evacuate_puzzles() {
    check_file("evacuate");
}

/// A file with one good puzzle line and `damaged` after it: the error names line 4 (a
/// comment, the good line, a blank line, then the damaged one).
fn damaged_at_line_four(slug: &str, good: &str, damaged: &str) -> String {
    let text = format!("# a comment\n{good}\n\n{damaged}\n{good}\n");
    let err = parse_file(slug, &text).expect_err("a damaged line is refused");
    assert_eq!(err.line, 4, "the damaged line's number: {err}");
    err.to_string()
}

#[test]
fn a_damaged_line_is_reported_with_its_number() {
    let (text, puzzles) = read("stack-control");
    let good = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("a puzzle line");
    assert_eq!(
        parse_line("stack-control", good).map(|p| p.is_some()),
        Ok(true)
    );
    let puzzle = &puzzles[0];
    let json = puzzle.record.to_json();
    let answer = puzzle.answer.join(" ");
    let players = puzzle.players;
    // The record cut short.
    let cut = format!("{players}\t{answer}\t{}", &json[..json.len() / 2]);
    assert!(damaged_at_line_four("stack-control", good, &cut).contains("line 4: the record"));
    // Two fields only.
    damaged_at_line_four("stack-control", good, &format!("{players}\t{json}"));
    // A player count that is not the record's.
    let wrong = format!("{}\t{answer}\t{json}", players + 1);
    assert!(damaged_at_line_four("stack-control", good, &wrong).contains("players"));
    // An answer that is not legal there.
    let illegal = format!("{players}\ta1-a1\t{json}");
    assert!(damaged_at_line_four("stack-control", good, &illegal).contains("answer"));
    // A legal move that does not win.
    let game = puzzle.position().expect("the position");
    let other = game
        .legal_moves()
        .into_iter()
        .find(|m| !wins_at_once(game.as_ref(), std::slice::from_ref(m)).unwrap_or(true))
        .expect("a move that does not win");
    let loses = format!("{players}\t{other}\t{json}");
    assert!(damaged_at_line_four("stack-control", good, &loses).contains("does not win"));
    // A move of the record changed so that it no longer replays.
    let bad_move = json.replacen("\"moves\":[\"", "\"moves\":[\"z9", 1);
    let replay = format!("{players}\t{answer}\t{bad_move}");
    damaged_at_line_four("stack-control", good, &replay);
    // A record of another game in this file.
    let (_, evade) = read("evade");
    let foreign = evade[0].to_line();
    assert!(damaged_at_line_four("stack-control", good, &foreign).contains("evade"));
}

/// The solver refuses a position with two winning turns, and tells turns apart as the files
/// say (Stacks' steps in any order are one turn; Evacuate's releases and Evade's peeks do not
/// make another).
#[test]
fn the_solver_refuses_a_position_with_two_winning_turns() {
    let mut found = false;
    for seed in 1..200 {
        let mut record = stackplay::record::GameRecord::new(
            "stack-control",
            "colours=RB",
            seed,
            ["R", "B"]
                .iter()
                .enumerate()
                .map(|(i, c)| stackplay::record::PlayerInfo {
                    name: format!("Player {}", i + 1),
                    colour: (*c).into(),
                    computer: None,
                })
                .collect(),
        );
        let mut game = record.start().expect("a game");
        let mut rng = stackplay::core::Rng::new(seed);
        while game.outcome().is_none() {
            let wins = stackplay::puzzles::solve::turn_wins(game.as_ref(), 100_000)
                .expect("a turn's enumeration");
            if wins.wins.len() >= 2 {
                let solution = solve(&record).expect("a solution");
                assert!(solution.sure.len() >= 2 && solution.unique().is_none());
                found = true;
                break;
            }
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len() as u64) as usize].clone();
            game.play(&mv).expect("a legal move");
            record.moves.push(mv);
        }
        if found {
            break;
        }
    }
    assert!(
        found,
        "a random game reaches a position with two winning moves"
    );
    let steps = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    assert_eq!(
        identity("stacks", &steps("e1-off e2-offx2")),
        identity("stacks", &steps("e2-offx2 e1-off"))
    );
    assert_ne!(
        identity("stacks", &steps("e1-offx2")),
        identity("stacks", &steps("e1-off e1-off"))
    );
    assert_eq!(
        identity("evacuate", &steps("r4.2+5.2 t3.1 G3@4.2")),
        identity("evacuate", &steps("G3@4.2"))
    );
    assert_ne!(
        identity("evacuate", &steps("trade:G")),
        identity("evacuate", &steps("end"))
    );
    assert_eq!(
        identity("evade", &steps("peek:c1 c5-c6")),
        identity("evade", &steps("c5-c6"))
    );
}

/// Evade's puzzles were checked in every way the opponent's face-down coins could be: more
/// than one, each showing the mover the same view, the record's own among them.
#[test]
fn evade_puzzles_are_checked_for_every_hidden_value() {
    let (_, puzzles) = read("evade");
    for puzzle in &puzzles {
        let worlds = stackplay::puzzles::solve::worlds(&puzzle.record, usize::MAX)
            .expect("the worlds of a puzzle");
        assert!(
            worlds.len() > 1,
            "seed {}: hidden values enumerated",
            puzzle.record.seed
        );
        let mover = puzzle.mover().expect("a mover");
        let view = |g: &dyn stackplay::registry::AnyGame| {
            g.view_as(stackplay::core::Viewer::Seat(mover)).position()
        };
        let shown = view(worlds[0].as_ref());
        assert!(worlds.iter().all(|w| view(w.as_ref()) == shown));
        let whole: std::collections::HashSet<String> =
            worlds.iter().map(|w| w.position()).collect();
        assert_eq!(whole.len(), worlds.len(), "the worlds differ");
    }
}
