//! The [`Game`] trait every game implements, and the values it speaks in.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::error::{NotationError, PlayError, SetupError};
use super::rng::Rng;
use super::setup::{Fact, SeatCard, SetupChoices, SetupForm};

/// A seat at the table, counted from 0. Shown to people as `index + 1`.
pub type Seat = usize;

/// Who is looking at a position: one seat (hidden information of the others is masked)
/// or everyone (the whole truth, as at the end of a game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// One player, who may only see what the rules let that seat see.
    Seat(Seat),
    /// Everything, for finished games and perfect-information games.
    Everyone,
}

/// A player's name and display colour (a side's letter, or a CSS colour where the rules give
/// seats no side of their own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The name shown at the table.
    pub name: String,
    /// The colour the player is shown in.
    pub colour: String,
    /// Whether the computer plays this seat, and how hard it thinks; a person when `None`.
    pub computer: Option<Strength>,
}

/// How hard the computer thinks for a seat it plays: at most about 0.2 s, 1 s and 3 s a step
/// (each game's [`GameInfo::strengths`] says how many search iterations).
// Stored as its word (`GameRecord::write_json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// A casual opponent, at most about 0.2 s a step.
    Quick,
    /// At most about 1 s a step.
    Normal,
    /// At most about 3 s a step: hard to beat.
    Strong,
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 3] = [Strength::Quick, Strength::Normal, Strength::Strong];

    /// The word for it in menus and on player cards.
    pub fn label(self) -> &'static str {
        match self {
            Strength::Quick => "quick",
            Strength::Normal => "normal",
            Strength::Strong => "strong",
        }
    }

    /// The strength a menu's word names.
    pub fn from_label(label: &str) -> Option<Strength> {
        Strength::ALL.into_iter().find(|s| s.label() == label)
    }
}

/// Static facts about a game, for menus and the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// URL-safe identifier, e.g. `stack-control`.
    pub slug: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Who designed it, as the home page's cards and the rules pages show it: a name, or
    /// "Designer unknown".
    pub designer: &'static str,
    /// Fewest seats.
    pub min_players: usize,
    /// Most seats.
    pub max_players: usize,
    /// One line that says what the game is about.
    pub pitch: &'static str,
    /// Whether some of the state is secret to some seats.
    pub hidden_information: bool,
    /// The computer's search iterations at each strength: quick, normal and strong (each
    /// capped at the strength's thinking time: 0.2 s, 1 s and 3 s). Chosen per game from
    /// measurement (docs/computer.md, "The strengths against each other"): each strength
    /// should beat the one below it in at least 60% of two-player games, and the normal count
    /// should be reached inside its second in the browser's worker. The same position,
    /// strength and seed give the same move wherever the search reaches its count inside its
    /// time; where the device is slower, the time cap stops it sooner.
    pub strengths: [u32; 3],
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The seats that share first place: one seat is an outright win, several a draw among
    /// them, none a draw that nobody shares (no winner at all).
    pub winners: Vec<Seat>,
    /// Final scores by seat, for games that keep score.
    pub scores: Option<Vec<i64>>,
    /// Why the game ended, in words.
    pub reason: String,
}

impl Outcome {
    /// An outright win for `seat`.
    pub fn win(seat: Seat, reason: impl Into<String>) -> Self {
        Outcome {
            winners: vec![seat],
            scores: None,
            reason: reason.into(),
        }
    }

    /// Whether the game ended without a single winner.
    pub fn is_draw(&self) -> bool {
        self.winners.len() != 1
    }

    /// Seats grouped by place (best first) when the game keeps score; equal scores share a
    /// place. Without scores: the winners, then everyone else.
    pub fn ranking(&self, seats: usize) -> Vec<Vec<Seat>> {
        match &self.scores {
            Some(scores) => {
                let mut values: Vec<i64> = scores.clone();
                super::sort_small(&mut values);
                values.reverse();
                values.dedup();
                values
                    .into_iter()
                    .map(|v| (0..seats).filter(|&s| scores.get(s) == Some(&v)).collect())
                    .collect()
            }
            None => {
                let rest: Vec<Seat> = (0..seats).filter(|s| !self.winners.contains(s)).collect();
                [self.winners.clone(), rest]
                    .into_iter()
                    .filter(|g| !g.is_empty())
                    .collect()
            }
        }
    }
}

