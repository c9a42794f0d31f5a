//! The computer opponent's strength and speed, natively, for every game and player count:
//! its results against uniform random play and against a one-step lookahead player (takes
//! a step that wins at once, avoids steps after which the next player can win at once,
//! otherwise plays at random), or, when asked, against another computer at a preset
//! strength (do the stronger strengths beat the weaker?), and its search iterations per
//! second. Prints numbers; asserts nothing (the machines are shared and noisy).
//!
//! Run: `cargo bench --no-default-features --bench ai`. Environment:
//! - `AI_GAMES`: games per game, player count and opponent (default 1: about 3 minutes);
//! - `AI_BUDGET`: `quick`, `normal`, `strong` (a preset's iterations for each game, from its
//!   `GameInfo::strengths`, without the preset's time cap, so that the results do
//!   not depend on the machine's load), or a number of iterations for every game (default
//!   300);
//! - `AI_ONLY`: run only the games whose slug contains this text;
//! - `AI_PLAYERS`: run only this player count, or only this variant (`pugilists`);
//! - `AI_AGAINST`: play only this opponent (`random` or `lookahead`), so that the two
//!   halves of a line can run side by side on two cores; or `quick`, `normal`, `strong`:
//!   the computer at that preset in every other seat (the preset's iterations for the game,
//!   without its time cap, as with `AI_BUDGET`; or a number of iterations, to try counts
//!   other than the presets'; the default search settings, whatever
//!   `AI_C` and the others below say; a search seed of its own per seat, never the measured
//!   computer's), played only when named here (unset: random and lookahead);
//! - `AI_AS_HINT=1`: the measured seat follows the hint (`ai::hint`, the search at
//!   `AI_BUDGET`, then the check against an immediate loss, on what the seat knows), as a
//!   person taking every hint would;
//! - `AI_VERBOSE`: print how every game ended;
//! - `AI_TRACE`: print every step of every game, with the value the computer gave its own;
//! - `AI_FIRST`: the first game's number (default 0): later numbers are other seeds, so a
//!   line can be extended with more games;
//! - `AI_C`, `AI_PLAYOUT_WINS` (`1`), `AI_STEPS`, `AI_REMEMBER` (`0`), `AI_HALVING`: search
//!   settings to try (exploration constant, playouts that take wins at once, playout length,
//!   a search that starts from what its seat is shown now rather than from all it
//!   remembers, the number of root moves above which the root uses sequential halving: a
//!   large number for UCB1 always); `AI_HALVING_SEATS`: the most seats at which the root
//!   may use the halving, in place of the game's own (`Game::halving_seats`: 2 in STAX,
//!   whose three-player root uses UCB1); `AI_MARGIN`: the weight of the score margin in the
//!   halving's ranking (`0`: mean reward alone); `AI_GUIDED=0`: uniformly random playouts
//!   instead of the game's own playout moves (`Game::playout_move`: Stacks keeps its traps).

#![cfg_attr(target_arch = "wasm32", allow(unused_imports, dead_code))]

use std::time::Instant;

use stackplay::ai::{self, Budget, Settings};
use stackplay::core::{Game, GameInfo, Rng, Seat};
use stackplay::games::evacuate::Evacuate;
use stackplay::games::evade::Evade;
use stackplay::games::stack_control::StackControl;
use stackplay::games::stacks::Stacks;
use stackplay::games::stax::Stax;

/// Who sits in the other seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opponent {
    Random,
    Lookahead,
    /// The computer at a preset strength (`quick`, `normal`, `strong`).
    Computer(&'static str),
}

impl Opponent {
    /// Its name on the printed line and in `AI_AGAINST`.
    fn name(self) -> &'static str {
        match self {
            Opponent::Random => "random",
            Opponent::Lookahead => "lookahead",
            Opponent::Computer(preset) => preset,
        }
    }
}

/// What one series of games gave the computer.
#[derive(Debug, Default)]
struct Tally {
    wins: u32,
    shared: u32,
    losses: u32,
    /// Wins plus shares of shared first places (a two-way draw counts a half).
    points: f64,
    iterations: u64,
    search_ms: f64,
    moves: u64,
}

