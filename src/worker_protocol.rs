//! The computer's turn, as the play page asks for it and the Web Worker answers it.
//!
//! The page sends a [`question`] (the game record up to the position to play, the strength,
//! an id); the worker (`src/bin/ai_worker.rs`, no Yew) calls [`answer`] and posts its answer
//! back, which the page reads with [`read_answer`]. Everything here is engine code: it builds and is tested natively.
//!
//! The search sees only what the seat to move knows: the record is replayed in full here,
//! then masked for that seat ([`crate::core::Game::recall`]: what it may see, and what it
//! saw earlier and must remember, such as Evade's peeks) before the search starts, so a
//! hidden-information game's secrets of other seats never reach it.

#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
use crate::core::ApiError;
use crate::core::Strength;
use crate::record::GameRecord;

// The messages are plain text (no serde code for them in the page's bundle):
// a question is `<id>\t<strength>\t<record JSON>`, an answer `<id>\tok\t<move>` or
// `<id>\terror\t<why>`.

/// The paces people may choose for the computer's moves and for replays (a setting of the
/// device): the worker answers no sooner than this many milliseconds after a question, so
/// people can follow the computer's moves (two computers playing each other, a turn of
/// several steps), and a replay shows each move this long. The first is the default.
pub const SPEEDS: [(&str, u32); 3] = [("normal", 600), ("slow", 1500), ("fast", 150)];

/// The pace of the speed called `name` ([`SPEEDS`]; the default for any other name).
pub fn pace_of(name: &str) -> u32 {
    SPEEDS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or(&SPEEDS[0])
        .1
}

/// A question for the worker: the move for the seat to move after the record's moves
/// (`record` as JSON), thought about at `strength`, answered no sooner than `pace_ms` after
/// it was asked; `id` matches the answer to it.
pub fn question(id: u32, strength: Strength, pace_ms: u32, record: &str) -> String {
    format!("{id}\t{}/{pace_ms}\t{record}", strength.label())
}

/// A question for a hint for the seat to move after the record's moves ([`hint`]: the
/// normal strength's move, checked against an immediate loss, searched only from what that
/// seat knows), answered at once (not at the computer's pace) with the move and its words,
/// `<move>\t<words>` ([`read_hint`] reads them).
pub fn hint_question(id: u32, record: &str) -> String {
    format!("{id}\t{HINT}\t{record}")
}

/// The word in a question's strength field that asks for a hint.
const HINT: &str = "hint";

/// A hint's answer read: the move hinted and what the hint says.
pub fn read_hint(answer: &str) -> (&str, &str) {
    answer.split_once('\t').unwrap_or((answer, ""))
}

/// The hint for the seat to move after `record`'s moves, as the worker answers it
/// ([`hint_question`]): the move and its words, `<move>\t<words>`. The normal strength's
/// search ([`crate::ai::hint`], the seed a computer would use there), on what that seat
/// knows, checked against an immediate loss.
///
/// # Errors
/// A record that does not replay, or a finished game.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn hint(record: &GameRecord, now: &dyn Fn() -> f64) -> Result<String, ApiError> {
    let seen = known(record)?;
    let (mv, words, _) = seen.hint(Strength::Normal, seed_for(record), now)?;
    Ok(format!("{mv}\t{words}"))
}

/// A question for the computer's view of the position after `record`'s moves (while
/// exploring a game hiding nothing, or finished): answered at once, as a hint is
/// (`<move>\t<words>`, [`read_hint`] reads it), by [`view`].
pub fn view_question(id: u32, record: &str) -> String {
    format!("{id}\t{VIEW}\t{record}")
}

/// A question for a copy of the game after `record`'s moves to explore, with every secret
/// `seat` has not seen drawn anew ([`guess`]): answered at once with the copy's record as
/// JSON.
pub fn guess_question(id: u32, seat: usize, record: &str) -> String {
    format!("{id}\t{GUESS}/{seat}\t{record}")
}

