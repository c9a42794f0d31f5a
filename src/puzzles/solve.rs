//! Finding and checking a puzzle's answer with the engines (native builds only): every turn
//! the mover could play, which of them win at once, and in Evade for every way the values the
//! mover has not seen could be. The tool that makes the puzzle files (`examples/make_puzzles.rs`)
//! keeps a position only when [`solve`] finds exactly one answer; `tests/puzzles.rs` checks
//! every puzzle of the files with it again. Definitions: docs/puzzles.md.

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

use crate::core::{Seat, Viewer};
use crate::record::GameRecord;
use crate::registry::{self, AnyGame};

/// How many steps one turn's enumeration may play before it gives up (the tool then skips
/// the position; no puzzle in the files comes near it).
pub const TURN_LIMIT: usize = 200_000;

/// How many ways the values an Evade mover has not seen may be, at most, for a position to be
/// checked (each is a replay of the game); the tool skips positions with more.
pub const WORLD_LIMIT: usize = 5_040;

/// The winning turns of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnWins {
    /// Each winning turn's identity ([`identity`]) and its shortest steps (the first found
    /// in the legal moves' order).
    pub wins: BTreeMap<String, Vec<String>>,
    /// How many different turns (by identity) the mover could play, winning or not.
    pub turns: usize,
    /// How many steps the enumeration played.
    pub steps: usize,
}

/// What a turn is, for telling answers apart: its steps in move notation, sorted, leaving out
/// the steps that only prepare the action: Evacuate's releases (`r...`) and jam take-offs
/// (`t...`), and Evade's peeks (`peek:...`). So Stacks' `e1-off e2-off` and `e2-off e1-off` are
/// one answer, and in Evacuate a release before the winning placement does not make another.
pub fn identity(slug: &str, steps: &[String]) -> String {
    let prepares = |s: &str| match slug {
        "evacuate" => {
            let mut chars = s.chars();
            matches!(chars.next(), Some('r' | 't'))
                && chars.next().is_some_and(|c| c.is_ascii_digit())
        }
        "evade" => s.starts_with("peek:"),
        _ => false,
    };
    let mut kept: Vec<&str> = steps
        .iter()
        .map(String::as_str)
        .filter(|s| !prepares(s))
        .collect();
    kept.sort_unstable();
    kept.join(" ")
}

/// Whether the step `mv`, played from `before` (whose mover is `mover`) and giving `after`,
/// ended the mover's turn: the game's own word where it has one (Evacuate's `ends_turn`),
/// else another seat (or nobody) to move.
pub fn turn_ended(before: &dyn AnyGame, mv: &str, after: &dyn AnyGame, mover: Seat) -> bool {
    after.to_move() != Some(mover) || before.ends_turn(mv, after) == Some(true)
}

/// Every turn the seat to move in `start` could play (every sequence of its steps until its
/// turn ends or the game does), breadth first: which win at once (the game over, the mover
/// its only winner), by identity.
///
/// # Errors
/// When the game is over, a listed step is refused, or more than `limit` steps are played.
pub fn turn_wins(start: &dyn AnyGame, limit: usize) -> Result<TurnWins, String> {
    let mover = start.to_move().ok_or("the game is over")?;
    let slug = start.info().slug;
    let mut queue: VecDeque<(Box<dyn AnyGame>, Vec<String>)> = VecDeque::new();
    queue.push_back((start.clone_box(), Vec::new()));
    let mut seen: HashSet<(String, String)> = HashSet::new();
    let mut wins = BTreeMap::new();
    let mut turns = BTreeSet::new();
    let mut steps = 0;
    while let Some((game, path)) = queue.pop_front() {
        for mv in game.legal_moves() {
            steps += 1;
            if steps > limit {
                return Err(format!("more than {limit} steps in one turn's enumeration"));
            }
            let mut next = game.clone_box();
            next.play(&mv)
                .map_err(|e| format!("the listed step {mv} is refused: {e}"))?;
            let ended = turn_ended(game.as_ref(), &mv, next.as_ref(), mover);
            let mut line = path.clone();
            line.push(mv);
            let key = identity(slug, &line);
            if let Some(outcome) = next.outcome() {
                if outcome.winners.as_slice() == [mover] {
                    wins.entry(key.clone()).or_insert(line);
                }
                turns.insert(key);
            } else if ended {
                turns.insert(key);
            } else if seen.insert((next.position(), key)) {
                queue.push_back((next, line));
            }
        }
    }
    Ok(TurnWins {
        wins,
        turns: turns.len(),
        steps,
    })
}

