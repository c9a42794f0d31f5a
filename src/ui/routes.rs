//! Hash routes (`#/...`), so the site works from any static host and any sub-path.

/// A page of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// `#/`: the games and the saved games.
    Home,
    /// `#/new/<slug>`: set up a new game.
    New(String),
    /// `#/play/<id>`: a saved game.
    Play(String),
    /// `#/explore/<id>`: a copy of a saved game to try moves on, kept apart from it.
    Explore(String),
    /// `#/rules/<slug>`: a game's rules.
    Rules(String),
    /// `#/bench`: playout benchmarks in the browser.
    Bench,
    /// `#/import/<payload>`: a shared game record to import.
    Import(String),
    /// Anything else.
    NotFound(String),
}

impl Route {
    /// The route for a location hash (with or without the leading `#`).
    pub fn parse(hash: &str) -> Route {
        let path = hash.trim_start_matches('#');
        let path = path.strip_prefix('/').unwrap_or(path);
        // A trailing slash, or a query some site appended, changes nothing.
        let path = path.split('?').next().unwrap_or_default();
        let path = path.strip_suffix('/').unwrap_or(path);
        let parts: Vec<&str> = path.split('/').collect();
        let ok = |s: &str| !s.is_empty() && s.len() <= 200;
        match parts[..] {
            [""] => Route::Home,
            ["new", slug] if ok(slug) => Route::New(slug.to_string()),
            ["play", id] if ok(id) => Route::Play(id.to_string()),
            ["explore", id] if ok(id) => Route::Explore(id.to_string()),
            ["rules", slug] if ok(slug) => Route::Rules(slug.to_string()),
            ["bench"] => Route::Bench,
            // A link's payload is judged by the import page, which says what is wrong with it.
            ["import"] => Route::Import(String::new()),
            // Standard base64 has `/` in it: everything after `import/` is the payload.
            ["import", _, ..] => Route::Import(path["import/".len()..].to_string()),
            _ => Route::NotFound(path.chars().take(80).collect()),
        }
    }

    /// The document title for this route.
    pub fn title(&self) -> String {
        let game =
            |slug: &str| crate::registry::find(slug).map_or("Unknown game", |e| e.info().name);
        let page = match self {
            Route::Home => return "Stackplay: stacking games for friends".into(),
            Route::New(slug) => format!("New game of {}", game(slug)),
            Route::Play(_) => "Game".into(),
            Route::Explore(_) => "Exploring a game".into(),
            Route::Rules(slug) => format!("{} rules", game(slug)),
            Route::Bench => "Benchmark".into(),
            Route::Import(_) => "Shared game".into(),
            Route::NotFound(_) => "Page not found".into(),
        };
        format!("{page} · Stackplay")
    }

    /// The hash for this route, e.g. `#/play/abc`.
    pub fn href(&self) -> String {
        match self {
            Route::Home => "#/".into(),
            Route::New(s) => format!("#/new/{s}"),
            Route::Play(id) => format!("#/play/{id}"),
            Route::Explore(id) => format!("#/explore/{id}"),
            Route::Rules(s) => format!("#/rules/{s}"),
            Route::Bench => "#/bench".into(),
            Route::Import(p) => format!("#/import/{p}"),
            Route::NotFound(p) => format!("#/{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_round_trip() {
        for r in [
            Route::Home,
            Route::New("stack-control".into()),
            Route::Play("abc123".into()),
            Route::Explore("abc123".into()),
            Route::Rules("stax".into()),
            Route::Bench,
            Route::Import("eyJ".into()),
        ] {
            assert_eq!(Route::parse(&r.href()), r);
        }
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#"), Route::Home);
        assert_eq!(
            Route::parse("#/nope/x/y"),
            Route::NotFound("nope/x/y".into())
        );
        assert_eq!(Route::parse("#/play/"), Route::NotFound("play".into()));
        assert_eq!(Route::parse("#/import/"), Route::Import(String::new()));
        assert_eq!(Route::parse("#/bench/"), Route::Bench);
        assert_eq!(
            Route::parse("#/import/eyJ?utm_source=x"),
            Route::Import("eyJ".into())
        );
        assert_eq!(
            Route::parse("#/import/ab+c/d/e"),
            Route::Import("ab+c/d/e".into())
        );
        let long = "x".repeat(100_000);
        assert_eq!(
            Route::parse(&format!("#/import/{long}")),
            Route::Import(long)
        );
    }
}
