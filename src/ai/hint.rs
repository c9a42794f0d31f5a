//! The hint: the search's move at the strength asked (the page asks for the normal one),
//! checked against an immediate loss ([`super::safety`]), with its words for the person.
//!
//! The search and the check see only what the seat to move knows ([`Game::recall`]); with
//! hidden information the check runs on [`SAMPLES`] samples of the rest
//! ([`Game::determinize`], seeded like the search), and a move's risk is the number of
//! samples in which it loses at once. The hint is the search's choice unless it loses at
//! once (in any sample) while another move does not (in fewer samples); then it is the move
//! the search ranked highest among those that lose least. When every move loses, the hint
//! stays the search's choice and says so.

use super::safety::{check_move, Limit, Verdict};
use super::{ranked, Budget, Settings};
use crate::core::{Game, PlayError, Rng, Seat, Viewer};

/// How many samples of what the seat cannot see the check runs on, in a game with hidden
/// information.
pub const SAMPLES: usize = 16;

/// The most positions the check plays, and its most time in milliseconds (on top of the
/// search's): past either, the moves left unchecked are neither safe nor shown to lose.
pub const CHECK_PLAYS: u64 = 2_000_000;
/// See [`CHECK_PLAYS`].
pub const CHECK_MS: f64 = 600.0;

/// A hint and how it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint<M> {
    /// The move hinted.
    pub mv: M,
    /// The search's own choice (the hint unless that loses at once and another move does not).
    pub first_choice: M,
    /// In how many of the samples checked the hint loses at once (one sample, the position
    /// itself, without hidden information).
    pub losing: usize,
    /// How many samples were checked.
    pub samples: usize,
    /// A reply that beats the hint, in one losing sample (with the first way of finishing
    /// the turn tried before it): each step with its words.
    pub beaten_by: Vec<(M, String)>,
    /// Whether the hint's own check ran out before it could tell (in some sample).
    pub unchecked: bool,
    /// Everything the hint says, for the person.
    pub words: String,
    /// Milliseconds the check took, after the search (by the clock given).
    pub check_ms: f64,
}

/// What the check found for one root move over the samples.
struct Risk<M> {
    losing: usize,
    unknown: bool,
    /// The first sample's losing line: its index, the rest of the turn and the reply.
    line: Option<(usize, Vec<M>, Vec<M>)>,
}

fn risk<G: Game>(samples: &[G], mv: &G::Move, limit: &mut Limit) -> Risk<G::Move> {
    let mut r = Risk {
        losing: 0,
        unknown: false,
        line: None,
    };
    for (i, sample) in samples.iter().enumerate() {
        match check_move(sample, mv, limit) {
            Verdict::Safe(_) => {}
            Verdict::Loses { finish, reply } => {
                r.losing += 1;
                r.line.get_or_insert((i, finish, reply));
            }
            Verdict::Unknown => r.unknown = true,
        }
    }
    r
}