/// The word in a question's strength field that asks for a copy to explore ([`guess_question`]).
const GUESS: &str = "guess";

/// The record of the game after `record`'s moves with every secret `seat` has not seen drawn
/// anew ([`crate::core::Game::guess_moves`]), as JSON: a copy to explore that shows all of
/// itself and tells nothing the seat does not know. Drawn again (from seeds made of the
/// game's) until the moves replay to a game that goes on, as this one does; a finished game,
/// or one hiding nothing, is its own copy.
///
/// # Errors
/// A record that does not replay, or no drawing that replays (after 64 tries).
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn guess(record: &GameRecord, seat: usize) -> Result<String, ApiError> {
    let game = record.validate()?;
    if game.outcome().is_some() || !game.info().hidden_information {
        return Ok(record.to_json());
    }
    for attempt in 0..64u64 {
        let seed = seed_for(record) ^ (attempt + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
        let Some(moves) = game.guess_moves(&record.moves, seat, seed) else {
            break;
        };
        let mut copy = record.clone();
        copy.moves = moves;
        if copy.validate().is_ok_and(|g| g.outcome().is_none()) {
            return Ok(copy.to_json());
        }
    }
    Err(ApiError::BadRecord(
        "no drawing of what is hidden replays this game".into(),
    ))
}

/// The word in a question's strength field that asks for the computer's view.
const VIEW: &str = "view";

/// How many of the search's best moves the computer's view names.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
const VIEW_MOVES: usize = 3;

/// The computer's view of the position after `record`'s moves: each seat's chances as a
/// search sees them ([`crate::ai::chances`], at the normal strength's count), and the normal
/// strength's three best moves, each with the mover's chance after it (a quicker search of
/// the position it leaves), the best first: `<best move>\t<words>`.
///
/// In a game hiding part of its position (an explored copy of Evade, its secrets drawn by
/// [`guess`]), the search sees only what the seat to move knows, as its hint does.
///
/// # Errors
/// A record that does not replay, or a finished game.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn view(record: &GameRecord, now: &dyn Fn() -> f64) -> Result<String, ApiError> {
    let game = known(record)?;
    let info = game.info();
    let me = game
        .to_move()
        .ok_or_else(|| ApiError::BadRecord("the game is over".into()))?;
    let seed = seed_for(record);
    let percent = |p: f64| format!("{}%", (p * 100.0).round() as i64);
    let budget = crate::ai::Budget::iterations(info.strengths[1].max(50));
    let chances = game.chances(&budget, seed, now);
    let shares: Vec<String> = chances
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {}", record.name(s), percent(*p)))
        .collect();
    let order = game.ranked(Strength::Normal, seed, now)?;
    let after_budget = crate::ai::Budget::iterations((info.strengths[1] / 10).max(50));
    let mut best = Vec::new();
    for (i, mv) in order.iter().take(VIEW_MOVES).enumerate() {
        let words = game.describe_move(mv, crate::core::Viewer::Seat(me));
        let mut after = game.clone_box();
        after.play(mv)?;
        let chance = after
            .chances(&after_budget, seed ^ (i as u64 + 1), now)
            .get(me)
            .copied()
            .unwrap_or(0.0);
        best.push(format!(
            "{}. {words} ({mv}): then {}",
            i + 1,
            percent(chance)
        ));
    }
    let first = order.first().cloned().unwrap_or_default();
    Ok(format!(
        "{first}\tThe computer's view (a search, not a certainty{}): chances {}. Its best moves for {}, with {}'s chance after each: {}.",
        if info.hidden_information {
            format!(", from what {} knows", record.name(me))
        } else {
            String::new()
        },
        shares.join(", "),
        record.name(me),
        record.name(me),
        best.join("; ")
    ))
}

/// A question for the chances over a game (finished, or hiding nothing): each seat's chance
/// after every move ([`chances`]), answered at once.
pub fn chances_question(id: u32, record: &str) -> String {
    format!("{id}\t{CHANCES}\t{record}")
}

