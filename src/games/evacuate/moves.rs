//! Moves and options: one step of a turn ([`EvacuateMove`]), how the match is played
//! ([`MatchRule`]) and a game's options ([`EvacuateOptions`]).

use super::board::{Colour, Mode, Piece, Tri};

/// One step of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EvacuateMove {
    /// A pyramid from the mover's stash onto a vacant triangle: a move when the stack there
    /// reaches the triangle's level, else a nudge (`G3@4.2`).
    Place {
        /// The pyramid placed.
        piece: Piece,
        /// Where.
        at: Tri,
    },
    /// A release of one smallest releasable group of movement pyramids (sorted), ruling 11
    /// (`r4.2+5.2`); a run of release steps releases their union (see `CHOICES.md`).
    Release(Vec<Tri>),
    /// Jam: take off this surrounded pyramid (ruling 12, `t4.2`).
    Take(Tri),
    /// End the turn after the action, releasing nothing more (`end`).
    End,
    /// Jam with no move nor nudge: pass (`pass`).
    Pass,
    /// Phobos Pugilists (ruling 18): a pyramid from the stash placed to move the group toward
    /// the door the triangle does not point at, from a stack holding the mover's own pugilist
    /// (and not both pugilists) (`G3@4.2!`).
    Reverse {
        /// The pyramid placed.
        piece: Piece,
        /// Where.
        at: Tri,
    },
    /// Three players (ruling 15), before round 2 (and 5, 8, ...): yellow chooses whether its
    /// tree trades starting places with green's or red's (`trade:G`, `trade:R`).
    Trade(Colour),
}

/// The match options (rules 14 to 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MatchRule {
    /// Rounds until a total reaches the target (default): 14 with two players, 13 with
    /// three, 12 with four.
    #[default]
    FirstTo14,
    /// A single round ("one round"; with four players "round end"). Phobos Pugilists is
    /// always one round, first to 9.
    OneRound,
}

/// The options of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EvacuateOptions {
    /// The table (two, three or four players) or the Phobos Pugilists variant.
    pub mode: Mode,
    /// How the match is played (three players: always first to 13; Phobos Pugilists: always
    /// one round to 9).
    pub match_rule: MatchRule,
}

impl EvacuateOptions {
    /// The options as played: three players always play first to 13, Phobos Pugilists
    /// always one round.
    pub fn normalized(self) -> EvacuateOptions {
        let match_rule = match self.mode {
            Mode::Three => MatchRule::FirstTo14,
            Mode::Pugilists => MatchRule::OneRound,
            _ => self.match_rule,
        };
        EvacuateOptions {
            mode: self.mode,
            match_rule,
        }
    }
}
