//! `#/bench`: random playouts per second for each game, in this browser's wasm, to compare
//! with the native figures of `cargo bench`.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use yew::prelude::*;

use crate::registry;

/// One game's measurement.
#[derive(Clone, PartialEq)]
struct Row {
    name: &'static str,
    players: usize,
    games: usize,
    moves: usize,
    ms: f64,
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Every (game, player count) to measure.
fn cases() -> Vec<(&'static registry::GameEntry, usize)> {
    registry::games()
        .iter()
        .flat_map(|e| (e.info().min_players..=e.info().max_players).map(move |n| (e, n)))
        .collect()
}

/// Random playouts of one game for one player count, for about `budget_ms` of work, in
/// slices of about 50 ms with a yield to the browser between them (so the page stays
/// responsive); the time spent yielding is not counted. `None` when `cancelled` was set.
async fn measure(
    entry: &registry::GameEntry,
    players: usize,
    budget_ms: f64,
    cancelled: &Cell<bool>,
) -> Option<Row> {
    let (mut games, mut moves, mut busy_ms) = (0usize, 0usize, 0.0);
    while busy_ms < budget_ms || games == 0 {
        yew::platform::time::sleep(Duration::from_millis(0)).await;
        if cancelled.get() {
            return None;
        }
        let slice = now();
        while now() - slice < 50.0 {
            match entry.random_playout(players, games as u64 + 1) {
                Ok(n) => moves += n,
                Err(_) => return None,
            }
            games += 1;
        }
        busy_ms += now() - slice;
    }
    Some(Row {
        name: entry.info().name,
        players,
        games,
        moves,
        ms: busy_ms,
    })
}

/// The benchmark page.
#[component]
pub fn Bench() -> Html {
    let rows = use_state(Vec::<Row>::new);
    let running = use_state(|| false);
    // Set when the page goes, so a run in progress stops instead of burning CPU elsewhere.
    let cancelled = use_state(|| Rc::new(Cell::new(false)));
    {
        let cancelled = (*cancelled).clone();
        use_effect_with((), move |_| move || cancelled.set(true));
    }
    let run = {
        let rows = rows.clone();
        let running = running.clone();
        Callback::from(move |_| {
            if *running {
                return;
            }
            running.set(true);
            rows.set(Vec::new());
            let rows = rows.clone();
            let running = running.clone();
            let cancelled = (*cancelled).clone();
            wasm_bindgen_futures::spawn_local(async move {
                let mut done = Vec::new();
                // Warm up first (the browser compiles hot wasm again with its optimising tier),
                // so the first row is not penalised.
                if let Some(&(entry, players)) = cases().first() {
                    if measure(entry, players, 300.0, &cancelled).await.is_none() {
                        running.set(false);
                        return;
                    }
                }
                for (entry, players) in cases() {
                    let Some(row) = measure(entry, players, 1000.0, &cancelled).await else {
                        running.set(false);
                        return;
                    };
                    done.push(row);
                    rows.set(done.clone());
                }
                running.set(false);
            });
        })
    };
    let total = cases().len();
    html! {
        <section class="page bench">
            <h1>{ "Benchmark" }</h1>
            <p>{ "Random playouts from a fixed set of seeds, for one second per game and player count, in this browser's WebAssembly. Compare with the native figures in docs/computer.md (cargo bench)." }</p>
            <button type="button" class="primary" id="run-bench" onclick={run} disabled={*running}>
                { if *running { format!("Running… {} of {total}", rows.len() + 1) } else { "Run".to_string() } }
            </button>
            if !rows.is_empty() {
                <table id="bench-results" data-done={(!*running).to_string()}>
                    <thead><tr><th>{ "Game" }</th><th>{ "Players" }</th><th>{ "Playouts" }</th><th>{ "Playouts/s" }</th><th>{ "Moves/s" }</th></tr></thead>
                    <tbody>
                        { for rows.iter().map(|r| {
                            let secs = (r.ms / 1000.0).max(1e-9);
                            html! {
                                <tr>
                                    <td>{ r.name }</td><td>{ r.players }</td><td>{ r.games }</td>
                                    <td class="pps">{ format!("{:.0}", r.games as f64 / secs) }</td>
                                    <td>{ format!("{:.0}", r.moves as f64 / secs) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            }
        </section>
    }
}