/// The word in a question's strength field that asks for the chances.
const CHANCES: &str = "chances";

/// How long after `question` the worker answers it, at the soonest ([`question`]'s pace; a
/// hint or the chances at once), in milliseconds.
pub fn pace(question: &str) -> f64 {
    question
        .split('\t')
        .nth(1)
        .and_then(|word| word.split_once('/'))
        .and_then(|(_, pace)| pace.parse::<u32>().ok())
        .map_or(0.0, |pace| f64::from(pace.min(10_000)))
}

/// Each seat's chance after every move of a game, as the search sees each position in full,
/// drawn as an SVG chart 600 wide and 200 high with a polyline a seat (class `s<seat>`,
/// coloured by the page; x = position × 600 / last position, y = 196 - 192 × chance) over a
/// line at even chances. Made of numbers only, so the page places it as it is. A fortieth of the game's normal count a
/// position, in iterations (the same chart on every machine).
///
/// A finished game shows everyone everything. An unfinished one is charted only when the game
/// hides nothing (the chart that follows a game against the computer as it is played); the
/// positions charted before are remembered ([`CHARTED`]), so each question after a move
/// searches only the new positions.
///
/// # Errors
/// A record that does not replay, or an unfinished game of hidden information.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn chances(record: &GameRecord, now: &dyn Fn() -> f64) -> Result<String, ApiError> {
    let (record, line) = record.normalised_line()?;
    let info = line.last().info();
    if line.last().outcome().is_none() && info.hidden_information {
        return Err(ApiError::BadRecord(
            "the game is not over, and it hides some of its position".into(),
        ));
    }
    let budget = crate::ai::Budget::iterations((info.strengths[1] / 40).max(50));
    let mut seen = CHARTED.with(|charted| {
        let charted = charted.borrow();
        match &*charted {
            Some((before, seen)) if before.same_start(&record) => {
                let same = before
                    .moves
                    .iter()
                    .zip(&record.moves)
                    .take_while(|(a, b)| a == b)
                    .count();
                seen.iter().take(same + 1).cloned().collect()
            }
            _ => Vec::new(),
        }
    });
    for i in seen.len()..=line.moves() {
        seen.push(
            line.position(i)
                .chances(&budget, record.seed ^ i as u64, now),
        );
    }
    let last = line.moves().max(1);
    let x = |i: usize| i * 600 / last;
    let y = |c: f64| (196.0 - 192.0 * c).round() as i64;
    let mut lines = vec![String::new(); line.last().seats()];
    for (i, chances) in seen.iter().enumerate() {
        for (points, c) in lines.iter_mut().zip(chances) {
            points.push_str(&format!("{},{} ", x(i), y(*c)));
        }
    }
    // The moves after which their player's chances fell by 20 points or more (a blunder) or
    // by 10 (a mistake), each marked where that player's line lands.
    let mut marks = String::new();
    for i in 1..seen.len() {
        let Some(mover) = line.mover(i - 1) else {
            continue;
        };
        let (Some(before), Some(after)) = (seen[i - 1].get(mover), seen[i].get(mover)) else {
            continue;
        };
        let fell = before - after;
        let (class, word) = match fell {
            f if f >= 0.2 => ("blunder", "a blunder"),
            f if f >= 0.1 => ("mistake", "a mistake"),
            _ => continue,
        };
        marks.push_str(&format!(
            r#"<circle class="{class} s{mover}" cx="{}" cy="{}" r="7"><title>Move {i}, {}: {word} (chances {}% to {}%)</title></circle>"#,
            x(i),
            y(*after),
            escape(&record.name(mover)),
            (before * 100.0).round() as i64,
            (after * 100.0).round() as i64,
        ));
    }
    CHARTED.with(|charted| *charted.borrow_mut() = Some((record.clone(), seen)));
    // The axes: 0, 50 and 100% at the left, move numbers along the bottom (about five), a
    // dashed line at even chances; inside them the plot (a nested SVG, the part a tap
    // reads), a line a seat; under it each seat's name in its colour, and the marks' key.
    let mut svg = String::from(
        r#"<svg viewBox="0 0 670 296" role="img" aria-label="Chances of each player after every move, 0 to 100%, with blunders and mistakes marked (pick a point to explore that position)"><text x="54" y="18">100%</text><text x="54" y="118">50%</text><text x="54" y="218">0%</text>"#,
    );
    let step = (last / 5).max(1);
    for i in (0..=last).step_by(step) {
        svg.push_str(&format!(
            r#"<text class="n" x="{}" y="236">{i}</text>"#,
            60 + x(i)
        ));
    }
    svg.push_str(r#"<svg class="plot" x="60" y="10" width="600" height="200" viewBox="0 0 600 200" overflow="visible"><rect width="600" height="200"/><line x1="0" y1="100" x2="600" y2="100"/>"#);
    for (seat, points) in lines.iter().enumerate() {
        svg.push_str(&format!(
            r#"<polyline class="s{seat}" points="{}"/>"#,
            points.trim_end()
        ));
    }
    svg.push_str(&marks);
    svg.push_str("</svg>");
    let mut at = 60;
    for seat in 0..lines.len() {
        let name = escape(&record.name(seat));
        svg.push_str(&format!(
            r#"<text class="name" x="{at}" y="264"><tspan class="s{seat}">●</tspan> {name}</text>"#
        ));
        at += 40 + 11 * name.chars().count().min(24);
    }
    svg.push_str(
        r#"<text class="key" x="60" y="290"><tspan class="mistake">●</tspan> a mistake (chances fell 10 points) <tspan class="blunder">●</tspan> a blunder (20)</text>"#,
    );
    svg.push_str("</svg>");
    Ok(svg)
}

