//! Any game driven through strings: [`AnyGame`] (a position of some game) and
//! [`GameEntry`] (a game's constructors and facts, the computer's search included). They live
//! with the registry, above both `core` and `ai`: the core knows no game and no search. The
//! table of games lives with the games (`crate::games::GAMES`).

use std::any::Any;
use std::fmt;

use crate::core::{
    ApiError, Fact, Game, GameInfo, Outcome, Picking, Seat, SeatCard, SetupChoices, SetupForm,
    Viewer,
};

/// A game of any kind, driven through strings.
pub trait AnyGame {
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
    /// What `viewer` may know of `mv` (move notation) played from here, in canonical
    /// notation; `None` when it is secret to that viewer or does not parse.
    fn public_move(&self, mv: &str, viewer: Viewer) -> Option<String>;
    /// Whether `mv` (move notation), played from here and giving `after`, ended its player's
    /// turn ([`Game::ends_turn`]); `None` when the game lists one move per line
    /// ([`Game::ONE_TURN_PER_LINE`]). A move that does not parse, or an `after` of another
    /// game, ends its turn.
    fn ends_turn(&self, mv: &str, after: &dyn AnyGame) -> Option<bool>;
    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// The position in position notation, as `viewer` may see it.
    // Writing positions: for the string API and tests; the page never does (left out of its
    // bundle, like reading them).
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn position_for(&self, viewer: Viewer) -> String;
    /// The position as `viewer` may see it (secrets of other seats masked).
    fn view_as(&self, viewer: Viewer) -> Box<dyn AnyGame>;
    /// What `seat` knows of the position ([`Game::recall`]): what the computer searches.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn recall_as(&self, seat: Seat) -> Box<dyn AnyGame>;
    /// The moves that led here (`moves`, in move notation) with the secrets `seat` has not
    /// seen drawn anew from `seed` ([`Game::guess_moves`]); `None` when a move does not parse.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn guess_moves(&self, moves: &[String], seat: Seat, seed: u64) -> Option<Vec<String>>;
    /// The computer's move for the seat to move, searched on this position as it is (call it
    /// on what that seat knows, [`AnyGame::recall_as`]), in move notation. Left out of the
    /// page's bundle: the computer thinks in a worker.
    ///
    /// # Errors
    /// A finished game, or a search that finds nothing.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn best_move(
        &self,
        budget: &crate::ai::Budget,
        seed: u64,
        clock: &dyn Fn() -> f64,
    ) -> Result<String, ApiError>;
    /// The hint for the seat to move at `strength` ([`crate::ai::hint`]: the search's move
    /// checked against an immediate loss), searched only from what that seat knows: its move
    /// in notation, its words, and the milliseconds its check took. Left out of the page's bundle, like [`AnyGame::best_move`].
    ///
    /// # Errors
    /// A finished game.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn hint(
        &self,
        strength: crate::core::Strength,
        seed: u64,
        clock: &dyn Fn() -> f64,
    ) -> Result<(String, String, f64), ApiError>;
    /// Each seat's chance here as the search sees it ([`crate::ai::chances`]).
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn chances(&self, budget: &crate::ai::Budget, seed: u64, clock: &dyn Fn() -> f64) -> Vec<f64>;
    /// The legal moves in the order a search at `strength` ranks them, its choice first
    /// ([`crate::ai::ranked`]), on the whole position (for a game hiding nothing).
    ///
    /// # Errors
    /// A finished game.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn ranked(
        &self,
        strength: crate::core::Strength,
        seed: u64,
        clock: &dyn Fn() -> f64,
    ) -> Result<Vec<String>, ApiError>;
    /// What `seat`'s player card shows (call it on a masked position).
    fn seat_card(&self, seat: Seat) -> SeatCard;
    /// Facts about the table (round, steps left in the turn).
    fn table_facts(&self) -> Vec<Fact>;
    /// What the seat to move does now ([`Game::turn_words`]).
    fn turn_words(&self) -> &'static str;
    /// The whole position in position notation.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn position(&self) -> String {
        self.position_for(Viewer::Everyone)
    }
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The concrete game, for views that know its type.
    fn as_any(&self) -> &dyn Any;
    /// The concrete game, shared: a board downcasts its position once, keeping the `Rc`
    /// (so that an unchanged position compares equal by pointer).
    fn into_any_rc(self: std::rc::Rc<Self>) -> std::rc::Rc<dyn Any>;
}

