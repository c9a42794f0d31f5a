//! The hidden-information checks of the conformance harness fire when a game breaks them: a
//! wrapper around Evade leaks a secret in one way at a time, and `check_views` must name the
//! check it breaks (the real Evade passes them all).
#![cfg(not(target_arch = "wasm32"))]

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use stackplay::core::conformance::{check_views, Report};
use stackplay::core::{
    Game, GameInfo, NotationError, Outcome, PlayError, Seat, SeatCard, SetupChoices, SetupError,
    SetupForm, Viewer,
};
use stackplay::games::evade::{Evade, EvadeMove};

/// How the wrapper leaks.
const HONEST: u8 = 0;
/// Its setup reads in full to the opponent.
const TELLS_SETUPS: u8 = 1;
/// Its moves read otherwise from a masked position than from the whole one.
const READS_OTHERWISE_MASKED: u8 = 2;
/// It lists an extra move from masked positions only.
const MASK_LISTS_MORE: u8 = 3;
/// Its masked positions print without saying they are masked.
const MASK_DOES_NOT_PRINT: u8 = 4;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Leaky<const MODE: u8> {
    game: Evade,
    masked: bool,
}

impl<const MODE: u8> fmt::Display for Leaky<MODE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = self.masked && MODE != MASK_DOES_NOT_PRINT;
        write!(f, "{}{}", if mark { "m " } else { "" }, self.game)
    }
}

impl<const MODE: u8> FromStr for Leaky<MODE> {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let (masked, text) = match s.strip_prefix("m ") {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        Ok(Leaky {
            game: text.parse()?,
            masked,
        })
    }
}

impl<const MODE: u8> Game for Leaky<MODE> {
    type Move = EvadeMove;
    type Options = <Evade as Game>::Options;
    fn info() -> &'static GameInfo {
        Evade::info()
    }
    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        Evade::setup_form(players)
    }
    fn options_from(choices: &SetupChoices) -> Result<Self::Options, SetupError> {
        Evade::options_from(choices)
    }
    fn new(options: &Self::Options, seed: u64) -> Result<Self, SetupError> {
        Ok(Leaky {
            game: Evade::new(options, seed)?,
            masked: false,
        })
    }
    fn seats(&self) -> usize {
        self.game.seats()
    }
    fn to_move(&self) -> Option<Seat> {
        self.game.to_move()
    }
    fn legal_moves(&self) -> Vec<EvadeMove> {
        let mut moves = self.game.legal_moves();
        if MODE == MASK_LISTS_MORE && self.masked {
            moves.push(EvadeMove::Pass);
        }
        moves
    }
    fn play(&mut self, mv: &EvadeMove) -> Result<(), PlayError> {
        self.game.play(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn view(&self, viewer: Viewer) -> Self {
        Leaky {
            game: self.game.view(viewer),
            masked: viewer != Viewer::Everyone,
        }
    }
    fn describe_move(&self, mv: &EvadeMove, viewer: Viewer) -> String {
        match mv {
            EvadeMove::Setup(_) if MODE == TELLS_SETUPS => mv.to_string(),
            _ if MODE == READS_OTHERWISE_MASKED && self.masked => "a move".to_string(),
            _ => self.game.describe_move(mv, viewer),
        }
    }
    fn public_move(&self, mv: &EvadeMove, viewer: Viewer) -> Option<EvadeMove> {
        self.game.public_move(mv, viewer)
    }
    fn seat_card(&self, seat: Seat) -> SeatCard {
        self.game.seat_card(seat)
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.game.check_invariants()
    }
}

/// Runs `check_views` along a few games' first moves; the first failure, if any.
fn first_failure<const MODE: u8>() -> Option<String> {
    let options = Evade::default_options(2).unwrap();
    for seed in 0..3 {
        let mut game = Leaky::<MODE> {
            game: Evade::new(&options, seed).unwrap(),
            masked: false,
        };
        for step in 0..12 {
            let legal = game.legal_moves();
            if let Err(e) = check_views(&game, &legal, &mut Report::default()) {
                return Some(e);
            }
            let Some(mv) = legal.get((seed as usize + step * 7) % legal.len().max(1)) else {
                break;
            };
            game.play(&mv.clone()).unwrap();
        }
    }
    None
}

#[test]
fn the_real_rules_pass_every_view_check() {
    assert_eq!(first_failure::<HONEST>(), None);
}

#[test]
fn a_setup_told_to_the_opponent_fails_descriptions_hide_secrets() {
    let e = first_failure::<TELLS_SETUPS>().expect("the leak was not caught");
    assert!(e.contains("descriptions hide secrets"), "{e}");
}

#[test]
fn moves_that_read_otherwise_from_a_mask_fail_descriptions_from_the_mask() {
    let e = first_failure::<READS_OTHERWISE_MASKED>().expect("the difference was not caught");
    assert!(e.contains("descriptions from the mask"), "{e}");
}

#[test]
fn a_mask_that_lists_other_moves_fails_same_legal_moves() {
    let e = first_failure::<MASK_LISTS_MORE>().expect("the difference was not caught");
    assert!(e.contains("same legal moves"), "{e}");
}

#[test]
fn a_mask_that_does_not_print_fails_the_masked_round_trip() {
    let e = first_failure::<MASK_DOES_NOT_PRINT>().expect("the lossy notation was not caught");
    assert!(e.contains("masked round trip"), "{e}");
}