/// `text` safe inside SVG markup (a player's name, in the chart).
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
thread_local! {
    /// The game last charted by [`chances`] and each of its positions' chances: a position
    /// depends only on the moves before it, so the next question about the same game (one
    /// more move) searches only what is new.
    static CHARTED: std::cell::RefCell<Option<(GameRecord, Vec<Vec<f64>>)>> =
        const { std::cell::RefCell::new(None) };
}

/// An answer as the worker writes it.
pub fn answer_text(id: u32, result: &Result<String, String>) -> String {
    match result {
        Ok(mv) => format!("{id}\tok\t{mv}"),
        Err(why) => format!("{id}\terror\t{why}"),
    }
}

/// Reads an answer: its id and the move or why there is none; `None` if it is not one.
pub fn read_answer(text: &str) -> Option<(u32, Result<String, String>)> {
    let mut parts = text.splitn(3, '\t');
    let id = parts.next()?.parse().ok()?;
    let result = match (parts.next()?, parts.next()?) {
        ("ok", mv) => Ok(mv.to_string()),
        ("error", why) => Err(why.to_string()),
        _ => return None,
    };
    Some((id, result))
}

/// The seed of the computer's search at a position: the game's seed and the number of moves
/// played, so a game against the computer replays exactly (when no time cap cut a search
/// short).
pub fn seed_for(record: &GameRecord) -> u64 {
    record.seed ^ (record.moves.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The computer's move for the seat to move after `record`'s moves. `now` is a clock in
/// milliseconds (the search's time cap).
///
/// # Errors
/// A record that does not replay, a finished game, or a search that finds nothing.
// The worker's code: the page only asks (its bundle leaves positions and the search out).
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn choose(
    record: &GameRecord,
    strength: Strength,
    now: &dyn Fn() -> f64,
) -> Result<String, ApiError> {
    let seen = known(record)?;
    search(seen.as_ref(), strength, seed_for(record), now)
}

/// What the seat to move after `record`'s moves knows: what it sees and what it must
/// remember (Evade's earlier peeks), all the search is given.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
fn known(record: &GameRecord) -> Result<Box<dyn crate::registry::AnyGame>, ApiError> {
    let game = record.validate()?;
    let seat = game
        .to_move()
        .ok_or_else(|| ApiError::BadRecord("the game is over".into()))?;
    Ok(game.recall_as(seat))
}

/// The search itself ([`crate::ai`]), on the position as the seat to move knows it (passed
/// as the game, never through its text), within the strength's budget.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
fn search(
    game: &dyn crate::registry::AnyGame,
    strength: Strength,
    seed: u64,
    now: &dyn Fn() -> f64,
) -> Result<String, ApiError> {
    game.best_move(&crate::ai::Budget::of(strength, game.info()), seed, now)
}

/// Answers a question ([`question`]) with an answer ([`read_answer`] reads it): what the
/// worker does with each message. Never panics: a question that does not read gets an answer
/// with id 0 and the reason.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn answer(question: &str, now: &dyn Fn() -> f64) -> String {
    if let Some(rest) = question.strip_prefix("bench\t") {
        return bench(rest, now);
    }
    if let Some(rest) = question.strip_prefix("benchhint\t") {
        return bench_hint(rest, now);
    }
    let mut parts = question.splitn(3, '\t');
    let (Some(id), Some(asked), Some(record)) = (
        parts.next().and_then(|id| id.parse::<u32>().ok()),
        parts.next().and_then(|field| {
            let (word, then) = field.split_once('/').unwrap_or((field, ""));
            match word {
                HINT => Some(Asked::Hint),
                CHANCES => Some(Asked::Chances),
                VIEW => Some(Asked::View),
                GUESS => then.parse().ok().map(Asked::Guess),
                word => Strength::from_label(word).map(Asked::Move),
            }
        }),
        parts.next(),
    ) else {
        return answer_text(0, &Err("the question does not read".into()));
    };
    let result = GameRecord::from_json(record)
        .and_then(|record| match asked {
            Asked::Move(strength) => choose(&record, strength, now),
            Asked::Hint => hint(&record, now),
            Asked::View => view(&record, now),
            Asked::Chances => chances(&record, now),
            Asked::Guess(seat) => guess(&record, seat),
        })
        .map_err(|e| e.to_string());
    answer_text(id, &result)
}

/// What a question asks for.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
enum Asked {
    /// The computer's move at this strength.
    Move(Strength),
    Hint,
    View,
    Chances,
    /// A copy to explore, drawn for this seat.
    Guess(usize),
}

/// A benchmark question, `bench\t<slug>\t<count>`: searches the game's starting position
/// (fewest players, default options) for exactly `count` iterations, a number or a strength
/// (`quick`, `normal`, `strong`: that strength's planned count for the game, without its time
/// cap), and answers `bench\t<slug>\t<iterations>\t<milliseconds>`, or
/// `bench\t<slug>\terror\t<why>`. The site test asks it for every game's normal count, to
/// print the worker's iterations per second beside the native ones and whether the worker
/// reaches the count within the strength's time.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
fn bench(question: &str, now: &dyn Fn() -> f64) -> String {
    let (slug, count) = question.split_once('\t').unwrap_or((question, ""));
    let timed = || -> Result<(u32, f64), ApiError> {
        let entry = crate::registry::find(slug)?;
        let iterations = match crate::ai::Budget::preset(count, entry.info()) {
            Some(budget) => budget.iterations,
            None => count
                .parse()
                .map_err(|_| ApiError::BadRecord("no iteration count".into()))?,
        };
        let options = entry.default_options(entry.info().min_players)?;
        let game = crate::registry::create(slug, &options, 1)?;
        let budget = crate::ai::Budget::iterations(iterations);
        let start = now();
        game.best_move(&budget, 1, now)?;
        Ok((iterations, now() - start))
    };
    match timed() {
        Ok((iterations, ms)) => format!("bench\t{slug}\t{iterations}\t{ms}"),
        Err(e) => format!("bench\t{slug}\terror\t{e}"),
    }
}

/// A hint benchmark question, `benchhint\t<slug>\t<moves>`: the game (fewest players,
/// default options, seed 1) after `moves` seeded random moves (fewer if it ends first), and
/// the hint there as the page asks for it (the normal strength with its time cap, then the
/// check); answers `benchhint\t<slug>\t<moves played>\t<milliseconds>\t<move>\t<the
/// check's milliseconds>`, or
/// `benchhint\t<slug>\terror\t<why>`. The site test asks it from each game's start and
/// after 20 moves, and `AI_HINT=1 cargo bench --no-default-features --bench ai` natively.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn bench_hint(question: &str, now: &dyn Fn() -> f64) -> String {
    let (slug, moves) = question.split_once('\t').unwrap_or((question, ""));
    let timed = || -> Result<(usize, f64, String, f64), ApiError> {
        let entry = crate::registry::find(slug)?;
        let moves: usize = moves
            .parse()
            .map_err(|_| ApiError::BadRecord("no move count".into()))?;
        let options = entry.default_options(entry.info().min_players)?;
        let mut game = crate::registry::create(slug, &options, 1)?;
        let mut rng = crate::core::Rng::new(7);
        let mut played = 0;
        while played < moves {
            let legal = game.legal_moves();
            let Some(mv) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                break;
            };
            let mut next = game.clone_box();
            next.play(mv)?;
            if next.to_move().is_none() {
                break;
            }
            game = next;
            played += 1;
        }
        let seat = game
            .to_move()
            .ok_or_else(|| ApiError::BadRecord("the game is over".into()))?;
        let known = game.recall_as(seat);
        let start = now();
        let (mv, _, check_ms) = known.hint(Strength::Normal, 1, now)?;
        Ok((played, now() - start, mv, check_ms))
    };
    match timed() {
        Ok((played, ms, mv, check)) => {
            format!("benchhint\t{slug}\t{played}\t{ms}\t{mv}\t{check}")
        }
        Err(e) => format!("benchhint\t{slug}\terror\t{e}"),
    }
}