// Written by hand rather than required of every game: a `Debug` supertrait put every game's
// derived `Debug` (and all it formats) into the page's bundle through the vtables, though the
// page never prints a game (kilobytes). Natively it shows the position.
impl fmt::Debug for dyn AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
        return write!(f, "{} {}", self.info().slug, self.position());
        #[cfg(all(target_arch = "wasm32", feature = "ui"))]
        f.write_str(self.info().slug)
    }
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
    fn public_move(&self, mv: &str, viewer: Viewer) -> Option<String> {
        let mv = mv.parse::<G::Move>().ok()?;
        Game::public_move(self, &mv, viewer).map(|m| m.to_string())
    }
    fn ends_turn(&self, mv: &str, after: &dyn AnyGame) -> Option<bool> {
        if !G::ONE_TURN_PER_LINE {
            return None;
        }
        let after = after.as_any().downcast_ref::<G>();
        Some(match (mv.parse::<G::Move>(), after) {
            (Ok(mv), Some(after)) => Game::ends_turn(self, &mv, after),
            _ => true,
        })
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn position_for(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }
    fn view_as(&self, viewer: Viewer) -> Box<dyn AnyGame> {
        Box::new(self.view(viewer))
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn recall_as(&self, seat: Seat) -> Box<dyn AnyGame> {
        Box::new(self.recall(seat))
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn guess_moves(&self, moves: &[String], seat: Seat, seed: u64) -> Option<Vec<String>> {
        let moves: Vec<G::Move> = moves
            .iter()
            .map(|m| m.parse().ok())
            .collect::<Option<_>>()?;
        let mut rng = crate::core::Rng::new(seed);
        let guessed = Game::guess_moves(self, &moves, seat, &mut rng);
        Some(guessed.iter().map(ToString::to_string).collect())
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn best_move(
        &self,
        budget: &crate::ai::Budget,
        seed: u64,
        clock: &dyn Fn() -> f64,
    ) -> Result<String, ApiError> {
        Ok(crate::ai::best_move(self, budget, seed, clock)?.to_string())
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn hint(
        &self,
        strength: crate::core::Strength,
        seed: u64,
        clock: &dyn Fn() -> f64,
    ) -> Result<(String, String, f64), ApiError> {
        let budget = crate::ai::Budget::of(strength, G::info());
        let hint = crate::ai::hint(self, &budget, seed, clock)?;
        Ok((hint.mv.to_string(), hint.words, hint.check_ms))
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn ranked(
        &self,
        strength: crate::core::Strength,
        seed: u64,
        clock: &dyn Fn() -> f64,
    ) -> Result<Vec<String>, ApiError> {
        let budget = crate::ai::Budget::of(strength, G::info());
        let settings = crate::ai::Settings::default();
        let (_, order) = crate::ai::ranked(self, &budget, &settings, seed, clock)?;
        Ok(order.iter().map(ToString::to_string).collect())
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    fn chances(&self, budget: &crate::ai::Budget, seed: u64, clock: &dyn Fn() -> f64) -> Vec<f64> {
        crate::ai::chances(self, budget, seed, clock)
    }
    fn seat_card(&self, seat: Seat) -> SeatCard {
        Game::seat_card(self, seat)
    }
    fn table_facts(&self) -> Vec<Fact> {
        Game::table_facts(self)
    }
    fn turn_words(&self) -> &'static str {
        Game::turn_words(self)
    }
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn into_any_rc(self: std::rc::Rc<Self>) -> std::rc::Rc<dyn Any> {
        self
    }
}

/// A boxed game, or why there is none.
pub type GameResult = Result<Box<dyn AnyGame>, ApiError>;

/// One registered game: its facts and constructors.
pub struct GameEntry {
    info: fn() -> &'static GameInfo,
    create: fn(&str, u64) -> GameResult,
    // Reading position notation: for the string API natively and in a wasm build without the
    // page (the computer's worker). The page never reads positions, so its bundle leaves the
    // parsers out (about 9 KB gzipped).
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    load: fn(&str) -> GameResult,
    // The computer's move, from position notation: left out of the page's bundle like
    // `load` (the computer thinks in a worker built without the page).
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    best_move: BestMoveFn,
    default_options: fn(usize) -> Result<String, ApiError>,
    setup_form: fn(usize) -> Result<SetupForm, ApiError>,
    options_from: fn(&SetupChoices) -> Result<String, ApiError>,
    // Random playouts are for benchmarks: native, and the browser's `#/bench` page when the
    // site is built with the `bench-page` feature (they are not part of the first load).
    #[cfg(any(not(target_arch = "wasm32"), feature = "bench-page"))]
    playout: fn(usize, u64) -> Result<usize, ApiError>,
    #[cfg(not(target_arch = "wasm32"))]
    conformance: fn(usize, u64) -> Result<crate::core::conformance::Report, String>,
    #[cfg(not(target_arch = "wasm32"))]
    check_games: usize,
    #[cfg(not(target_arch = "wasm32"))]
    picking: fn(usize, u64) -> Result<crate::core::pick_check::PickReport, String>,
}

fn create_impl<G: Game>(options: &str, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
    // No options at all means the game's defaults for its fewest players.
    let options: G::Options = match options.trim() {
        "" => G::default_options(G::info().min_players)?,
        text => text.parse()?,
    };
    Ok(Box::new(G::new(&options, seed)?))
}

#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
fn load_impl<G: Game>(position: &str) -> Result<Box<dyn AnyGame>, ApiError> {
    let game: G = position.trim().parse()?;
    Ok(Box::new(game))
}

/// A game's computer move from position notation, a budget, a seed and a clock.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
type BestMoveFn = fn(&str, &crate::ai::Budget, u64, &dyn Fn() -> f64) -> Result<String, ApiError>;

#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
fn best_move_impl<G: Game>(
    position: &str,
    budget: &crate::ai::Budget,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Result<String, ApiError> {
    let game: G = position.trim().parse()?;
    game.check_invariants()
        .map_err(|why| crate::core::NotationError::new("position", why))?;
    AnyGame::best_move(&game, budget, seed, clock)
}

fn default_options_impl<G: Game>(players: usize) -> Result<String, ApiError> {
    Ok(G::default_options(players)?.to_string())
}

fn setup_form_impl<G: Game>(players: usize) -> Result<SetupForm, ApiError> {
    Ok(G::setup_form(players)?)
}

fn options_from_impl<G: Game>(choices: &SetupChoices) -> Result<String, ApiError> {
    Ok(G::options_from(choices)?.to_string())
}

impl GameEntry {
    /// The entry for game type `G`.
    pub const fn of<G: Picking>() -> GameEntry {
        GameEntry {
            info: G::info,
            create: create_impl::<G>,
            #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
            load: load_impl::<G>,
            #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
            best_move: best_move_impl::<G>,
            default_options: default_options_impl::<G>,
            setup_form: setup_form_impl::<G>,
            options_from: options_from_impl::<G>,
            #[cfg(any(not(target_arch = "wasm32"), feature = "bench-page"))]
            playout: crate::core::playout::playout_from_seed::<G>,
            #[cfg(not(target_arch = "wasm32"))]
            conformance: crate::core::conformance::check_random_games::<G>,
            #[cfg(not(target_arch = "wasm32"))]
            check_games: G::CHECK_GAMES,
            #[cfg(not(target_arch = "wasm32"))]
            picking: crate::core::pick_check::check_picking::<G>,
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
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    pub fn load(&self, position: &str) -> Result<Box<dyn AnyGame>, ApiError> {
        (self.load)(position)
    }

    /// The computer's move for the seat to move in `position` (position notation, the whole
    /// position or as that seat sees it), in move notation; see [`crate::registry::best_move`].
    ///
    /// # Errors
    /// When the position does not parse or is inconsistent, or the game is over.
    #[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
    pub fn best_move(
        &self,
        position: &str,
        budget: &crate::ai::Budget,
        seed: u64,
        clock: &dyn Fn() -> f64,
    ) -> Result<String, ApiError> {
        (self.best_move)(position, budget, seed, clock)
    }

    /// Default options notation for `players` seats.
    ///
    /// # Errors
    /// When the game is not for that many players.
    pub fn default_options(&self, players: usize) -> Result<String, ApiError> {
        (self.default_options)(players)
    }

    /// The new-game form for `players` seats.
    ///
    /// # Errors
    /// When the game is not for that many players.
    pub fn setup_form(&self, players: usize) -> Result<SetupForm, ApiError> {
        (self.setup_form)(players)
    }

    /// The options notation for what the players chose on the form.
    ///
    /// # Errors
    /// When the choices do not fit the form or make no game; the text is for the page.
    pub fn options_from(&self, choices: &SetupChoices) -> Result<String, ApiError> {
        (self.options_from)(choices)
    }

    /// Plays one random game for `players` seats from `seed`; returns its length in moves.
    ///
    /// # Errors
    /// When the game is not for that many players.
    #[cfg(any(not(target_arch = "wasm32"), feature = "bench-page"))]
    pub fn random_playout(&self, players: usize, seed: u64) -> Result<usize, ApiError> {
        (self.playout)(players, seed)
    }

    /// Runs [`crate::core::conformance::check_random_games`] for this game (native builds only:
    /// the browser bundle does not carry the test harness).
    ///
    /// # Errors
    /// The first rule the game broke.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn check_random_games(
        &self,
        games: usize,
        seed: u64,
    ) -> Result<crate::core::conformance::Report, String> {
        (self.conformance)(games, seed)
    }

    /// How many random games the generic check plays for this game ([`Game::CHECK_GAMES`]).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn check_games(&self) -> usize {
        self.check_games
    }

    /// Runs [`crate::core::pick_check::check_picking`] for this game's picking model (native
    /// builds only): every legal move made by taps, every tap answered, none illegal.
    ///
    /// # Errors
    /// The first failure of the model.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn check_picking(
        &self,
        games: usize,
        seed: u64,
    ) -> Result<crate::core::pick_check::PickReport, String> {
        (self.picking)(games, seed)
    }
}