/// Whether the record's position is where a turn starts: no move yet, or the last move ended
/// its player's turn and was not a draw offer or its answer (after which a turn goes on).
///
/// # Errors
/// When the record does not replay.
pub fn starts_a_turn(record: &GameRecord) -> Result<bool, String> {
    let Some(last) = record.moves.last() else {
        return Ok(true);
    };
    let n = record.moves.len();
    let before = record.replay(n - 1).map_err(|e| e.to_string())?;
    let after = record.replay(n).map_err(|e| e.to_string())?;
    Ok(turn_starts_after(before.as_ref(), last, after.as_ref()))
}

/// Whether a turn starts after the step `mv` played from `before` gave `after` (the game going
/// on): the step ended its player's turn and was not a draw offer or its answer.
pub fn turn_starts_after(before: &dyn AnyGame, mv: &str, after: &dyn AnyGame) -> bool {
    if matches!(mv, "offer" | "accept" | "decline") || after.to_move().is_none() {
        return false;
    }
    before
        .to_move()
        .is_some_and(|mover| turn_ended(before, mv, after, mover))
}

/// Every whole position the seat to move could be in, as far as it knows: for a game hiding
/// nothing, the record's position alone. In Evade, every way of giving the values that seat
/// has not seen (the opponent's face-down coins, and its own in the rules as written) to
/// their coins such that the game's moves replay to a game still going on that the mover sees
/// exactly as in the record; the record's own position among them. Refused (`Err`) when the
/// mover's memory holds more than its view shows (a value it peeked at earlier: a page showing
/// the view could not show it), or when there are more than `limit` ways.
///
/// # Errors
/// As said, or a record that does not replay.
pub fn worlds(record: &GameRecord, limit: usize) -> Result<Vec<Box<dyn AnyGame>>, String> {
    let game = record.replay(usize::MAX).map_err(|e| e.to_string())?;
    if !game.info().hidden_information {
        return Ok(vec![game]);
    }
    if record.game != "evade" {
        return Err(format!(
            "no enumeration of hidden values for {}",
            record.game
        ));
    }
    let mover = game.to_move().ok_or("the game is over")?;
    let view = game.view_as(Viewer::Seat(mover)).position();
    if game.recall_as(mover).position() != view {
        return Err("the mover remembers values its view does not show".into());
    }
    // The view's coins, by seat and id: `<square><value>[state]`, `?` for a hidden value.
    let fields: Vec<&str> = view.split(' ').collect();
    let seats: Vec<Vec<char>> = fields
        .get(2..4)
        .ok_or("an Evade position of six fields")?
        .iter()
        .map(|coins| {
            coins
                .split(',')
                .map(|c| c.chars().nth(2).unwrap_or('?'))
                .collect()
        })
        .collect();
    let choices: Vec<Vec<Vec<char>>> = seats.iter().map(|values| fillings(values)).collect();
    let count: usize = choices.iter().map(Vec::len).product();
    if count > limit {
        return Err(format!(
            "{count} ways the unseen values could be, over {limit}"
        ));
    }
    let setups: Vec<usize> = record
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| m.starts_with("setup:"))
        .map(|(i, _)| i)
        .collect();
    if setups != [0, 1] {
        return Err("the two setups are not the record's first two moves".into());
    }
    let mut out = Vec::new();
    for suns in &choices[0] {
        for moons in &choices[1] {
            let mut moves = record.moves.clone();
            moves[0] = format!("setup:{}", suns.iter().collect::<String>());
            moves[1] = format!("setup:{}", moons.iter().collect::<String>());
            let Some(world) = replay(record, &moves) else {
                continue;
            };
            if world.outcome().is_none() && world.view_as(Viewer::Seat(mover)).position() == view {
                out.push(world);
            }
        }
    }
    if !out.iter().any(|w| w.position() == game.position()) {
        return Err("the record's own position is not among the ways found".into());
    }
    Ok(out)
}

