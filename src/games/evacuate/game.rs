//! `impl Game for Evacuate`: the game's card, setup, legal moves, playing a step, the move
//! list's words and turns, the outcome, seat cards, table facts and the invariants.

use super::board::{
    Colour, Mode, Piece, Size, Tri, COLOURS, LEVELS, SIZES, SPACES, TARGET, TRIANGLES,
};
use super::movement::Sim;
use super::moves::{EvacuateMove, EvacuateOptions, MatchRule};
use super::rules::{EndReason, Evacuate, Phase};
use super::words::{door_name, piece_name, pieces_words};
use crate::core::{
    Fact, Game, GameInfo, OptionKind, OptionSpec, Outcome, PlayError, Seat, SeatCard, SetupChoices,
    SetupError, SetupForm, Side, SideRule, Viewer,
};

static INFO: GameInfo = GameInfo {
    slug: "evacuate",
    name: "Evacuate",
    designer: "Gregory Lattanzio",
    min_players: 2,
    max_players: 4,
    pitch: "Push stacks of partying Stacktors along the floor of a burning club and out of its \
            doors, your colours first.",
    hidden_information: false,
    // The browser's worker searches Evacuate at about 1,050 to 1,850 iterations a second
    // (docs/computer.md, "Search speed from each game's start"): 1,000 lets each strength reach
    // its count within its time there, so the same position, strength and seed give the same
    // move everywhere that fast or faster.
    strengths: [200, 1_000, 3_000],
};

