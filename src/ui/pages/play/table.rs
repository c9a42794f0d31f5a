//! The table around the device: the page turned to the person to move, Flip, and the clocks
//! (the rules of both are the session's: `session::table`, `session::clocks`).

use yew::prelude::*;

use super::state::{PlayAction, PlayState};
use crate::session::table::Side;
use crate::session::{ClockFace, Session};
use crate::storage::clock::now_ms;
use crate::ui::hooks::{use_value, Value};

/// The play section's classes and style: turned to the person to move when the people sit
/// around the device.
pub fn facing(session: &Session) -> (Classes, Option<String>) {
    turned(session.table().around.then(|| session.facing()))
}

/// The play section's classes and style to face `side` (nothing turns without one).
pub fn turned(side: Option<Side>) -> (Classes, Option<String>) {
    match side {
        None => (classes!(), None),
        Some(side) => (
            classes!("around", side.sideways().then_some("sideways")),
            Some(format!("--face:{}deg", side.degrees())),
        ),
    }
}

/// "Turn to each player", "Flip board" and "Coordinates", switches (`aria-pressed`); the
/// coordinates along and on the boards are a setting of the device (`coords`, "off").
pub fn table_buttons(
    dispatcher: &UseReducerDispatcher<PlayState>,
    session: &Session,
    coords: &Value<bool>,
) -> Html {
    let table = session.table();
    let switch = |id: &'static str,
                  label: &'static str,
                  on: bool,
                  title: &'static str,
                  flip: bool| {
        let dispatcher = dispatcher.clone();
        let onclick = Callback::from(move |_| {
            let mut next = table;
            if flip {
                next.flipped = !next.flipped;
            } else {
                next.around = !next.around;
            }
            dispatcher.dispatch(PlayAction::Table(next));
        });
        html! {
            <button type="button" {id} aria-pressed={on.to_string()} {title} {onclick}>{ label }</button>
        }
    };
    let on_coords = {
        let coords = coords.clone();
        Callback::from(move |_| {
            let on = !*coords;
            crate::ui::browser::set_setting("coords", if on { "on" } else { "off" });
            coords.set(on);
        })
    };
    html! {
        <div class="table-buttons">
            { switch("turn-board", "Turn to each player", table.around, "For people around the device: the page turns to face whoever is to move", false) }
            { switch("flip-board", "Flip board", table.flipped, "Turn the board around, for someone looking at it from the other side", true) }
            <button type="button" id="coords-switch" aria-pressed={coords.to_string()} title="The cells' names along and on the board" onclick={on_coords}>{ "Coordinates" }</button>
        </div>
    }
}

/// `ms` as a clock reads: minutes and seconds, and tenths in the last ten seconds.
pub fn clock_text(ms: f64) -> String {
    let tenths = whole_ms(ms).div_ceil(100);
    if tenths < 100 {
        format!("0:{:02}.{}", tenths / 10, tenths % 10)
    } else {
        let seconds = tenths.div_ceil(10);
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// `ms` in whole milliseconds, none below zero (integer formatting: a float's costs the first
/// load about 10 KB).
fn whole_ms(ms: f64) -> u64 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = ms.max(0.0).round() as u64;
    whole
}

/// Props of [`Clocks`].
#[derive(Properties, PartialEq)]
pub struct ClocksProps {
    /// Each person's clock, as at `at_ms`.
    pub faces: Vec<ClockFace>,
    /// When `faces` were read.
    pub at_ms: f64,
    /// The players' names, by seat.
    pub names: Vec<String>,
    /// Whether the players paused the clocks.
    pub paused: bool,
    /// Whether the game is over (no pause button).
    pub over: bool,
    /// The running clock reached zero: the page ends the game on time.
    pub on_flag: Callback<()>,
    /// Pause (`true`) or resume.
    pub on_pause: Callback<bool>,
}

/// The players' clocks: the running one large (it faces its player with the page), each
/// counting from the stored moment the session gives, redrawn every quarter second while one
/// runs. Only this component is drawn again as a clock runs, not the page.
#[component]
pub fn Clocks(props: &ClocksProps) -> Html {
    let now = use_value(now_ms);
    let running = props.faces.iter().any(|f| f.running);
    {
        let now = now.clone();
        use_effect_with(running, move |&running| {
            now.set(now_ms());
            let tick = running
                .then(|| gloo_timers::callback::Interval::new(250, move || now.set(now_ms())));
            move || drop(tick)
        });
    }
    let spent = (*now - props.at_ms).max(0.0);
    let out = props
        .faces
        .iter()
        .any(|f| f.running && f.left_ms - spent <= 0.0);
    {
        let on_flag = props.on_flag.clone();
        use_effect_with(out, move |&out| {
            if out {
                on_flag.emit(());
            }
        });
    }
    let pause = {
        let (on_pause, paused) = (props.on_pause.clone(), props.paused);
        Callback::from(move |_| on_pause.emit(!paused))
    };
    html! {
        <div class="clocks" role="group" aria-label="Clocks">
            { for props.faces.iter().map(|f| {
                let left = if f.running { f.left_ms - spent } else { f.left_ms };
                let name = props.names.get(f.seat).cloned().unwrap_or_default();
                html! {
                    <span class={classes!("clock", f.running.then_some("running"), (left < 10_000.0).then_some("low"), (left <= 0.0).then_some("out"))}
                        data-seat={f.seat.to_string()} data-left={whole_ms(left).to_string()}
                        aria-label={format!("{name}: {} left", clock_text(left))}>
                        <bdi class="who">{ name }</bdi>{ " " }<span class="time">{ clock_text(left) }</span>
                    </span>
                }
            }) }
            if !props.over {
                <button type="button" id="pause-clocks" onclick={pause}>{ if props.paused { "Resume clocks" } else { "Pause clocks" } }</button>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn a_clock_reads_minutes_and_seconds_then_tenths() {
        assert_eq!(clock_text(300_000.0), "5:00");
        assert_eq!(clock_text(299_001.0), "5:00");
        assert_eq!(clock_text(61_000.0), "1:01");
        assert_eq!(clock_text(10_000.0), "0:10");
        assert_eq!(clock_text(9_950.0), "0:10");
        assert_eq!(clock_text(9_900.0), "0:09.9");
        assert_eq!(clock_text(0.0), "0:00.0");
        assert_eq!(clock_text(-5.0), "0:00.0");
    }
}
