//! `impl Game for Stax`: the game's card, setup, legal moves, outcome and the words of the
//! move list, seat cards and table facts.

use super::grid::{Grid, Landing};
use super::moves::{StaxMove, StaxOptions};
use super::rules::{End, KingState, Phase, Stax, MAX_PLAYERS, MIN_PLAYERS};
use super::tile::{rotations, Colour, Tile, TileKind, COLOURS};
use crate::core::{
    Fact, Game, GameInfo, Outcome, PlayError, Rng, Seat, SeatCard, SetupChoices, SetupError,
    SetupForm, Side, SideRule, Viewer,
};

static INFO: GameInfo = GameInfo {
    slug: "stax",
    name: "STAX",
    designer: "Cameron Browne",
    min_players: 2,
    max_players: 3,
    pitch: "Place and move hexagonal tiles along their pointers, stack without leaving a \
            cliff, and land on the enemy king.",
    hidden_information: false,
    strengths: [600, 3_000, 9_000],
};

/// The name of `seat`'s colour.
pub(super) fn seat_name(seat: Seat) -> &'static str {
    Colour::of_seat(seat).name()
}

/// A kind in the move list's words: "king", "queen", or its short name ("3Y").
fn kind_words(kind: TileKind) -> &'static str {
    match kind {
        TileKind::King => "king",
        TileKind::Queen => "queen",
        _ => kind.name(),
    }
}

/// A tile in the move list's words: "Dark's 3F".
fn tile_words(t: Tile) -> String {
    format!("{}'s {}", seat_name(t.owner()), kind_words(t.kind()))
}

/// Where a laid or moved tile points, for the move list: " pointing E NW SW", or nothing for
/// the king and the queen.
fn pointing(mask: u8) -> String {
    if matches!(mask, 0 | 63) {
        return String::new();
    }
    let mut out = String::from(" pointing");
    for (d, name) in ["E", "NE", "NW", "W", "SW", "SE"].into_iter().enumerate() {
        if mask & (1 << d) != 0 {
            out.push(' ');
            out.push_str(name);
        }
    }
    out
}

impl Game for Stax {
    type Move = StaxMove;
    type Options = StaxOptions;
    /// STAX lists its moves about a hundred times slower than the others (a search over an
    /// unbounded table for every placement and landing).
    const CHECK_GAMES: usize = 240;