impl Game for Evacuate {
    type Move = EvacuateMove;
    type Options = EvacuateOptions;
    /// A match is several rounds long: about 20 s of a debug run on a 2-core machine.
    const CHECK_GAMES: usize = 500;
    /// A turn is several steps: the move list shows one turn per line.
    const ONE_TURN_PER_LINE: bool = true;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        let side = |letter, name| Side { letter, name };
        let (sides, options) = match players {
            2 => (
                vec![side("GY", "green and yellow"), side("RB", "red and blue")],
                vec![OptionSpec {
                    key: "match",
                    label: "Game",
                    help: "",
                    // What each choice plays, shown while it is chosen.
                    helps: &[
                        "Round after round on a fresh board: the first to 14 points wins.",
                        "A single round: the most points wins.",
                        "Phobos Pugilists: green against red with a pugilist each, one round, \
                         first to 9.",
                    ],
                    kind: OptionKind::Choice {
                        choices: vec![
                            ("14", "first to 14 points"),
                            ("1", "one round"),
                            ("pugilists", "Phobos Pugilists"),
                        ],
                        default: "14",
                    },
                }],
            ),
            3 => (
                vec![side("Y", "yellow"), side("G", "green"), side("R", "red")],
                Vec::new(),
            ),
            4 => (
                vec![
                    side("B", "blue"),
                    side("Y", "yellow"),
                    side("G", "green"),
                    side("R", "red"),
                ],
                vec![OptionSpec {
                    key: "match",
                    label: "Match",
                    help: "First to 12 over several rounds, or one round.",
                    helps: &[],
                    kind: OptionKind::Choice {
                        choices: vec![("12", "first to 12 points"), ("1", "round end")],
                        default: "12",
                    },
                }],
            ),
            _ => {
                return Err(SetupError(format!(
                    "Evacuate is played by 2 to 4 players, not {players}"
                )))
            }
        };
        Ok(SetupForm {
            sides: SideRule::Fixed(sides),
            options,
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<EvacuateOptions, SetupError> {
        let players = choices.sides.len();
        Self::setup_form(players)?.check(players, choices)?;
        let (mode, match_rule) = match (players, choices.value("match")) {
            (2, Some("14")) => (Mode::Two, MatchRule::FirstTo14),
            (2, Some("1")) => (Mode::Two, MatchRule::OneRound),
            (2, Some("pugilists")) => (Mode::Pugilists, MatchRule::OneRound),
            (3, _) => (Mode::Three, MatchRule::FirstTo14),
            (4, Some("12")) => (Mode::Four, MatchRule::FirstTo14),
            (4, Some("1")) => (Mode::Four, MatchRule::OneRound),
            _ => return Err(SetupError("the match option is not set".into())),
        };
        Ok(EvacuateOptions { mode, match_rule })
    }

    fn new(options: &EvacuateOptions, _seed: u64) -> Result<Self, SetupError> {
        let options = options.normalized();
        Ok(Evacuate::fresh(
            options.mode,
            options.match_rule,
            1,
            [0; 4],
            0,
            None,
        ))
    }

    fn seats(&self) -> usize {
        self.mode.seats()
    }

    fn to_move(&self) -> Option<Seat> {
        if self.over.is_some() {
            None
        } else {
            Some(self.turn)
        }
    }

    fn legal_moves(&self) -> Vec<EvacuateMove> {
        self.legal()
    }

    fn play(&mut self, mv: &EvacuateMove) -> Result<(), PlayError> {
        if self.over.is_some() {
            return Err(PlayError::GameOver);
        }
        let seat = self.turn;
        let illegal = |why: &str| Err(PlayError::Illegal(format!("{mv}: {why}")));
        match (self.phase, mv) {
            (Phase::Jam | Phase::Trade, _) => {
                if !self.legal().contains(mv) {
                    return illegal("not legal now");
                }
            }
            (
                Phase::Before,
                EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at },
            ) => {
                let reverse = matches!(mv, EvacuateMove::Reverse { .. });
                if !self.stash_colours(seat).contains(&piece.colour)
                    || self.stash[piece.colour.index()][piece.size.index()] == 0
                {
                    return illegal("that pyramid is not in your stash");
                }
                if !self.usable(*at) || self.triangle(*at).is_some() {
                    return illegal("that triangle is not vacant");
                }
                let height = self.floor[usize::from(at.space) - 1].len();
                let ok = if usize::from(at.level) <= height {
                    (!reverse || self.may_reverse(seat, at.space))
                        && self.plan(seat, *at, piece.size.pips(), reverse).is_some()
                } else {
                    !reverse && self.nudge_ok(seat, *at)
                };
                if !ok {
                    return illegal("that move is not legal");
                }
            }
            (Phase::Before | Phase::After, EvacuateMove::Release(set)) => {
                if !self.release_ok(seat, set) {
                    return illegal("those pyramids cannot be released");
                }
            }
            (Phase::After, EvacuateMove::End) => {}
            _ => return illegal("not possible now"),
        }
        match mv {
            EvacuateMove::Place { piece, at } => self.apply_place(*piece, *at, false),
            EvacuateMove::Reverse { piece, at } => self.apply_place(*piece, *at, true),
            EvacuateMove::Trade(c) => {
                self.trade = Some(*c);
                self.lay_trees();
                self.start_turn(self.first);
            }
            EvacuateMove::Release(set) => {
                for t in set {
                    self.return_piece(*t);
                    self.released |= 1 << t.index();
                }
                if self.phase == Phase::After && !self.has_release(seat) {
                    self.end_turn();
                }
            }
            EvacuateMove::Take(t) => self.return_piece(*t),
            EvacuateMove::End => self.end_turn(),
            EvacuateMove::Pass => {
                self.passes += 1;
                let next = self.next_seat(seat);
                if usize::from(self.passes) >= self.active() {
                    self.stuck(next, seat);
                } else {
                    self.start_turn(next);
                }
            }
        }
        Ok(())
    }

    fn ends_turn(&self, mv: &EvacuateMove, after: &Evacuate) -> bool {
        self.step_ends_turn(mv, after)
    }

    /// In the players' words, short: "green queen onto space 4, level 1: moves green pawn,
    /// red pawn to space 7", "… out through door A with blue drone, yellow pawn", "release
    /// green pawn", "end the turn".
    fn describe_move(&self, mv: &EvacuateMove, _viewer: Viewer) -> String {
        let (EvacuateMove::Place { piece, at } | EvacuateMove::Reverse { piece, at }) = mv else {
            return match mv {
                EvacuateMove::Release(set) => {
                    let pieces: Vec<Piece> = set.iter().filter_map(|t| self.triangle(*t)).collect();
                    format!("release {}", pieces_words(&pieces))
                }
                EvacuateMove::Take(t) => format!(
                    "jammed: take off {}",
                    self.triangle(*t).map(piece_name).unwrap_or_default()
                ),
                EvacuateMove::End => "end the turn".into(),
                EvacuateMove::Pass => "pass".into(),
                EvacuateMove::Trade(c) => format!("trade yellow's tree for {}'s", c.name()),
                EvacuateMove::Place { .. } | EvacuateMove::Reverse { .. } => mv.to_string(),
            };
        };
        let onto = format!(
            "{} onto space {}, level {}",
            piece_name(*piece),
            at.space,
            at.level
        );
        let level = usize::from(at.level);
        let stack = self.stack(at.space);
        if level > stack.len() {
            return format!("{onto}: a nudge");
        }
        let reverse = matches!(mv, EvacuateMove::Reverse { .. });
        match self.simulate(self.turn, *at, piece.size.pips(), reverse) {
            Some(Sim {
                door: Some(door),
                out,
                ..
            }) if !out.is_empty() => format!(
                "{onto}: out through door {} with {}",
                door_name(door),
                pieces_words(&out)
            ),
            Some(Sim {
                door: Some(door), ..
            }) => format!("{onto}: toward door {}, nothing left", door_name(door)),
            Some(Sim { to: Some(to), .. }) => format!(
                "{onto}: moves {} to space {to}",
                pieces_words(&stack[level - 1..])
            ),
            _ => onto,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winners, reason) = self.over.as_ref()?;
        let text = match reason {
            EndReason::Target => {
                format!("a match total reached {}", self.target().unwrap_or(TARGET))
            }
            EndReason::RoundOver => "the round is over".to_string(),
            EndReason::Elimination => "every opponent was eliminated by the ceiling".to_string(),
        };
        Some(Outcome {
            winners: winners.clone(),
            scores: Some(
                (0..self.mode.seats())
                    .map(|s| i64::from(self.match_total(s)))
                    .collect(),
            ),
            reason: text,
        })
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        let colours = self.mode.colours(seat);
        let stash = colours
            .iter()
            .map(|&c| {
                let n = self.stash(c);
                format!("{} {}p {}d {}q", c.name(), n[0], n[1], n[2])
            })
            .collect::<Vec<_>>()
            .join(", ");
        let evacuated: u32 = colours
            .iter()
            .map(|&c| self.evacuated(c).iter().map(|&n| u32::from(n)).sum::<u32>())
            .sum();
        let mut facts = vec![
            Fact::new("stash", stash),
            Fact::new("evacuated this round", evacuated),
            Fact::new("round score", self.round_score(seat)),
        ];
        if self.mode == Mode::Four && self.once_used(seat) {
            facts.push(Fact::new("shaded exit", "used"));
        }
        if self.is_eliminated(seat) {
            facts.push(Fact::new("this round", "eliminated by the ceiling"));
        }
        let mut side = colours
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(" and ");
        if self.mode == Mode::Pugilists {
            side.push_str(if seat == 0 {
                ", black pugilist"
            } else {
                ", white pugilist"
            });
        }
        SeatCard {
            side,
            score: Some(i64::from(self.match_total(seat))),
            out: false,
            facts,
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let phase = match self.phase {
            _ if self.over.is_some() => "",
            Phase::Before => "place a pyramid from the stash (a move or a nudge), or release",
            Phase::Jam => "jammed: take off, move, nudge or pass",
            Phase::After => "release or end the turn",
            Phase::Trade => "yellow chooses the tree trade",
        };
        let mut facts = vec![
            Fact::new("round", self.round),
            Fact::new("ceiling", self.ceiling),
        ];
        if phase.is_empty() {
            // Over: nothing describes a turn to take.
            facts.push(Fact::new("game", "over"));
        } else {
            facts.push(Fact::new("turn", phase));
        }
        facts.push(Fact::new(
            "match",
            match self.target() {
                Some(9) => "Phobos Pugilists: one round, first to 9".to_string(),
                Some(t) => format!("first to {t}"),
                None => "one round".to_string(),
            },
        ));
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        let all = self.count_all();
        let seats = self.mode.seats();
        let on_floor = |c: Colour| self.floor.iter().flatten().any(|p| p.colour == c);
        for (i, row) in all.iter().enumerate() {
            for (j, &n) in row.iter().enumerate() {
                let colour = COLOURS[i];
                let mut want = u32::from(self.mode.trios());
                if self.mode == Mode::Pugilists {
                    want = match colour {
                        Colour::Green | Colour::Red => 5,
                        _ => 0,
                    };
                    // An evacuated or fallen pugilist is one of its owner's queens.
                    let pugilist = if colour == Colour::Green {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    if want > 0 && SIZES[j] == Size::Queen && !on_floor(pugilist) {
                        want += 1;
                    }
                }
                if n != want {
                    return Err(format!(
                        "{} {}s: {n} instead of {want}",
                        colour.name(),
                        SIZES[j].name()
                    ));
                }
            }
        }
        let pugilists: Vec<Piece> = self
            .floor
            .iter()
            .flatten()
            .filter(|p| p.colour.is_pugilist())
            .copied()
            .collect();
        if (self.mode != Mode::Pugilists && !pugilists.is_empty())
            || pugilists.iter().any(|p| p.size != Size::Queen)
            || (1..pugilists.len()).any(|i| pugilists[..i].contains(&pugilists[i]))
            || self.tris.iter().flatten().any(|p| p.colour.is_pugilist())
        {
            return Err("pugilists".into());
        }
        if !(1..=LEVELS).contains(&self.ceiling) {
            return Err(format!("ceiling {}", self.ceiling));
        }
        if self.floor.len() != usize::from(SPACES) || self.tris.len() != TRIANGLES {
            return Err("board size".into());
        }
        if self
            .floor
            .iter()
            .any(|s| s.len() > usize::from(self.ceiling))
        {
            return Err("a stack is above the ceiling".into());
        }
        if (0..TRIANGLES).any(|i| self.tris[i].is_some() && Tri::from_index(i).level > self.ceiling)
        {
            return Err("a movement pyramid is above the ceiling".into());
        }
        if (0..TRIANGLES).any(|i| {
            self.released & (1 << i) != 0
                && (self.tris[i].is_some() || Tri::from_index(i).level > self.ceiling)
        }) || self.released >> TRIANGLES != 0
        {
            return Err("a triangle released in this run is not a vacant one".into());
        }
        if self.released != 0
            && (self.over.is_some() || matches!(self.phase, Phase::Jam | Phase::Trade))
        {
            return Err("releases in a run outside a turn's release steps".into());
        }
        if self.turn >= seats
            || self.first >= seats
            || self.round == 0
            || usize::from(self.passes) > seats
        {
            return Err("turn, round or passes out of range".into());
        }
        if self.totals[seats..].iter().any(|&t| t > 0)
            || self.bonus[seats..].iter().any(|&t| t > 0)
            || self.once[seats..].iter().any(|&t| t)
            || self.eliminated[seats..].iter().any(|&t| t)
        {
            return Err("a seat past the table's".into());
        }
        if (!self.mode.wild() && self.bonus.iter().any(|&b| b > 0))
            || (self.mode != Mode::Four && self.once.iter().any(|&o| o))
            || (self.mode != Mode::Three && self.trade.is_some())
            || matches!(self.trade, Some(c) if c != Colour::Green && c != Colour::Red)
        {
            return Err("state of another table".into());
        }
        if self.phase == Phase::Trade
            && (self.mode != Mode::Three
                || self.turn != 0
                || self.trade.is_some()
                || self.round < 2
                || !(self.round - 2).is_multiple_of(3))
        {
            return Err("a tree trade out of place".into());
        }
        if self.mode == Mode::Three
            && self.phase != Phase::Trade
            && self.round >= 2
            && self.trade.is_none()
        {
            return Err("the tree trade is not chosen".into());
        }
        if self.over.is_none() && self.eliminated[self.turn] {
            return Err("an eliminated seat is to move".into());
        }
        if self.over.is_none() && self.phase == Phase::Before && !self.has_move(self.turn) {
            return Err("the seat to move is jammed but the turn is not a jam".into());
        }
        if self.over.is_none() && self.active() < 2 {
            return Err("a round goes on with fewer than two players".into());
        }
        if let Some((winners, _)) = &self.over {
            if winners.iter().any(|&w| w >= seats) || winners.windows(2).any(|w| w[0] >= w[1]) {
                return Err("winners".into());
            }
        }
        Ok(())
    }
}
