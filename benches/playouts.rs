//! Random playouts per second for every registered game, natively. Prints numbers; asserts
//! nothing (the machines are shared and noisy). Run: `cargo bench --bench playouts`.

#![cfg_attr(target_arch = "wasm32", allow(unused_imports, dead_code))]

use std::time::{Duration, Instant};

use stackplay::registry;

/// Natively only: in wasm, playouts are measured by the site's `#/bench` page.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let budget = Duration::from_millis(
        std::env::var("BENCH_MS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1000),
    );
    println!(
        "{:<16} {:>7} {:>9} {:>12} {:>12}",
        "game", "players", "playouts", "playouts/s", "moves/s"
    );
    for entry in registry::games() {
        let info = entry.info();
        for players in info.min_players..=info.max_players {
            let start = Instant::now();
            let (mut games, mut moves) = (0u64, 0usize);
            while start.elapsed() < budget || games == 0 {
                match entry.random_playout(players, games + 1) {
                    Ok(n) => moves += n,
                    Err(e) => {
                        eprintln!("{}: {e}", info.name);
                        break;
                    }
                }
                games += 1;
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{:<16} {:>7} {:>9} {:>12.0} {:>12.0}",
                info.name,
                players,
                games,
                games as f64 / secs,
                moves as f64 / secs
            );
        }
    }
}
