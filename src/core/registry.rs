//! The games by slug, and a string-level API over them.
//!
//! Everything here speaks in strings (options, positions, moves), so tests, tools and the UI's
//! generic parts can drive any game without knowing its types:
//!
//! ```
//! use stackplay::core::registry;
//! let mut game = registry::create("stack-control", "colours=RB", 7).unwrap();
//! let first = game.legal_moves()[0].clone();
//! game.play(&first).unwrap();
//! assert!(game.outcome().is_none());
//! let copy = registry::load("stack-control", &game.position()).unwrap();
//! assert_eq!(copy.position(), game.position());
//! ```

use std::any::Any;
use std::fmt::Debug;

use super::error::ApiError;
use super::game::{Game, GameInfo, Outcome, Seat, Viewer};

/// A game of any kind, driven through strings.
pub trait AnyGame: Debug {
    /// The game's facts (slug, name, player counts).
    fn info(&self) -> &'static GameInfo;
    /// Number of seats.
    fn seats(&self) -> usize;
    /// The seat to move, or `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Every legal move, in move notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given in move notation; returns the move in its canonical notation.
    ///
    /// # Errors
    /// When it does not parse or is not legal; the game is then unchanged.
    fn play(&mut self, mv: &str) -> Result<String, ApiError>;
    /// The side `seat` plays in the game's own terms, if the rules give seats one.
    fn seat_label(&self, seat: Seat) -> Option<String>;
    /// How `mv` (move notation), played from here, reads in the move list for `viewer`.
    fn describe_move(&self, mv: &str, viewer: Viewer) -> String;
    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// The position in position notation, as `viewer` may see it.
    fn position_for(&self, viewer: Viewer) -> String;
    /// The whole position in position notation.
    fn position(&self) -> String {
        self.position_for(Viewer::Everyone)
    }
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The concrete game, for views that know its type.
    fn as_any(&self) -> &dyn Any;
}

impl<G: Game> AnyGame for G {
    fn info(&self) -> &'static GameInfo {
        G::info()
    }
    fn seats(&self) -> usize {
        Game::seats(self)
    }
    fn to_move(&self) -> Option<Seat> {
        Game::to_move(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        Game::legal_moves(self)
            .iter()
            .map(ToString::to_string)
            .collect()
    }
    fn play(&mut self, mv: &str) -> Result<String, ApiError> {
        let mv: G::Move = mv.trim().parse()?;
        Game::play(self, &mv)?;
        Ok(mv.to_string())
    }
    fn seat_label(&self, seat: Seat) -> Option<String> {
        Game::seat_label(self, seat)
    }
    fn describe_move(&self, mv: &str, viewer: Viewer) -> String {
        match mv.parse::<G::Move>() {
            Ok(mv) => Game::describe_move(self, &mv, viewer),
            Err(_) => mv.to_string(),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn position_for(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A boxed game, or why there is none.
pub type GameResult = Result<Box<dyn AnyGame>, ApiError>;

/// One registered game: its facts and constructors.
pub struct GameEntry {
    info: fn() -> &'static GameInfo,
    create: fn(&str, u64) -> GameResult,
    load: fn(&str) -> GameResult,
    default_options: fn(usize) -> Result<String, ApiError>,
    playout: fn(usize, u64) -> Result<usize, ApiError>,
    #[cfg(not(target_arch = "wasm32"))]
    conformance: fn(usize, u64) -> Result<super::conformance::Report, String>,
}

fn create_impl<G: Game>(options: &str, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
    // No options at all means the game's defaults for its fewest players.
    let options: G::Options = match options.trim() {
        "" => G::default_options(G::info().min_players)?,
        text => text.parse()?,
    };
    Ok(Box::new(G::new(&options, seed)?))
}

fn load_impl<G: Game>(position: &str) -> Result<Box<dyn AnyGame>, ApiError> {
    let game: G = position.trim().parse()?;
    Ok(Box::new(game))
}

fn default_options_impl<G: Game>(players: usize) -> Result<String, ApiError> {
    Ok(G::default_options(players)?.to_string())
}

impl GameEntry {
    /// The entry for game type `G`.
    pub const fn of<G: Game>() -> GameEntry {
        GameEntry {
            info: G::info,
            create: create_impl::<G>,
            load: load_impl::<G>,
            default_options: default_options_impl::<G>,
            playout: super::playout::playout_from_seed::<G>,
            #[cfg(not(target_arch = "wasm32"))]
            conformance: super::conformance::check_random_games::<G>,
        }
    }

    /// Name, designer, player counts, pitch.
    pub fn info(&self) -> &'static GameInfo {
        (self.info)()
    }

    /// A new game from options notation and a seed.
    ///
    /// # Errors
    /// When the options do not parse or cannot start a game.
    pub fn create(&self, options: &str, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
        (self.create)(options, seed)
    }

    /// A game from position notation.
    ///
    /// # Errors
    /// When the position does not parse or is inconsistent.
    pub fn load(&self, position: &str) -> Result<Box<dyn AnyGame>, ApiError> {
        (self.load)(position)
    }

    /// Default options notation for `players` seats.
    ///
    /// # Errors
    /// When the game is not for that many players.
    pub fn default_options(&self, players: usize) -> Result<String, ApiError> {
        (self.default_options)(players)
    }

    /// Plays one random game for `players` seats from `seed`; returns its length in moves.
    ///
    /// # Errors
    /// When the game is not for that many players.
    pub fn random_playout(&self, players: usize, seed: u64) -> Result<usize, ApiError> {
        (self.playout)(players, seed)
    }

    /// Runs [`super::conformance::check_random_games`] for this game (native builds only:
    /// the browser bundle does not carry the test harness).
    ///
    /// # Errors
    /// The first rule the game broke.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn check_random_games(
        &self,
        games: usize,
        seed: u64,
    ) -> Result<super::conformance::Report, String> {
        (self.conformance)(games, seed)
    }
}

static GAMES: [GameEntry; 1] = [GameEntry::of::<crate::games::stack_control::StackControl>()];

/// Every registered game, in menu order.
pub fn games() -> &'static [GameEntry] {
    &GAMES
}

/// The game registered under `slug`.
///
/// # Errors
/// [`ApiError::UnknownGame`] when there is none.
pub fn find(slug: &str) -> Result<&'static GameEntry, ApiError> {
    games()
        .iter()
        .find(|g| g.info().slug == slug)
        .ok_or_else(|| ApiError::UnknownGame(slug.chars().take(40).collect()))
}

/// A new game of `slug` from options notation and a seed.
///
/// # Errors
/// Unknown slug, or options that do not parse or cannot start a game.
pub fn create(slug: &str, options: &str, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
    find(slug)?.create(options, seed)
}

/// A game of `slug` from position notation.
///
/// # Errors
/// Unknown slug, or a position that does not parse.
pub fn load(slug: &str, position: &str) -> Result<Box<dyn AnyGame>, ApiError> {
    find(slug)?.load(position)
}