#[cfg(all(test, not(all(target_arch = "wasm32", feature = "ui"))))]
mod tests {
    use super::*;
    use crate::record::PlayerInfo;

    /// Two computer seats of these colours.
    fn players(colours: [&str; 2]) -> Vec<PlayerInfo> {
        colours
            .iter()
            .map(|c| PlayerInfo {
                name: format!("P{c}"),
                colour: (*c).into(),
                computer: Some(Strength::Quick),
            })
            .collect()
    }

    fn record(moves: usize) -> GameRecord {
        let mut record = GameRecord::new("stack-control", "colours=RB", 5, players(["R", "B"]));
        let mut game = record.start().unwrap();
        for _ in 0..moves {
            let mv = game.legal_moves()[0].clone();
            game.play(&mv).unwrap();
            record.moves.push(mv);
        }
        record
    }

    fn ask(id: u32, strength: Strength, record: &GameRecord) -> (u32, Result<String, String>) {
        read_answer(&answer(
            &question(id, strength, 600, &record.to_json()),
            &|| 0.0,
        ))
        .unwrap()
    }

    #[test]
    fn a_question_gets_a_legal_move_for_the_seat_to_move() {
        let record = record(3);
        let (id, result) = ask(7, Strength::Quick, &record);
        assert_eq!(id, 7);
        let mv = result.unwrap();
        assert!(record.replay(3).unwrap().legal_moves().contains(&mv));
        assert_eq!(
            ask(7, Strength::Quick, &record).1,
            Ok(mv),
            "same question, same move"
        );
    }

