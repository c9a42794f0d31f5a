//! What the rules scenario tests of every game share: a move from its notation, the listed
//! moves as text, playing a move that must be listed and legal, and refusing one that must
//! be illegal. (Each test file declares `mod rules_support;`, so not every file uses all.)
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::fmt::Display;
use std::str::FromStr;

use stackplay::core::{Game, PlayError};

/// A move (or anything else) from its notation; a test's own typo panics with it.
pub fn mv<M: FromStr>(text: &str) -> M
where
    M::Err: Display,
{
    text.parse()
        .unwrap_or_else(|e| panic!("bad notation {text}: {e}"))
}

/// The legal moves of `game`, as notation.
pub fn legal<G: Game>(game: &G) -> BTreeSet<String> {
    game.legal_moves().iter().map(ToString::to_string).collect()
}

/// A set of move texts.
pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(ToString::to_string).collect()
}

/// Plays a move that must be listed and accepted; checks the invariants after it and that
/// the position still round-trips through its notation.
pub fn play<G: Game>(game: &mut G, text: &str) {
    let m: G::Move = mv(text);
    assert!(
        game.legal_moves().contains(&m),
        "{text} is not listed in {game}: {:?}",
        legal(game)
    );
    game.play(&m)
        .unwrap_or_else(|e| panic!("{text} refused in {game}: {e}"));
    game.check_invariants()
        .unwrap_or_else(|e| panic!("after {text}: {e}"));
    let again: G = mv(&game.to_string());
    assert!(
        again == *game,
        "{game} does not round-trip through its notation"
    );
}

/// Plays a move that must be refused as illegal (and not listed); checks nothing changed.
/// Returns the reason, which is never empty.
pub fn assert_illegal<G: Game>(game: &mut G, text: &str) -> String {
    let before = game.clone();
    let before_text = game.to_string();
    let m: G::Move = mv(text);
    assert!(
        !game.legal_moves().contains(&m),
        "{text} is listed in {game}"
    );
    let why = match game.play(&m) {
        Err(PlayError::Illegal(why)) => why,
        other => panic!("{text} should be illegal in {before_text}, got {other:?}"),
    };
    assert!(!why.is_empty(), "{text}: an empty reason");
    assert!(*game == before, "{text} changed the position");
    assert_eq!(game.to_string(), before_text);
    why
}
