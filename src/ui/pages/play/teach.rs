//! The computer as a teacher on the play page: the hint in words, the replay (its controls
//! and its timer) and the chart of how a finished game went.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::parts::chart_point;
use super::state::{PlayAction, PlayState};
use crate::record::GameRecord;
use crate::ui::hooks::{use_value, Value};
use crate::ui::{browser, worker};

/// The worker's answer about a game's chances: for how many moves, and the answer (`None`
/// while it works).
type Answer = Option<(usize, Option<Result<String, String>>)>;

/// The chances over a game, asked of the worker when the player opens them.
pub struct Chances {
    answer: Value<Answer>,
}

/// Asks the worker for the chances over `record`; `working` shows the wait (a chart already
/// shown stays while a newer one is worked out).
fn ask(answer: &Value<Answer>, record: &GameRecord, working: bool) {
    let moves = record.moves.len();
    if working {
        answer.set(Some((moves, None)));
    }
    let answer = answer.clone();
    worker::chances(
        record,
        Callback::from(move |r| answer.set(Some((moves, Some(r))))),
    );
}

/// The state of the chances chart. An open chart follows `follow`: the game when it is over,
/// or a game against the computer that hides nothing, on a person's turn (never while the
/// computer thinks, whose question it would replace). It is asked again each time that game
/// has moved.
#[hook]
pub fn use_chances(follow: Option<GameRecord>) -> Chances {
    let answer = use_value(|| None::<(usize, Option<Result<String, String>>)>);
    {
        let answer = answer.clone();
        let moves = follow.as_ref().map(|r| r.moves.len());
        use_effect_with(moves, move |&moves| {
            if let (Some(record), Some((charted, _))) = (follow, &*answer) {
                if Some(*charted) != moves {
                    ask(&answer, &record, false);
                }
            }
        });
    }
    Chances { answer }
}

impl Chances {
    /// "How the game went" (or, while it is played, is going) for `record`: the button that
    /// asks for it, or the chart, its seats' lines in `colours` (CSS variables `--s0` ..); a
    /// point picked opens that position through `on_goto`.
    pub fn view(&self, record: &GameRecord, colours: String, on_goto: &Callback<usize>) -> Html {
        let ask = {
            let answer = self.answer.clone();
            let record = record.clone();
            Callback::from(move |_| ask(&answer, &record, true))
        };
        match self.answer.as_ref() {
            Some((charted, Some(Ok(svg)))) => {
                let positions = charted + 1;
                // The worker's SVG is made of numbers only ([`crate::worker_protocol::chances`]).
                html! {
                    <figure class="chances" style={colours}>
                        <div onclick={on_goto.reform(move |e: MouseEvent| chart_point(&e, positions))}>
                            { Html::from_html_unchecked(svg.clone().into()) }
                        </div>
                        <figcaption>{ "Chances after every move, as the computer sees each position: pick one to explore it apart from the game." }</figcaption>
                    </figure>
                }
            }
            c => html! {
                <button type="button" id="show-chances" onclick={ask} disabled={matches!(c, Some((_, None)))}>
                    { match c {
                        Some((_, Some(Err(why)))) => format!("How the game went (failed: {why}; try again)"),
                        Some(_) => "Working out the chances after every move…".to_string(),
                        None => "How the game went".to_string(),
                    } }
                </button>
            },
        }
    }
}

/// Whether the history is being replayed, and the replay itself: a move forward every `pace`
/// ms from `at` (the cursor and the number of moves), until the last.
#[hook]
pub fn use_replay(
    dispatcher: UseReducerDispatcher<PlayState>,
    at: Option<(usize, usize)>,
    pace: u32,
) -> Value<bool> {
    let replaying = use_value(|| false);
    {
        let replaying = replaying.clone();
        use_effect_with((*replaying, at, pace), move |&(on, at, pace)| {
            let mut next = None;
            match at {
                Some((cursor, moves)) if on && cursor < moves => {
                    let step =
                        Closure::once(move || dispatcher.dispatch(PlayAction::Goto(cursor + 1)));
                    let window = web_sys::window();
                    let timer = window.as_ref().and_then(|w| {
                        w.set_timeout_with_callback_and_timeout_and_arguments_0(
                            step.as_ref().unchecked_ref(),
                            pace as i32,
                        )
                        .ok()
                    });
                    next = Some((window, timer, step));
                }
                _ if on => replaying.set(false),
                _ => {}
            }
            move || {
                if let Some((Some(window), Some(timer), step)) = next {
                    window.clear_timeout_with_handle(timer);
                    drop(step);
                }
            }
        });
    }
    replaying
}

/// The replay's controls: a move back, replay or pause, a move forward, and the speed (the
/// pace of replays and of the computer's moves, a setting of the device, kept in `speed`).
pub fn replay_controls(
    dispatcher: &UseReducerDispatcher<PlayState>,
    replaying: &Value<bool>,
    speed: &Value<String>,
    (cursor, moves): (usize, usize),
) -> Html {
    let pace = crate::worker_protocol::pace_of(speed);
    let step = |to: usize| {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(PlayAction::Goto(to)))
    };
    let toggle = {
        let (replaying, dispatcher) = (replaying.clone(), dispatcher.clone());
        Callback::from(move |_: MouseEvent| {
            if !*replaying && cursor >= moves {
                dispatcher.dispatch(PlayAction::Goto(0));
            }
            replaying.set(!*replaying);
        })
    };
    let choose = {
        let speed = speed.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                browser::set_setting("speed", &select.value());
                speed.set(select.value());
            }
        })
    };
    html! {
        <div class="replay buttons">
            <button type="button" id="step-back" aria-label="One move back" onclick={step(cursor.saturating_sub(1))} disabled={cursor == 0}>{ "◀" }</button>
            <button type="button" id="replay" onclick={toggle}>{ if **replaying { "Pause" } else { "Replay" } }</button>
            <button type="button" id="step-forward" aria-label="One move forward" onclick={step(cursor + 1)} disabled={cursor >= moves}>{ "▶" }</button>
            <label>{ "Speed " }
                <select id="speed" onchange={choose}>
                    { for crate::worker_protocol::SPEEDS.iter().map(|(name, _)| html! {
                        <option value={*name} selected={crate::worker_protocol::pace_of(name) == pace}>{ *name }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// The hint in words (`None` while the worker thinks): the worker's words, finished there
/// ([`crate::ai::hint`]: the move, the danger the seat is in, and the check against an
/// immediate loss).
pub fn hint_note(hint: &Option<Result<String, String>>) -> Html {
    let text = match hint {
        None => "Thinking of a hint…".to_string(),
        Some(Ok(answer)) => crate::worker_protocol::read_hint(answer).1.to_string(),
        Some(Err(why)) => {
            format!("No hint: the computer could not answer here ({why}).")
        }
    };
    html! { <p class="hint-note" id="hint" role="status" aria-busy={hint.is_none().then_some("true")}>{ text }</p> }
}