/// A game's rules: positions, moves, and what each seat may see.
///
/// A *move* is one step a player takes; a turn made of several steps (Stacks, Evacuate) is
/// several moves by the same seat in a row, so [`Game::to_move`] may stay the same after a
/// move. Rounds and match scores live in the position. Secret information lives in the
/// position too, and [`Game::view`] masks it for a given viewer.
pub trait Game:
    Sized
    + Clone
    + Debug
    + PartialEq
    + Display
    + FromStr<Err = NotationError>
    + Serialize
    + DeserializeOwned
    + 'static
{
    /// One step of play. Its notation round-trips through `Display`/`FromStr`.
    type Move: Clone
        + Debug
        + PartialEq
        + Eq
        + Hash
        + Display
        + FromStr<Err = NotationError>
        + Serialize
        + DeserializeOwned;

    /// The choices made before the game starts (player count, colours, variants). Their
    /// notation (`Display`/`FromStr`) is what records and the registry carry.
    type Options: Clone
        + Debug
        + PartialEq
        + Display
        + FromStr<Err = NotationError>
        + Serialize
        + DeserializeOwned;

    /// How many seeded random games the generic check (`tests/all_games.rs`) plays, the
    /// player counts in turn: fewer for a game whose moves are slow to list, so each game's
    /// share of a debug test run stays near half a minute.
    const CHECK_GAMES: usize = 1000;

    /// Name, designer, player counts.
    fn info() -> &'static GameInfo;

    /// The new-game form for `players` seats: how seats get their sides, and the options.
    ///
    /// # Errors
    /// When the game cannot be played by that many players.
    fn setup_form(players: usize) -> Result<SetupForm, SetupError>;

    /// The options for what the players chose on the form (`choices.sides.len()` players).
    ///
    /// # Errors
    /// When the choices do not fit the form ([`SetupForm::check`]) or make no game.
    fn options_from(choices: &SetupChoices) -> Result<Self::Options, SetupError>;

    /// The default options for `players` seats: the form's defaults.
    ///
    /// # Errors
    /// When the game cannot be played by that many players.
    fn default_options(players: usize) -> Result<Self::Options, SetupError> {
        Self::options_from(&Self::setup_form(players)?.defaults(players))
    }

    /// The starting position. All randomness of the game comes from `seed`.
    ///
    /// # Errors
    /// When the options are inconsistent.
    fn new(options: &Self::Options, seed: u64) -> Result<Self, SetupError>;

    /// Number of seats, 2 to 5.
    fn seats(&self) -> usize;

    /// The seat that plays next, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Every legal move in this position (empty exactly when the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// A legal move that wins at once for the player to move, when the game can find one
    /// without trying every move; `None` by default. The computer's playouts take it before
    /// any random move: a playout that walks past a win in one is blind to the very threats
    /// that matter most (Evade: a special coin one step from the far row). It must return
    /// only a legal move after which the mover has won; returning `None` is always allowed.
    fn winning_move(&self) -> Option<Self::Move> {
        None
    }

    /// One legal move drawn with `rng`, every legal move equally likely (`None` exactly when
    /// the game is over): the computer's playouts play these. The default lists every move
    /// and picks one; a game whose listing is slow draws from a cheap superset and checks
    /// only what it draws ([`Rng::draw_legal`]).
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        let mut moves = self.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let pick = rng.below(moves.len() as u64) as usize;
        Some(moves.swap_remove(pick))
    }

    /// The move the computer's playouts play here, drawn with `rng` (`None` exactly when the
    /// game is over): by default [`Game::random_move`]. A game may steer its playouts with
    /// what its players know, where uniformly random play misjudges positions: Stacks never
    /// lifts a group off an opponent's piece while it has another step, since random play
    /// frees every trapped group at once and so rates a trapped side as nearly free.
    fn playout_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        self.random_move(rng)
    }

    /// The most seats at which the computer may share the walks of a wide root out by
    /// sequential halving (the search's `Settings::halving_above`); with more, its root always
    /// uses UCB1. By default every count. Chosen per game from measurement (docs/computer.md,
    /// "Three-player STAX: UCB1 at the root"): STAX says 2, since with three players the
    /// halving spent its walks on moves that looked won while the third seat's reply took its
    /// king. Only the search asks, so the page's bundle does not carry it.
    fn halving_seats() -> usize {
        usize::MAX
    }

    /// What the game calls a piece of `seat` left en prise here, in words for `seat`: the
    /// danger it would be in were the player who hunts it to move now (STAX: its king
    /// attacked; Stack Control: a capture of its pyramids threatened), or `None` (the
    /// default: a game that defines none). Read on what `seat` knows. Only the hint asks
    /// (in the worker), so the page's bundle does not carry it.
    fn en_prise(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// Whether `mv` (a move of the seat to move) hands the move to another seat only for an
    /// answer, after which the same turn goes on (a draw offer: STAX, Evade); `false` by
    /// default. The hint's check then judges the turn after each answer, not the offer as a
    /// turn of its own. Only the hint asks.
    fn asks_an_answer(&self, _mv: &Self::Move) -> bool {
        false
    }

    /// Words for a hint of `mv` (a move of the seat to move) that guesses at what that seat
    /// cannot see (Evade: "if the coin on b5 is your blank or ace, it wins at once"), read on
    /// what the seat knows; `None` by default. Only the hint asks.
    fn guess_words(&self, _mv: &Self::Move) -> Option<String> {
        None
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// When `mv` is not legal here; the position is then left exactly as it was.
    fn play(&mut self, mv: &Self::Move) -> Result<(), PlayError>;

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// The position as `viewer` may see it: secrets of other seats are masked. Games with
    /// perfect information return a plain copy.
    fn view(&self, viewer: Viewer) -> Self;

    /// What `seat` knows of the position: its view ([`Game::view`]) and whatever it was shown
    /// earlier and must remember (Evade's peeks at its own coins). The computer searches
    /// this; a person's screen shows only the view. Games whose players are never asked to
    /// remember keep the default, the view.
    fn recall(&self, seat: Seat) -> Self {
        self.view(Viewer::Seat(seat))
    }

    /// A whole position consistent with everything `seat` has seen of this one, its secrets
    /// sampled with `rng`: what a computer player searches when it may not see everything
    /// (one sample per search iteration). Called on the whole position or on what `seat`
    /// knows of it ([`Game::recall`]), it must give the same samples for both, so the result
    /// depends only on what `seat` knows. Perfect-information games keep the default, a copy.
    fn determinize(&self, _seat: Seat, _rng: &mut Rng) -> Self {
        self.clone()
    }

    /// The moves that led here (`moves`, from the game's start) with every secret `seat` has
    /// not seen replaced by one way it could be, drawn with `rng` (as [`Game::determinize`]
    /// draws them): a copy of the game to explore without learning what the seat may not
    /// know. The moves may not replay to a game that goes on as this one does (a drawn value
    /// can end it sooner): the caller replays them and draws again. Games hiding nothing keep
    /// the default, the moves as they are.
    fn guess_moves(&self, moves: &[Self::Move], _seat: Seat, _rng: &mut Rng) -> Vec<Self::Move> {
        moves.to_vec()
    }

    /// How `mv`, played from this position, reads in the move list for `viewer`. Games with
    /// secret moves (Evade's hidden setup) say only what the viewer may know.
    fn describe_move(&self, mv: &Self::Move, _viewer: Viewer) -> String {
        mv.to_string()
    }

    /// What `viewer` may know of `mv`, played from this position: the move itself (the
    /// default), or `None` when it carries a secret the viewer may not see (Evade's hidden
    /// setup). Boards receive only this, to highlight or animate the last move.
    fn public_move(&self, mv: &Self::Move, _viewer: Viewer) -> Option<Self::Move> {
        Some(mv.clone())
    }

    /// Whether the move list shows this game one turn per line, a turn's moves side by side
    /// and split where [`Game::ends_turn`] says (Evacuate, whose turns are several steps);
    /// `false` by default: one move per line.
    const ONE_TURN_PER_LINE: bool = false;

    /// Whether `mv`, played from this position and giving `after`, ended its player's turn,
    /// for a game listed one turn per line ([`Game::ONE_TURN_PER_LINE`]): the move list starts
    /// a new line after it. By default every move ends its line.
    fn ends_turn(&self, _mv: &Self::Move, _after: &Self) -> bool {
        true
    }

    /// The side a seat plays, in the game's own terms (a colour letter such as `R`), when
    /// the rules give seats one. A record's player colours must match it.
    fn seat_label(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// What `seat`'s player card shows: side, live score, out or not, and the game's own
    /// facts (stash, reserve, pieces off, match score). Called on a position already masked
    /// by [`Game::view`] for the viewer, so it can only tell what the viewer may see.
    fn seat_card(&self, seat: Seat) -> SeatCard;

    /// What the seat to move does now, after its name in the page's banner: "to move" by
    /// default; a game with a different kind of step says so ("to set up", Evade's secret
    /// setup).
    fn turn_words(&self) -> &'static str {
        "to move"
    }

    /// Facts about the whole table shown beside the board (round, ceiling, steps left in
    /// the turn); none by default. Called on a masked position, as [`Game::seat_card`].
    fn table_facts(&self) -> Vec<Fact> {
        Vec::new()
    }

    /// Checks the position's invariants (pieces conserved, counts in range); tests call it
    /// after every move.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    fn check_invariants(&self) -> Result<(), String>;
}