/// Natively only.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let games: u32 = env("AI_GAMES").and_then(|s| s.parse().ok()).unwrap_or(1);
    let budget_text = env("AI_BUDGET").unwrap_or_else(|| "300".into());
    let fixed: Option<u32> = budget_text.parse().ok();
    let only = env("AI_ONLY").unwrap_or_default();
    let defaults = Settings::default();
    let settings = Settings {
        exploration: env("AI_C")
            .and_then(|s| s.parse().ok())
            .unwrap_or(defaults.exploration),
        playout_steps: env("AI_STEPS")
            .and_then(|s| s.parse().ok())
            .unwrap_or(defaults.playout_steps),
        playout_takes_wins: env("AI_PLAYOUT_WINS")
            .map_or(defaults.playout_takes_wins, |s| s == "1"),
        remember: env("AI_REMEMBER").map_or(defaults.remember, |s| s != "0"),
        halving_above: env("AI_HALVING")
            .and_then(|s| s.parse().ok())
            .unwrap_or(defaults.halving_above),
        halving_seats: env("AI_HALVING_SEATS")
            .and_then(|s| s.parse().ok())
            .or(defaults.halving_seats),
        halving_margin: env("AI_MARGIN")
            .and_then(|s| s.parse().ok())
            .unwrap_or(defaults.halving_margin),
        guided_playouts: env("AI_GUIDED").map_or(defaults.guided_playouts, |s| s != "0"),
        ..defaults
    };
    let players = env("AI_PLAYERS");
    let count: Option<usize> = players.as_deref().and_then(|s| s.parse().ok());
    let variant = players.filter(|_| count.is_none());
    let against = env("AI_AGAINST").map(|s| s.to_lowercase());
    let first: u32 = env("AI_FIRST").and_then(|s| s.parse().ok()).unwrap_or(0);
    let cfg = Config {
        games,
        first,
        budget_text: budget_text.clone(),
        fixed,
        settings,
        count,
        variant,
        against,
        hint: env("AI_AS_HINT").is_some_and(|s| s == "1"),
    };
    // Search speed from each game's start: the very question the site test asks the
    // browser's worker (tests/site/check-computer.mjs), so the two print side by side.
    if env("AI_HINT").is_some_and(|s| s == "1") {
        // The hint as the worker answers it (the normal strength with its time cap, then the
        // check against an immediate loss), from each game's start and after 20 moves.
        let clock = stackplay::ai::native_clock();
        for entry in stackplay::registry::games() {
            let slug = entry.info().slug;
            for moves in [0, 20] {
                let text =
                    stackplay::worker_protocol::bench_hint(&format!("{slug}\t{moves}"), &clock);
                println!("native hint: {text}");
            }
        }
        return;
    }
    if env("AI_SPEED").is_some_and(|s| s == "1") {
        let clock = stackplay::ai::native_clock();
        for entry in stackplay::registry::games() {
            let slug = entry.info().slug;
            // The normal strength's count (Stack Control 20,000, Evade and Stacks 3,000: the
            // site test asks the same), but only 300 for STAX and Evacuate, which are slower.
            let n = match slug {
                "stax" | "evacuate" => 300,
                _ => Budget::normal(entry.info()).iterations,
            };
            let text = stackplay::worker_protocol::answer(&format!("bench\t{slug}\t{n}"), &clock);
            let ms: f64 = text
                .rsplit('\t')
                .next()
                .and_then(|t| t.parse().ok())
                .unwrap_or(f64::NAN);
            println!("native search from the start: {slug}: {n} iterations in {ms:.0} ms, {:.0} iterations/s", f64::from(n) * 1000.0 / ms);
        }
        return;
    }
    println!("computer: budget {budget_text}, {settings:?}, {games} games a line, seats rotating");
    println!(
        "{:<20} {:>3} {:<10} {:>5} {:>5} {:>5} {:>7} {:>9} {:>8}",
        "game", "p", "against", "won", "drew", "lost", "score%", "iter/s", "ms/move"
    );
    let started = Instant::now();
    let run = |slug: &str| only.is_empty() || slug.contains(only.as_str());
    if run("stack-control") {
        for players in 2..=5 {
            series::<StackControl>(players, &cfg);
        }
    }
    if run("evade") {
        series::<Evade>(2, &cfg);
    }
    if run("stacks") {
        series::<Stacks>(2, &cfg);
    }
    if run("stax") {
        for players in 2..=3 {
            series::<Stax>(players, &cfg);
        }
    }
    if run("evacuate") {
        for players in 2..=4 {
            series::<Evacuate>(players, &cfg);
        }
        // The two-player variant, on its own line (`AI_PLAYERS=pugilists` runs only it).
        if let Ok(options) = "pugilists".parse() {
            series_with::<Evacuate>(2, "pugilists", &options, &cfg);
        }
    }
    println!("total {:.0} s", started.elapsed().as_secs_f64());
}

