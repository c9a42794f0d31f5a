//! The new-game form's table: where the people sit (all on one side, or around the device)
//! and the clocks (none, or minutes per player and an increment per move).

use yew::prelude::*;

use crate::ui::kit::fixed;

use crate::record::ClockRule;
use crate::session::table::sides;

/// What the form says of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TableChoice {
    /// The people sit around the device (the page turns to each).
    pub around: bool,
    /// Minutes per player; 0: no clocks.
    pub minutes: u32,
    /// Seconds added after each move.
    pub increment: u32,
}

impl TableChoice {
    /// The clock rule chosen (`None`: no clocks); the numbers are kept in their ranges.
    pub fn clock(&self) -> Option<ClockRule> {
        (self.minutes > 0).then(|| ClockRule {
            minutes: self.minutes.min(90),
            increment_s: self.increment.min(60),
        })
    }
}

/// The table's fieldset; `people` lists the names of the seats people play, in seat order.
pub fn table_fields(
    choice: TableChoice,
    people: &[String],
    on_change: &Callback<TableChoice>,
) -> Html {
    let set = |change: fn(&mut TableChoice, &str)| {
        let on_change = on_change.clone();
        Callback::from(move |e: Event| {
            let mut next = choice;
            change(&mut next, &super::new_game::input_value(&e));
            on_change.emit(next);
        })
    };
    let seats = set(|c, v| c.around = v == "around");
    let clocks = set(|c, v| c.minutes = v.parse().unwrap_or(0));
    let minutes = set(|c, v| c.minutes = v.trim().parse::<u32>().unwrap_or(1).clamp(1, 90));
    let increment = set(|c, v| c.increment = v.trim().parse::<u32>().unwrap_or(0).min(60));
    let places = sides(people.len());
    html! {
        <fieldset class="options table-setup">
            { fixed::markup("<legend>Table</legend>") }
            <label class="option">{ "Seats" }
                <select id="seating" onchange={seats}>
                    <option value="side" selected={!choice.around}>{ "All on one side" }</option>
                    <option value="around" selected={choice.around}>{ "Around the device (it turns to each)" }</option>
                </select>
            </label>
            if choice.around && people.len() > 1 {
                <p class="hint" id="seat-places">
                    { people.iter().zip(&places).map(|(name, side)| format!("{name} sits {}", side.words())).collect::<Vec<_>>().join("; ") }{ "." }
                </p>
            }
            <label class="option">{ "Clocks" }
                <select id="clocks" onchange={clocks}>
                    <option value="0" selected={choice.minutes == 0}>{ "None" }</option>
                    <option value="10" selected={choice.minutes > 0}>{ "A time for each player" }</option>
                </select>
            </label>
            if choice.minutes > 0 {
                <label class="option">{ "Minutes each (1 to 90)" }
                    <input id="clock-minutes" type="number" min="1" max="90" step="1"
                        value={choice.minutes.to_string()} onchange={minutes} />
                </label>
                <label class="option">{ "Seconds added per move (0 to 60)" }
                    <input id="clock-increment" type="number" min="0" max="60" step="1"
                        value={choice.increment.to_string()} onchange={increment} />
                </label>
                { fixed::markup(r#"<p class="hint">Only people have clocks. The running clock pauses for hand-overs and the computer's turns; at zero its player loses on time.</p>"#) }
            }
        </fieldset>
    }
}