    fn info() -> &'static GameInfo {
        &INFO
    }

    /// Two: with three players the root searches by UCB1, since the halving lost the king to
    /// the third seat (docs/computer.md, "Three-player STAX: UCB1 at the root").
    fn halving_seats() -> usize {
        2
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError(format!(
                "STAX is for 2 or 3 players, not {players}"
            )));
        }
        Ok(SetupForm {
            sides: SideRule::Fixed(
                COLOURS[..players]
                    .iter()
                    .map(|c| Side {
                        letter: c.letter_str(),
                        name: c.name(),
                    })
                    .collect(),
            ),
            options: Vec::new(),
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<StaxOptions, SetupError> {
        let players = choices.sides.len();
        Self::setup_form(players)?.check(players, choices)?;
        let options = StaxOptions {
            players: u8::try_from(players).unwrap_or(0),
        };
        options.validate()?;
        Ok(options)
    }

    fn new(options: &StaxOptions, _seed: u64) -> Result<Self, SetupError> {
        Stax::start(usize::from(options.players))
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        match self.phase {
            Phase::Answer { answering } => Some(answering),
            _ => Some(self.turn()),
        }
    }

    fn legal_moves(&self) -> Vec<StaxMove> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        match self.phase {
            Phase::Answer { .. } => {
                out.push(StaxMove::Accept);
                out.push(StaxMove::Decline);
            }
            Phase::Turn { offered } => {
                out.reserve(256);
                self.for_each_turn(&mut |mv| {
                    out.push(mv);
                    false
                });
                if !offered {
                    out.push(StaxMove::Offer);
                }
            }
            Phase::Agreed => {}
        }
        out
    }

    fn winning_move(&self) -> Option<StaxMove> {
        // A move onto the enemy king that keeps the group and step rules; it wins when the
        // capture ends the game for the mover (checked by playing it: captures are rare).
        if !matches!(self.phase, Phase::Turn { .. }) || self.is_over() || !self.may_move() {
            return None;
        }
        let me = self.to_move()?;
        let mut grid = Grid::new(&self.stacks);
        let mut found = None;
        self.for_each_landing(&mut grid, None, &mut |grid, l| {
            if l.landing == Landing::Capture
                && Self::landing_keeps_rules(grid, l.src, l.dst, l.landing).is_ok()
            {
                found = rotations(l.tile.mask)
                    .first()
                    .map(|&m| StaxMove::travel(l.from, grid.cell(l.dst), m));
            }
            found.is_some()
        });
        let mv = found?;
        let mut next = self.clone();
        (next.play(&mv).is_ok() && next.outcome().is_some_and(|o| o.winners == [me])).then_some(mv)
    }

    fn asks_an_answer(&self, mv: &StaxMove) -> bool {
        *mv == StaxMove::Offer
    }

    fn en_prise(&self, seat: Seat) -> Option<String> {
        // The king is attacked when the seat that hunts it could take it, were it its turn.
        let players = self.players();
        if self.is_over() || seat >= players {
            return None;
        }
        let hunter = (seat + players - 1) % players;
        let mut theirs = self.clone();
        theirs.turn = u8::try_from(hunter).ok()?;
        theirs.phase = Phase::Turn { offered: true };
        let capture = theirs.winning_move()?;
        Some(format!(
            "your king is attacked: {} could take it with {capture}",
            seat_name(hunter)
        ))
    }

    fn random_move(&self, rng: &mut Rng) -> Option<StaxMove> {
        match self.phase {
            Phase::Turn { offered } if !self.is_over() => self.random_turn(offered, rng),
            _ => {
                let mut moves = self.legal_moves();
                let pick = rng.below(moves.len().max(1) as u64) as usize;
                (pick < moves.len()).then(|| moves.swap_remove(pick))
            }
        }
    }

    fn play(&mut self, mv: &StaxMove) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        self.refusal(mv)
            .map_err(|r| PlayError::Illegal(r.to_string()))?;
        self.apply(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        Some(match end {
            End::Captured { winner, loser } => Outcome::win(
                winner,
                format!("{} captured {}'s king", seat_name(winner), seat_name(loser)),
            ),
            End::NoTurn { winner, loser } => Outcome::win(
                winner,
                format!(
                    "{} had no legal turn: {} wins",
                    seat_name(loser),
                    seat_name(winner)
                ),
            ),
            End::Repetition => Outcome {
                winners: Vec::new(),
                scores: None,
                reason: "the same position occurred for the third time: a draw".into(),
            },
            End::Agreed => Outcome {
                winners: Vec::new(),
                scores: None,
                reason: "the players agreed to a draw".into(),
            },
        })
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn describe_move(&self, mv: &StaxMove, _viewer: Viewer) -> String {
        let who = seat_name(Game::to_move(self).unwrap_or_default());
        let mut after = self.clone();
        if after.play(mv).is_err() {
            return mv.to_string();
        }
        let text = match *mv {
            StaxMove::Offer => format!("{who} offers a draw"),
            StaxMove::Accept | StaxMove::Decline => format!(
                "{who} {}s the draw",
                if *mv == StaxMove::Accept {
                    "accept"
                } else {
                    "decline"
                }
            ),
            StaxMove::Place { kind, mask, cell } => {
                format!(
                    "{who} places its {} on {cell}{}",
                    kind_words(kind),
                    pointing(mask)
                )
            }
            StaxMove::Travel { from, to, mask } => {
                let onto = match self.top(to) {
                    Some(t) if t.is_king() => {
                        format!(" and captures {}'s king", seat_name(t.owner()))
                    }
                    Some(t) => format!(" onto {}", tile_words(t)),
                    None => String::new(),
                };
                let tile = self.top(from).map(tile_words).unwrap_or_default();
                let turned = mask.map(pointing).unwrap_or_default();
                let comma = if onto.is_empty() || turned.is_empty() {
                    ""
                } else {
                    ","
                };
                format!("{tile} moves {from} to {to}{onto}{comma}{turned}")
            }
        };
        match after.end {
            Some(End::NoTurn { loser, .. }) => {
                format!("{text} ({} has no legal turn)", seat_name(loser))
            }
            Some(End::Repetition) => format!("{text} (third repetition)"),
            _ => text,
        }
    }

    fn seat_label(&self, seat: Seat) -> Option<String> {
        (seat < self.players()).then(|| Colour::of_seat(seat).letter().to_string())
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        if seat >= self.players() {
            return SeatCard::default();
        }
        let reserve = self.reserve(seat);
        let names: Vec<&str> = reserve.iter().map(|k| k.name()).collect();
        let king = match self.king(seat) {
            KingState::InReserve => "in reserve".to_string(),
            KingState::OnTable(c) => format!("on the table ({c})"),
            KingState::Captured => "captured".to_string(),
        };
        SeatCard {
            side: seat_name(seat).to_string(),
            score: None,
            out: false,
            facts: vec![
                Fact::new("tiles in reserve", reserve.len()),
                Fact::new(
                    "reserve",
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(" ")
                    },
                ),
                Fact::new("king", king),
            ],
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let mut facts = Vec::new();
        let seen = self.occurrences();
        if seen > 1 {
            facts.push(Fact::new("this position seen", format!("{seen} times")));
        }
        match self.phase {
            Phase::Answer { answering } if !self.is_over() => facts.push(Fact::new(
                "draw offered",
                format!(
                    "by {}, {} to answer",
                    seat_name(self.turn()),
                    seat_name(answering)
                ),
            )),
            _ => {}
        }
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()?;
        let mut copy = self.clone();
        copy.settle();
        if copy.key != self.key || copy.end != self.end {
            return Err("the cached key or ending is stale".into());
        }
        Ok(())
    }
}