    #[test]
    fn a_hint_is_a_checked_normal_move_with_words_answered_at_once() {
        let record = record(4);
        let (id, hint) =
            read_answer(&answer(&hint_question(9, &record.to_json()), &|| 0.0)).unwrap();
        assert_eq!(id, 9);
        let hint = hint.unwrap();
        let (mv, words) = read_hint(&hint);
        assert!(record
            .replay(4)
            .unwrap()
            .legal_moves()
            .iter()
            .any(|m| m == mv));
        assert!(words.starts_with("Hint: "), "{words}");
        assert!(
            words.contains("After it, no reply (the next player's whole turn) wins at once."),
            "{words}"
        );
        assert_eq!(
            read_answer(&answer(&hint_question(10, &record.to_json()), &|| 0.0))
                .unwrap()
                .1,
            Ok(hint.clone()),
            "the same hint each time"
        );
        assert_eq!(pace(&hint_question(9, "{}")), 0.0);
        assert_eq!(pace(&question(9, Strength::Quick, 600, "{}")), 600.0);
        assert_eq!(
            pace(&question(9, Strength::Strong, pace_of("fast"), "{}")),
            150.0
        );
        assert_eq!(pace_of("slow"), 1500);
        assert_eq!(
            pace_of("warp"),
            600,
            "the default for a name it does not know"
        );
    }

