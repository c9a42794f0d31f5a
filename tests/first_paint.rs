//! The site's first paint: the pages a visitor sees before the app's wasm has arrived, or
//! with JavaScript off, drawn by the app's own components.
//!
//! - `index.html`'s `<div id="app">` holds the home page as the app draws it for a first visit
//!   (its frame and `Home`, no saved game; drawn from a store in memory, whose warning is left
//!   out), after a marker (`<i id="first-paint" hidden>`) the site checks look for. When the
//!   app starts, Yew empties the element and draws the same page in one task
//!   ([`stackplay::start`]), so nothing moves. The games' cards in it are drawn here from the
//!   registry; the app takes them from the first paint as it starts (its bundle does not carry
//!   them), so this test is what keeps them right.
//! - Each game's rules page for browsers without JavaScript, `rules-<slug>.html` in the built
//!   site, is the app's rules page (its frame and `Rules`) with the rules text in it: this test
//!   writes the page around the text (`static/no-js/<slug>.html`, with its title on the first
//!   line) and `scripts/no-js-pages.mjs` (a Trunk hook) puts the text in at build time.
//! - Every page drawn here has a `<noscript>` note under the header: playing needs JavaScript,
//!   and the rules pages that can be read without it.
//!
//! The test fails when a file differs from what the components draw now;
//! `UPDATE_FIRST_PAINT=1 cargo test --test first_paint` writes them again.
//!
//! Native only, with the UI: Yew's server-side renderer is a native dev-dependency.
#![cfg(all(feature = "ui", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};

use stackplay::registry;
use stackplay::storage::store::Store;
use stackplay::ui::app::frame;
use stackplay::ui::pages::home::{self, Home, NO_STORAGE};
use stackplay::ui::pages::rules::Rules;
use stackplay::ui::Route;
use yew::prelude::*;

mod board_render;

/// Where index.html's generated part begins and ends.
const BEGIN: &str = "<!-- The first paint (tests/first_paint.rs writes what follows) -->";
const END: &str = "<!-- The end of the first paint -->";

/// The marker the app's start removes (Yew empties `#app`): the site checks tell the first
/// paint from the running app by it.
const MARKER: &str = r#"<i id="first-paint" hidden></i>"#;

#[derive(Properties, PartialEq)]
struct PageProps {
    /// A game's rules page, or the home page.
    rules: Option<&'static str>,
}

/// The note for browsers without JavaScript: playing needs it; the rules can be read.
fn no_js_note() -> Html {
    let games = registry::games();
    html! {
        <noscript>
            <p class="warning">
                { "Playing needs JavaScript. Without it, the rules can be read: " }
                { for games.iter().enumerate().map(|(i, entry)| {
                    let info = entry.info();
                    html! {
                        <>
                            { if i == 0 { "" } else { ", " } }
                            <a href={format!("rules-{}.html", info.slug)}>{ info.name }</a>
                        </>
                    }
                }) }
                { "." }
            </p>
        </noscript>
    }
}

/// The games' cards, drawn from the registry: the first paint's, which the app keeps for its
/// home page (`home::keep_cards`; its bundle does not carry them).
fn game_cards() -> Html {
    registry::games()
        .iter()
        .map(|entry| {
            let info = entry.info();
            let players = if info.min_players == info.max_players {
                format!("{} players", info.min_players)
            } else {
                format!("{}–{} players", info.min_players, info.max_players)
            };
            html! {
                <li class="game-card">
                    <img class="thumb" src={format!("thumbs/{}.svg", info.slug)} alt="" />
                    <div>
                        <h3>{ info.name }</h3>
                        <p class="meta">{ format!("{} · {players}", info.designer) }</p>
                        <p>{ info.pitch }</p>
                        <p class="actions">
                            <a class="button primary" href={Route::New(info.slug.into()).href()}>{ "New game" }</a>
                            <a class="button" href={Route::Rules(info.slug.into()).href()}>{ "Rules" }</a>
                        </p>
                    </div>
                </li>
            }
        })
        .collect()
}

/// A page in the app's frame, as the app draws it, with the note under the header.
#[component]
fn Page(props: &PageProps) -> Html {
    let page = match props.rules {
        None => html! { <Home store={Store::scratch()} /> },
        Some(slug) => html! { <Rules slug={slug.to_string()} /> },
    };
    frame(html! { <>{ no_js_note() }{ page }</> })
}

fn render(rules: Option<&'static str>) -> String {
    home::keep_cards(board_render::render(game_cards()));
    board_render::block_on(
        yew::LocalServerRenderer::<Page>::with_props(PageProps { rules })
            .hydratable(false)
            .render(),
    )
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn updating() -> bool {
    std::env::var_os("UPDATE_FIRST_PAINT").is_some()
}

/// Writes `drawn` to `path` when updating, else checks that it is what the file holds.
fn compare(path: &Path, now: &str, drawn: &str) {
    let name = path.strip_prefix(root()).unwrap_or(path).display();
    if updating() {
        if now != drawn {
            std::fs::write(path, drawn).expect("write the file");
            println!("{name}: written");
        }
        return;
    }
    assert!(
        now == drawn,
        "{name} differs from what the app draws now (run UPDATE_FIRST_PAINT=1 cargo test --test first_paint)"
    );
}

#[test]
fn index_html_holds_the_home_page_as_the_app_draws_it() {
    let home = render(None);
    assert!(
        home.contains(NO_STORAGE),
        "the home page drawn from a store in memory says so"
    );
    let home = home.replacen(NO_STORAGE, "", 1);
    // Every game's card, with its links: the first paint lists them all.
    for entry in registry::games() {
        let slug = entry.info().slug;
        assert!(home.contains(&format!(r##"href="{}""##, Route::New(slug.into()).href())));
        assert!(home.contains(&format!(r#"href="rules-{slug}.html""#)));
    }
    let path = root().join("index.html");
    let now = std::fs::read_to_string(&path).expect("index.html");
    let (Some(begin), Some(end)) = (now.find(BEGIN), now.find(END)) else {
        panic!("index.html has no first paint's markers ({BEGIN} ... {END})");
    };
    let drawn = format!(
        "{}{BEGIN}\n    <div id=\"app\">{MARKER}{home}</div>\n    {}",
        &now[..begin],
        &now[end..]
    );
    compare(&path, &now, &drawn);
}

#[test]
fn every_rules_page_without_javascript_is_the_apps_rules_page() {
    let dir = root().join("static/no-js");
    if updating() {
        std::fs::create_dir_all(&dir).expect("static/no-js");
    }
    let mut slugs = Vec::new();
    for entry in registry::games() {
        let slug = entry.info().slug;
        slugs.push(format!("{slug}.html"));
        let page = render(Some(slug));
        assert!(
            page.contains(r#"<div class="rules-text"></div>"#),
            "{slug}: the rules page has the text's place"
        );
        let drawn = format!(
            "<title>{}</title>\n{page}\n",
            Route::Rules(slug.into()).title()
        );
        let path = dir.join(format!("{slug}.html"));
        let now = std::fs::read_to_string(&path).unwrap_or_default();
        compare(&path, &now, &drawn);
    }
    // No page of a game that is gone.
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .expect("static/no-js")
        .filter_map(|e| Some(e.ok()?.file_name().to_str()?.to_string()))
        .collect();
    found.sort();
    slugs.sort();
    assert_eq!(found, slugs, "static/no-js holds one page per game");
}
