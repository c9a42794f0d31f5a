//! `#/bench`: random playouts per second for each game, in this browser's wasm, to compare
//! with the native figures of `cargo bench`.

use yew::prelude::*;

use crate::core::registry;

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

fn measure(budget_ms: f64) -> Vec<Row> {
    let mut rows = Vec::new();
    for entry in registry::games() {
        let info = entry.info();
        for players in info.min_players..=info.max_players {
            let start = now();
            let (mut games, mut moves) = (0, 0);
            while now() - start < budget_ms || games == 0 {
                match entry.random_playout(players, games as u64 + 1) {
                    Ok(n) => moves += n,
                    Err(_) => break,
                }
                games += 1;
            }
            rows.push(Row {
                name: info.name,
                players,
                games,
                moves,
                ms: now() - start,
            });
        }
    }
    rows
}

/// The benchmark page.
#[component]
pub fn Bench() -> Html {
    let rows = use_state(Vec::<Row>::new);
    let run = {
        let rows = rows.clone();
        Callback::from(move |_| rows.set(measure(1000.0)))
    };
    html! {
        <section class="page bench">
            <h1>{ "Benchmark" }</h1>
            <p>{ "Random playouts from a fixed set of seeds, for one second per game and player count, in this browser's WebAssembly. Compare with the native figures in the README (cargo bench)." }</p>
            <button type="button" class="primary" id="run-bench" onclick={run}>{ "Run" }</button>
            if !rows.is_empty() {
                <table id="bench-results">
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