    #[test]
    fn the_chances_follow_a_finished_game_to_its_result() {
        let mut record = record(0);
        let mut game = record.start().unwrap();
        while game.outcome().is_none() {
            let mv = game.legal_moves()[0].clone();
            game.play(&mv).unwrap();
            record.moves.push(mv);
        }
        let q = chances_question(3, &record.to_json());
        assert_eq!(pace(&q), 0.0);
        let (id, text) = read_answer(&answer(&q, &|| 0.0)).unwrap();
        assert_eq!(id, 3);
        let text = text.unwrap();
        assert!(text.starts_with("<svg ") && text.ends_with("</svg>"));
        assert!(
            text.contains(r#"<line x1="0" y1="100" x2="600" y2="100"/>"#),
            "the line at even chances"
        );
        // Each seat's line: a point a position, x from 0 to 600, y within the chart; the two
        // chances add up to 1 (y1 + y2 = 2 × 196 - 192), and the end is the result.
        let line = |s: usize| -> Vec<(u32, u32)> {
            let from = format!(r#"class="s{s}" points=""#);
            let at = text.find(&from).unwrap() + from.len();
            text[at..text[at..].find('"').unwrap() + at]
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        };
        let (a, b) = (line(0), line(1));
        assert_eq!(a.len(), record.moves.len() + 1, "one point a position");
        assert_eq!((a[0].0, a.last().unwrap().0), (0, 600));
        assert!(a
            .iter()
            .zip(&b)
            .all(|(p, q)| p.0 == q.0 && (199..=201).contains(&(p.1 + q.1))));
        let winner = game.outcome().unwrap().winners[0];
        assert_eq!(
            [a.last().unwrap().1, b.last().unwrap().1][winner],
            4,
            "the winner ends at 100%"
        );
        assert_eq!(
            read_answer(&answer(&q, &|| 0.0)).unwrap().1,
            Ok(text.clone()),
            "the same each time"
        );
        // Charted again after other questions, it is the same: the positions remembered
        // from a shorter or a diverging history of the game give what a fresh search gives.
        let fresh = |record: &GameRecord| {
            CHARTED.with(|c| c.borrow_mut().take());
            chances(record, &|| 0.0)
        };
        let mut other = record.clone();
        other.moves.truncate(3);
        let mut other_game = other.replay(3).unwrap();
        while other_game.outcome().is_none() {
            let mv = other_game.legal_moves().last().unwrap().clone();
            other_game.play(&mv).unwrap();
            other.moves.push(mv);
        }
        assert_ne!(other.moves, record.moves);
        for before in [3, record.moves.len() - 1] {
            let mut shorter = record.clone();
            shorter.moves.truncate(before);
            fresh(&shorter).unwrap();
            assert_eq!(
                chances(&record, &|| 0.0).as_ref(),
                Ok(&text),
                "after {before}"
            );
        }
        fresh(&other).unwrap();
        assert_eq!(
            chances(&record, &|| 0.0).as_ref(),
            Ok(&text),
            "after another line"
        );
        // A game not over is charted so far when it hides nothing (a game against the
        // computer, as it goes); refused when it hides something.
        let mut unfinished = self::record(3);
        unfinished.players[0].name = "<b>Ann & co</b>".into();
        let (_, so_far) = read_answer(&answer(
            &chances_question(4, &unfinished.to_json()),
            &|| 0.0,
        ))
        .unwrap();
        let so_far = so_far.unwrap();
        let points: usize = so_far
            .split("points=\"")
            .skip(1)
            .map(|p| p.split('"').next().unwrap_or_default().matches(',').count())
            .sum();
        assert_eq!(points, 2 * 4, "two seats, four positions");
        // Axes, each seat's name (as text, never markup), and the marks' key.
        for words in [
            "100%",
            "50%",
            "0%",
            "&lt;b&gt;Ann &amp; co&lt;/b&gt;",
            "blunder",
        ] {
            assert!(so_far.contains(words), "{words}: {so_far}");
        }
        assert!(!so_far.contains("<b>"), "{so_far}");
        let mut evade = GameRecord::new("evade", "rules=written", 5, players(["S", "M"]));
        evade.moves.push("setup:na2345".into());
        let (_, refused) =
            read_answer(&answer(&chances_question(5, &evade.to_json()), &|| 0.0)).unwrap();
        assert!(refused.unwrap_err().contains("not over"));
    }

    #[test]
    fn the_search_is_given_what_the_seat_remembers() {
        let mut record = GameRecord::new("evade", "rules=written", 5, players(["S", "M"]));
        // Suns peek at their ace on b1 and step another coin; Moons never see it.
        for mv in ["setup:na2345", "setup:na2345", "peek:b1", "c1-c2"] {
            record.moves.push(mv.into());
        }
        let moons = known(&record).unwrap().position();
        assert!(moons.contains(",b1?,"), "{moons}");
        record.moves.push("a6-a5".into());
        let suns = known(&record).unwrap().position();
        assert!(suns.contains(",b1a,"), "Suns remember their ace: {suns}");
        let screen = record.replay(record.moves.len()).unwrap();
        assert!(
            screen
                .position_for(crate::core::Viewer::Seat(0))
                .contains(",b1?,"),
            "their screen does not show it"
        );
    }

    #[test]
    fn bad_questions_get_reasons_not_panics() {
        for bad in [
            "",
            "{}",
            "1\tquick",
            "x\tquick\t{}",
            "3\tfast\t{}",
            "3\tquick\t{}",
        ] {
            let (_, result) = read_answer(&answer(bad, &|| 0.0)).unwrap();
            assert!(result.is_err(), "{bad}");
        }
        let mut bad = record(0);
        bad.moves.push("z9-z9".into());
        assert!(ask(1, Strength::Normal, &bad).1.is_err());
        assert_eq!(read_answer("5\tok\ta1-b2"), Some((5, Ok("a1-b2".into()))));
        assert_eq!(read_answer("5\tmaybe\ta1-b2"), None);
    }

    #[test]
    fn a_benchmark_question_is_timed() {
        let text = answer("bench\tstack-control\t50", &|| 0.0);
        assert_eq!(text, "bench\tstack-control\t50\t0");
        // A strength's planned count for the game, from its info (Evacuate's normal: 1,000).
        let planned = crate::registry::find("evacuate").map(|e| e.info().strengths[1]);
        let text = answer("bench\tevacuate\tnormal", &|| 0.0);
        assert_eq!(
            Ok(text),
            planned.map(|n| format!("bench\tevacuate\t{n}\t0"))
        );
        assert!(answer("bench\tnope\t50", &|| 0.0).contains("error"));
        assert!(answer("bench\tstack-control\tmany", &|| 0.0).contains("error"));
    }
}