/// The hint for the seat to move in `game` (the whole position or what that seat knows of
/// it: only the latter is looked at), searched with `budget` and `seed`.
///
/// # Errors
/// [`PlayError::GameOver`] when nobody is to move.
pub fn hint<G: Game>(
    game: &G,
    budget: &Budget,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Result<Hint<G::Move>, PlayError> {
    let me = game.to_move().ok_or(PlayError::GameOver)?;
    let known = game.recall(me);
    let (choice, order) = ranked(&known, budget, &Settings::default(), seed, clock)?;
    let hidden = G::info().hidden_information;
    let mut rng = Rng::new(seed ^ 0x5AFE);
    let samples: Vec<G> = if hidden {
        (0..SAMPLES)
            .map(|_| known.determinize(me, &mut rng))
            .collect()
    } else {
        vec![known.clone()]
    };
    let checking = clock();
    let mut limit = Limit {
        plays: CHECK_PLAYS,
        deadline_ms: checking + CHECK_MS,
        clock,
    };
    // The moves in the search's order, until one loses in no sample.
    let mut best: Option<(usize, Risk<G::Move>)> = None;
    for (i, mv) in order.iter().enumerate() {
        let r = risk(&samples, mv, &mut limit);
        let safe = r.losing == 0;
        if best.as_ref().is_none_or(|(_, b)| r.losing < b.losing) {
            best = Some((i, r));
        }
        if safe || limit.plays == 0 {
            break;
        }
    }
    let (index, r) = best.unwrap_or((
        0,
        Risk {
            losing: 0,
            unknown: true,
            line: None,
        },
    ));
    let mv = order.get(index).cloned().unwrap_or(choice.mv.clone());
    let beaten_by = match &r.line {
        Some((i, finish, reply)) => samples
            .get(*i)
            .map(|s| line_words(s, &mv, finish, reply, me))
            .unwrap_or_default(),
        None => Vec::new(),
    };
    let hint = Hint {
        first_choice: choice.mv,
        losing: r.losing,
        samples: samples.len(),
        beaten_by,
        unchecked: r.unknown,
        words: String::new(),
        check_ms: clock() - checking,
        mv,
    };
    let words = words(&known, me, &hint, &samples);
    Ok(Hint { words, ..hint })
}

/// The reply's steps with their words, as `me` may read them, played after `mv` and
/// `finish` from `sample`.
fn line_words<G: Game>(
    sample: &G,
    mv: &G::Move,
    finish: &[G::Move],
    reply: &[G::Move],
    me: Seat,
) -> Vec<(G::Move, String)> {
    let mut at = sample.clone();
    if at.play(mv).is_err() || finish.iter().any(|m| at.play(m).is_err()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for step in reply {
        let words = at.describe_move(step, Viewer::Seat(me));
        out.push((step.clone(), words));
        if at.play(step).is_err() {
            break;
        }
    }
    out
}

/// A move in words, with its notation where the words leave it out.
fn said<G: Game>(game: &G, mv: &G::Move, me: Seat) -> String {
    let notation = mv.to_string();
    let words = game.describe_move(mv, Viewer::Seat(me));
    if words.contains(&notation) {
        words
    } else {
        format!("{words} ({notation})")
    }
}

/// What the hint says: the danger the seat is in now, the move, and what the check found.
fn words<G: Game>(known: &G, me: Seat, hint: &Hint<G::Move>, samples: &[G]) -> String {
    let shown = known.view(Viewer::Seat(me));
    let mut out = String::new();
    if let Some(danger) = known.en_prise(me) {
        out.push_str(&capitalised(&danger));
        out.push_str(". ");
    }
    out.push_str("Hint: ");
    out.push_str(&said(&shown, &hint.mv, me));
    out.push('.');
    let several = samples.len() > 1;
    let reply: Vec<String> = hint.beaten_by.iter().map(|(_, w)| w.clone()).collect();
    let reply = if reply.is_empty() {
        "itself (or the rest of your turn)".to_string()
    } else {
        reply.join(", then ")
    };
    let steps = "the next player's whole turn";
    if hint.losing == 0 && hint.unchecked {
        out.push_str(" It could not be checked against an immediate loss in time.");
    } else if hint.losing == 0 {
        if hint.mv != hint.first_choice {
            out.push_str(&format!(
                " The computer's first choice, {}, loses at once; this does not.",
                said(&shown, &hint.first_choice, me)
            ));
        }
        // A step that leaves the turn open is safe when some finish of the turn is.
        let mut after = known.clone();
        let open = known.asks_an_answer(&hint.mv)
            || (after.play(&hint.mv).is_ok() && after.to_move() == Some(me));
        out.push_str(if open {
            " After it you can still finish your turn so that"
        } else {
            " After it,"
        });
        out.push_str(&format!(" no reply ({steps}) wins at once"));
        if several {
            out.push_str(&format!(
                " in any of {} ways what you cannot see could be",
                samples.len()
            ));
        }
        out.push('.');
    } else if several && hint.losing < hint.samples {
        out.push_str(&format!(
            " Every move risks an immediate loss; this one loses at once in {} of {} ways what you cannot see could be, to {reply}.",
            hint.losing, hint.samples
        ));
    } else if several {
        out.push_str(&format!(
            " Every move may lose at once, this one to {reply}."
        ));
    } else {
        out.push_str(&format!(" Every move loses at once: this one to {reply}."));
    }
    if let Some(guess) = known.guess_words(&hint.mv) {
        out.push(' ');
        out.push_str(&capitalised(&guess));
        out.push('.');
    }
    out
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
