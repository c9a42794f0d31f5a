//! `impl Game for Evade`: the game's card, setup form, legal moves, playing, the outcome,
//! each seat's view, recall and determinization, and the words of the move list, seat cards
//! and table facts.

use super::board::{goal_row, side_name, start_row, Cell, Square, SIDES};
use super::coins::{all_setups, Coin, CoinState, Value, COINS_PER_SEAT};
use super::hidden::{fill_hidden_values, Memory};
use super::moves::{EvadeMove, EvadeOptions};
use super::rules::{DrawOffer, End, Evade, Phase, QUIET_TURNS_LIMIT};
use crate::core::{
    Fact, Game, GameInfo, OptionKind, OptionSpec, Outcome, PlayError, Rng, Seat, SeatCard,
    SetupChoices, SetupError, SetupForm, SideRule, Viewer,
};

static INFO: GameInfo = GameInfo {
    slug: "evade",
    name: "Evade",
    designer: "Mark A. Biggar, after Alex Randolph",
    min_players: 2,
    max_players: 2,
    pitch: "Face-down coins, one step at a time: freeze enemy coins by landing on them, and sneak \
            your ace or blank to the far row, but never freeze with one of them.",
    hidden_information: true,
    strengths: [200, 1_000, 3_000],
};

impl Game for Evade {
    type Move = EvadeMove;
    type Options = EvadeOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if players != 2 {
            return Err(SetupError(format!("Evade is for 2 players, not {players}")));
        }
        Ok(SetupForm {
            sides: SideRule::Fixed(SIDES.to_vec()),
            options: vec![OptionSpec {
                key: "own",
                label: "Show me my own coins",
                help: "Each player sees the values of their own coins and nobody peeks; off, the \
                       rules as written: your own coins are face down to you too, and you may \
                       peek at one before moving.",
                helps: &[],
                kind: OptionKind::Switch { default: false },
            }],
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<EvadeOptions, SetupError> {
        let n = choices.sides.len();
        Self::setup_form(n)?.check(n, choices)?;
        Ok(EvadeOptions {
            own_coins_shown: choices.is_on("own"),
        })
    }

    fn new(options: &EvadeOptions, _seed: u64) -> Result<Self, SetupError> {
        Ok(Evade {
            own: options.own_coins_shown,
            phase: Phase::Setup,
            turn: 0,
            coins: [Vec::new(), Vec::new()],
            peek: None,
            offer: DrawOffer::None,
            passed: false,
            keys: Vec::new(),
            memory: Memory::default(),
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over(_) => None,
            Phase::Play if self.offer == DrawOffer::Pending => Some(1 - self.turn),
            _ => Some(self.turn),
        }
    }

    fn legal_moves(&self) -> Vec<EvadeMove> {
        match self.phase {
            Phase::Over(_) => Vec::new(),
            Phase::Setup => all_setups(),
            Phase::Play if self.offer == DrawOffer::Pending => {
                vec![EvadeMove::Accept, EvadeMove::Decline]
            }
            Phase::Play => {
                let mut moves: Vec<EvadeMove> = self
                    .turn_steps()
                    .into_iter()
                    .map(|(from, to, _)| EvadeMove::Step { from, to })
                    .collect();
                if moves.is_empty() {
                    moves.push(EvadeMove::Pass);
                }
                moves.extend(self.peek_squares().into_iter().map(EvadeMove::Peek));
                if self.can_offer_draw() {
                    moves.push(EvadeMove::Offer);
                }
                moves
            }
        }
    }

    fn play(&mut self, mv: &EvadeMove) -> Result<(), PlayError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal(self.why_illegal(mv)));
        }
        self.apply(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over(end) = self.phase else {
            return None;
        };
        let draw = |reason: &str| Outcome {
            winners: vec![0, 1],
            scores: None,
            reason: reason.to_string(),
        };
        Some(match end {
            End::FarRow(seat) => {
                let what = self
                    .seat_coins(seat)
                    .iter()
                    .find(|c| c.state == CoinState::Shown)
                    .and_then(|c| c.value)
                    .map_or("special coin", Value::name);
                Outcome::win(
                    seat,
                    format!(
                        "{}' {what} reached row {} without freezing",
                        side_name(seat),
                        goal_row(seat) + 1
                    ),
                )
            }
            End::FrozeSpecial(seat) => Outcome::win(
                1 - seat,
                format!("{} froze with one of their special coins", side_name(seat)),
            ),
            End::SpecialsFrozen => draw("all four special coins are frozen"),
            End::Passes => draw("both players passed in a row"),
            End::Agreed => draw("the players agreed to a draw"),
            End::Repetition => draw("the same position occurred for the third time"),
            End::QuietTurns => draw("100 turns in a row without a freeze"),
        })
    }

    fn view(&self, viewer: Viewer) -> Self {
        let Viewer::Seat(seat) = viewer else {
            return self.clone();
        };
        if matches!(self.phase, Phase::Over(_)) {
            // At the end every coin is revealed.
            return self.clone();
        }
        let mut masked = self.clone();
        for coins in &mut masked.coins {
            for c in coins.iter_mut() {
                if !self.sees(c, seat) {
                    c.value = None;
                }
            }
        }
        masked
    }

    fn asks_an_answer(&self, mv: &EvadeMove) -> bool {
        *mv == EvadeMove::Offer
    }

    fn guess_words(&self, mv: &EvadeMove) -> Option<String> {
        // A coin of the mover's whose value the mover has not seen (rules as written).
        let EvadeMove::Step { from, to } = *mv else {
            return None;
        };
        let me = Game::to_move(self)?;
        let coin = self
            .coins_at(from)
            .into_iter()
            .find(|c| c.owner == me && !c.frozen())?;
        if coin.value.is_some() {
            return None;
        }
        if self.is_freeze(from, to) {
            Some(format!("it guesses: if the coin on {from} is your blank or ace, freezing with it loses at once"))
        } else if to.rank() == goal_row(me) {
            Some(format!(
                "it guesses: if the coin on {from} is your blank or ace, it wins at once"
            ))
        } else {
            None
        }
    }

    fn winning_move(&self) -> Option<EvadeMove> {
        // A free special coin of the mover next to an empty square of its far row: the step
        // does not freeze, so it wins (rule 7). Only where the value is known (a sample).
        if !self.in_turn() {
            return None;
        }
        let seat = self.turn;
        let cells = self.cells();
        self.seat_coins(seat)
            .iter()
            .filter(|c| c.state == CoinState::Free && c.is_special())
            .find_map(|c| {
                c.square
                    .neighbours()
                    .find(|to| {
                        to.rank() == goal_row(seat) && matches!(cells[to.index()], Cell::Empty)
                    })
                    .map(|to| EvadeMove::Step { from: c.square, to })
            })
    }

    fn recall(&self, seat: Seat) -> Self {
        let mut out = self.view(Viewer::Seat(seat));
        let known = self.memory.0.get(seat).copied().unwrap_or(0);
        if let (Some(mine), Some(values)) = (out.coins.get_mut(seat), self.coins.get(seat)) {
            for (c, v) in mine.iter_mut().zip(values) {
                if known & (1 << c.id) != 0 {
                    c.value = v.value;
                }
            }
        }
        out
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut out = self.recall(seat);
        // What `seat` has seen beyond the values shown: a coin that ever stood free in its
        // owner's goal row while play went on entered it without winning, so it is not special
        // (its square now, and every recorded position since the last freeze, say so). And
        // play going on means the four specials are not all frozen.
        let plain: [[bool; COINS_PER_SEAT]; 2] = std::array::from_fn(|owner| {
            std::array::from_fn(|id| {
                let base = owner * COINS_PER_SEAT;
                let in_goal = |sq: Square| sq.rank() == goal_row(owner);
                out.coins[owner].get(id).is_some_and(|c| {
                    out.phase == Phase::Play
                        && (in_goal(c.square)
                            || out.keys.iter().any(|k| {
                                Square::from_index(usize::from(k.squares[base + id]))
                                    .is_some_and(in_goal)
                            }))
                })
            })
        });
        let masked = out.coins.clone();
        for attempt in 0..32 {
            for owner in 0..2 {
                out.coins[owner].clone_from(&masked[owner]);
                fill_hidden_values(&mut out.coins[owner], &plain[owner], rng);
            }
            if out.phase != Phase::Play || !out.all_specials_frozen() || attempt == 31 {
                break;
            }
        }
        out
    }

    fn guess_moves(&self, moves: &[EvadeMove], seat: Seat, rng: &mut Rng) -> Vec<EvadeMove> {
        // The secrets are the setups' values: each setup takes the values drawn for its
        // owner's coins (a coin's id is the file it was set up on).
        let dealt = self.determinize(seat, rng);
        let options = EvadeOptions {
            own_coins_shown: self.own,
        };
        let Ok(mut replay) = Evade::new(&options, 0) else {
            return moves.to_vec();
        };
        moves
            .iter()
            .map(|mv| {
                let owner = replay.to_move();
                // Only to know who sets up next: a move that does not play changes nothing.
                let _ = Game::play(&mut replay, mv);
                match (mv, owner) {
                    (EvadeMove::Setup(values), Some(owner)) => {
                        let mut values = *values;
                        for coin in dealt.coins.get(owner).into_iter().flatten() {
                            if let (Some(v), Some(slot)) = (coin.value, values.get_mut(coin.id)) {
                                *slot = v;
                            }
                        }
                        EvadeMove::Setup(values)
                    }
                    _ => *mv,
                }
            })
            .collect()
    }

    fn describe_move(&self, mv: &EvadeMove, viewer: Viewer) -> String {
        let what = match mv {
            EvadeMove::Setup(values) if self.setup_seen_by(viewer) => {
                let names: Vec<&str> = values.iter().map(|v| v.name()).collect();
                let row = start_row(self.turn) + 1;
                format!("set up a{row}-f{row}: {}", names.join(", "))
            }
            EvadeMove::Setup(_) => "set up in secret".into(),
            EvadeMove::Peek(sq) => format!("peek at {sq}"),
            EvadeMove::Step { from, to } => format!(
                "move {from} to {to}{}",
                if self.is_freeze(*from, *to) {
                    ", freezing both coins"
                } else {
                    ""
                }
            ),
            EvadeMove::Pass => "pass".into(),
            EvadeMove::Offer => "offer a draw".into(),
            EvadeMove::Accept => "accept the draw".into(),
            EvadeMove::Decline => "decline the draw".into(),
        };
        format!(
            "{} {what}",
            side_name(Game::to_move(self).unwrap_or_default())
        )
    }

    fn public_move(&self, mv: &EvadeMove, viewer: Viewer) -> Option<EvadeMove> {
        // A setup is what its description shows: the arrangement only to whom it reads so.
        match mv {
            EvadeMove::Setup(_) if !self.setup_seen_by(viewer) => None,
            _ => Some(*mv),
        }
    }

    fn seat_label(&self, seat: Seat) -> Option<String> {
        SIDES.get(seat).map(|s| s.letter.to_string())
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        let Some(side) = SIDES.get(seat) else {
            return SeatCard::default();
        };
        let mut facts = Vec::new();
        let coins = self.seat_coins(seat);
        if coins.is_empty() {
            facts.push(Fact::new("coins", "not set up yet"));
        } else if self.phase == Phase::Setup {
            facts.push(Fact::new("coins", "set up"));
        } else {
            let frozen: Vec<&Coin> = coins.iter().filter(|c| c.frozen()).collect();
            facts.push(Fact::new("frozen", format!("{} of 6", frozen.len())));
            let known = frozen.iter().filter(|c| c.is_special()).count();
            let unknown = frozen.iter().filter(|c| c.value.is_none()).count();
            let specials = match (known, unknown) {
                (k, 0) => k.to_string(),
                (0, _) => "?".to_string(),
                (k, _) => format!("{k} or more"),
            };
            facts.push(Fact::new("specials frozen", specials));
        }
        SeatCard {
            side: format!("{}, from row {}", side.name, start_row(seat) + 1),
            score: None,
            out: false,
            facts,
        }
    }

    fn turn_words(&self) -> &'static str {
        match self.phase {
            Phase::Setup => "to set up their coins in secret",
            Phase::Play | Phase::Over(_) => "to move",
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let mut facts = Vec::new();
        match self.phase {
            Phase::Setup => facts.push(Fact::new(
                "setup",
                format!("{} arrange their coins in secret", side_name(self.turn)),
            )),
            Phase::Play | Phase::Over(_) => facts.push(Fact::new(
                "turns without a freeze",
                format!("{} of {QUIET_TURNS_LIMIT}", self.turns_without_freeze()),
            )),
        }
        if let Some(sq) = self.peek {
            facts.push(Fact::new(
                "peeked",
                format!("{} peeked at {sq}", side_name(self.turn)),
            ));
        }
        match self.offer {
            DrawOffer::Pending => facts.push(Fact::new(
                "draw",
                format!("offered by {}", side_name(self.turn)),
            )),
            DrawOffer::Declined => facts.push(Fact::new("draw", "offer declined")),
            DrawOffer::None => {}
        }
        if self.passed && self.phase == Phase::Play {
            facts.push(Fact::new("last turn", "a pass (another draws)"));
        }
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.check_coins()?;
        self.check_phase()
    }
}