/// `moves` played from the record's start, or `None` when one is refused.
fn replay(record: &GameRecord, moves: &[String]) -> Option<Box<dyn AnyGame>> {
    let mut game = registry::create(&record.game, &record.options, record.seed).ok()?;
    for mv in moves {
        game.play(mv).ok()?;
    }
    Some(game)
}

/// Every way of giving one seat's coins (values by id, `?` hidden) the values `n a 2 3 4 5`
/// not seen on the others: each a full list of six values.
fn fillings(values: &[char]) -> Vec<Vec<char>> {
    let missing: Vec<char> = "na2345".chars().filter(|v| !values.contains(v)).collect();
    let mut out = Vec::new();
    permute(
        &missing,
        &mut Vec::new(),
        &mut vec![false; missing.len()],
        &mut |order| {
            let mut next = order.iter();
            out.push(
                values
                    .iter()
                    .map(|&v| {
                        if v == '?' {
                            next.next().copied().unwrap_or('?')
                        } else {
                            v
                        }
                    })
                    .collect(),
            );
        },
    );
    out
}

/// Calls `each` with every ordering of `items`.
fn permute(
    items: &[char],
    order: &mut Vec<char>,
    used: &mut Vec<bool>,
    each: &mut dyn FnMut(&[char]),
) {
    if order.len() == items.len() {
        each(order);
        return;
    }
    for i in 0..items.len() {
        if !used[i] {
            used[i] = true;
            order.push(items[i]);
            permute(items, order, used, each);
            order.pop();
            used[i] = false;
        }
    }
}

/// What [`solve`] found in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The turns that win at once in every world, by identity, each with its shortest steps.
    pub sure: BTreeMap<String, Vec<String>>,
    /// How many different turns the mover has (by identity).
    pub turns: usize,
    /// How many worlds were searched (1 unless something is hidden).
    pub worlds: usize,
    /// How many steps were played in all.
    pub steps: usize,
}

impl Solution {
    /// The answer, when exactly one turn wins at once whatever is hidden.
    pub fn unique(&self) -> Option<&Vec<String>> {
        match self.sure.len() {
            1 => self.sure.values().next(),
            _ => None,
        }
    }
}

/// The turns that win at once, whatever is hidden, for the seat to move at the end of
/// `record`: the winning turns of every world ([`worlds`]) that win in all of them. The
/// position must be where a turn starts ([`starts_a_turn`]).
///
/// # Errors
/// A record that does not replay, a finished game, a position inside a turn, or one too big
/// to enumerate ([`TURN_LIMIT`], [`WORLD_LIMIT`]).
pub fn solve(record: &GameRecord) -> Result<Solution, String> {
    if !starts_a_turn(record)? {
        return Err("the position is inside a turn".into());
    }
    let worlds = worlds(record, WORLD_LIMIT)?;
    let mut sure: Option<BTreeMap<String, Vec<String>>> = None;
    let mut turns = 0;
    let mut steps = 0;
    for world in &worlds {
        let found = turn_wins(world.as_ref(), TURN_LIMIT)?;
        turns = turns.max(found.turns);
        steps += found.steps;
        sure = Some(match sure {
            None => found.wins,
            Some(mut kept) => {
                kept.retain(|key, _| found.wins.contains_key(key));
                kept
            }
        });
        if sure.as_ref().is_some_and(BTreeMap::is_empty) {
            break;
        }
    }
    Ok(Solution {
        sure: sure.unwrap_or_default(),
        turns,
        worlds: worlds.len(),
        steps,
    })
}