fn env(key: &str) -> Option<String> {
    std::env::var(key).ok().filter(|s| !s.is_empty())
}

/// What the run was asked for.
struct Config {
    games: u32,
    /// The first game's number (`AI_FIRST`).
    first: u32,
    /// `AI_BUDGET` as given.
    budget_text: String,
    /// Its iterations for every game, when it is a number.
    fixed: Option<u32>,
    settings: Settings,
    count: Option<usize>,
    /// A named variant to run alone (`AI_PLAYERS=pugilists`).
    variant: Option<String>,
    /// Whether the measured seat follows the hint (`AI_AS_HINT=1`): the search at `AI_BUDGET`,
    /// then the hint's check against an immediate loss.
    hint: bool,
    /// The one opponent to play (`AI_AGAINST`), or both.
    against: Option<String>,
}

impl Config {
    /// The search's budget for `game`: `AI_BUDGET`'s iterations, without a time cap.
    fn budget(&self, game: &GameInfo) -> Budget {
        let iterations = self
            .fixed
            .or_else(|| Budget::preset(&self.budget_text, game).map(|b| b.iterations))
            .unwrap_or(300);
        Budget::iterations(iterations)
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn series<G: Game>(players: usize, cfg: &Config) {
    if cfg.count.is_some_and(|c| c != players) || cfg.variant.is_some() {
        return;
    }
    let Ok(options) = G::default_options(players) else {
        return;
    };
    series_with::<G>(players, "", &options, cfg);
}

/// A series with given options (`variant` names them on the printed line; a named variant
/// runs when `AI_PLAYERS` names it or is unset).
#[cfg(not(target_arch = "wasm32"))]
fn series_with<G: Game>(players: usize, variant: &str, options: &G::Options, cfg: &Config) {
    if !variant.is_empty()
        && (cfg.count.is_some() || cfg.variant.as_ref().is_some_and(|v| v != variant))
    {
        return;
    }
    // The computer opponents play only when `AI_AGAINST` names one (CI runs the default).
    let opponents = match cfg.against.as_deref() {
        Some("quick") => vec![Opponent::Computer("quick")],
        Some("normal") => vec![Opponent::Computer("normal")],
        Some("strong") => vec![Opponent::Computer("strong")],
        // A number of iterations, for trying other strengths' counts (a bench runs once, so
        // the name is leaked to live as long as the run).
        Some(count) if count.parse::<u32>().is_ok() => {
            vec![Opponent::Computer(Box::leak(
                count.to_string().into_boxed_str(),
            ))]
        }
        _ => vec![Opponent::Random, Opponent::Lookahead],
    };
    for opponent in opponents {
        let name = opponent.name();
        if cfg.against.as_ref().is_some_and(|a| *a != name) {
            continue;
        }
        let mut tally = Tally::default();
        for g in cfg.first..cfg.first + cfg.games {
            play_one::<G>(options, players, u64::from(g), opponent, cfg, &mut tally);
        }
        let n = f64::from(cfg.games.max(1));
        println!(
            "{:<20} {:>3} {:<10} {:>5} {:>5} {:>5} {:>6.1}% {:>9.0} {:>8.1}",
            format!(
                "{}{}{variant}",
                G::info().slug,
                if variant.is_empty() { "" } else { " " }
            ),
            players,
            name,
            tally.wins,
            tally.shared,
            tally.losses,
            100.0 * tally.points / n,
            tally.iterations as f64 / (tally.search_ms / 1000.0).max(1e-9),
            tally.search_ms / (tally.moves.max(1) as f64),
        );
    }
}

/// One game: the computer in seat `g % players`, the opponents in the others.
#[cfg(not(target_arch = "wasm32"))]
fn play_one<G: Game>(
    options: &G::Options,
    players: usize,
    g: u64,
    opponent: Opponent,
    cfg: &Config,
    tally: &mut Tally,
) {
    let Ok(mut game) = G::new(options, 1000 + g) else {
        return;
    };
    let computer = (g as usize) % players;
    let budget = cfg.budget(G::info());
    // The opponent computer's budget: its preset's iterations, without the time cap.
    let other_budget = match opponent {
        Opponent::Computer(preset) => Budget::preset(preset, G::info())
            .map(|b| b.iterations)
            .or_else(|| preset.parse().ok())
            .map(Budget::iterations),
        _ => None,
    };
    let other_settings = Settings::default();
    let mut rng = Rng::new(0xBE7C_4000 + g);
    let clock = ai::native_clock();
    let mut steps = 0;
    let trace = env("AI_TRACE").is_some();
    while let Some(mover) = game.to_move() {
        let mv = if mover == computer {
            let t = clock();
            if cfg.hint {
                // The hint as a person following it gets it: the search at the budget, then
                // the check against an immediate loss, on what the seat knows.
                let Ok(h) = ai::hint(&game, &budget, g, &clock) else {
                    break;
                };
                tally.search_ms += clock() - t;
                tally.moves += 1;
                if game.play(&h.mv).is_err() {
                    break;
                }
                steps += 1;
                continue;
            }
            let Ok(choice) = ai::search(&game, &budget, &cfg.settings, g, &clock) else {
                break;
            };
            tally.search_ms += clock() - t;
            tally.iterations += u64::from(choice.iterations);
            tally.moves += 1;
            if trace {
                println!(
                    "    {steps}: computer {} (value {:.2}) in {game}",
                    choice.mv, choice.value
                );
            }
            choice.mv
        } else {
            match (opponent, other_budget) {
                (Opponent::Computer(_), Some(other)) => {
                    // A seed of its own for each seat, never the measured computer's `g`.
                    let seed = g ^ (0x0C0F_FEE0_0000_0000 + ((mover as u64 + 1) << 40));
                    let Ok(choice) = ai::search(&game, &other, &other_settings, seed, &clock)
                    else {
                        break;
                    };
                    choice.mv
                }
                (Opponent::Lookahead, _) => lookahead_move(&game, mover, &mut rng),
                _ => random_move(&game, &mut rng),
            }
        };
        if trace && mover != computer {
            println!("    {steps}: seat {} {mv}", mover + 1);
        }
        if game.play(&mv).is_err() {
            break;
        }
        steps += 1;
        if steps > 5_000 {
            break;
        }
    }
    let outcome = game.outcome();
    if env("AI_VERBOSE").is_some() {
        let reason = outcome.as_ref().map_or("unfinished", |o| o.reason.as_str());
        let winners: Vec<usize> = outcome
            .as_ref()
            .map(|o| o.winners.iter().map(|w| w + 1).collect())
            .unwrap_or_default();
        let scores = outcome.as_ref().and_then(|o| o.scores.clone());
        println!(
            "  game {g}: computer seat {}, {steps} steps: {reason}; winners {winners:?}, scores {scores:?}",
            computer + 1
        );
    }
    let winners = outcome.map(|o| o.winners).unwrap_or_default();
    if winners == [computer] {
        tally.wins += 1;
        tally.points += 1.0;
    } else if winners.contains(&computer) {
        tally.shared += 1;
        tally.points += 1.0 / winners.len() as f64;
    } else if winners.is_empty() {
        tally.shared += 1;
        tally.points += 1.0 / players as f64;
    } else {
        tally.losses += 1;
    }
}

fn random_move<G: Game>(game: &G, rng: &mut Rng) -> G::Move {
    let moves = game.legal_moves();
    moves[rng.below(moves.len() as u64) as usize].clone()
}

/// One step of lookahead, from what `seat` knows (one sampled position where something is
/// hidden): a step that wins at once, else a random step after which the next player (when
/// it is another) cannot win at once, else any random step. The steps are shuffled and the
/// first safe one taken: each safe step is as likely as with a draw among all safe steps,
/// without checking the replies to every step (STAX has hundreds of each).
fn lookahead_move<G: Game>(game: &G, seat: Seat, rng: &mut Rng) -> G::Move {
    let seen = game.recall(seat).determinize(seat, rng);
    let mut moves = seen.legal_moves();
    let wins = |g: &G, mv: &G::Move, s: Seat| {
        let mut next = g.clone();
        next.play(mv).is_ok() && next.outcome().is_some_and(|o| o.winners == [s])
    };
    if let Some(mv) = moves.iter().find(|mv| wins(&seen, mv, seat)) {
        return mv.clone();
    }
    rng.shuffle(&mut moves);
    let safe = |mv: &G::Move| {
        let mut next = seen.clone();
        if next.play(mv).is_err() {
            return false;
        }
        match next.to_move() {
            Some(other) if other != seat => {
                !next.legal_moves().iter().any(|m| wins(&next, m, other))
            }
            _ => true,
        }
    };
    match moves.iter().position(safe) {
        Some(i) => moves.swap_remove(i),
        None => moves.swap_remove(0),
    }
}
