//! `#/new/<slug>`: players, names, sides and the game's options; then play. The form is drawn
//! from what the game declares (`SetupForm`): no game has code here.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::ui::kit::fixed;

use crate::core::{OptionKind, OptionSpec, SetupChoices, SetupForm, Side, SideRule, Strength};
use crate::record::PlayerInfo;
use crate::registry;
use crate::session::capitalised;
use crate::ui::actions::start_new_game;
use crate::ui::components::dead_end::dead_end;
use crate::ui::hooks::use_value;
use crate::ui::pages::new_game_table::{table_fields, TableChoice};
use crate::ui::views;

/// Props of [`NewGame`].
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The saved games.
    pub store: crate::storage::store::Store,
    /// The game's slug.
    pub slug: String,
}

pub(super) fn input_value(e: &Event) -> String {
    e.target()
        .and_then(|t| {
            t.clone()
                .dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| {
                    if i.type_() == "checkbox" {
                        if i.checked() { "on" } else { "off" }.to_string()
                    } else {
                        i.value()
                    }
                })
                .or_else(|_| {
                    t.dyn_into::<web_sys::HtmlSelectElement>()
                        .map(|s| s.value())
                })
                .ok()
        })
        .unwrap_or_default()
}

/// What the form holds: names and chosen sides for every possible seat, and option values.
#[derive(Debug, Clone, PartialEq)]
struct Choices {
    names: Vec<String>,
    /// The side each seat chose, where seats choose.
    sides: Vec<String>,
    /// Which seats the computer plays, and how hard it thinks.
    computers: Vec<Option<Strength>>,
    values: Vec<(String, String)>,
}

impl Choices {
    fn value(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn set(&mut self, key: &str, value: String) {
        match self.values.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.values.push((key.to_string(), value)),
        }
    }

    /// What goes to the game: the form's choices for `players` seats, each option at the
    /// value picked (or its default when it has none that fits).
    fn for_form(&self, form: &SetupForm, players: usize) -> SetupChoices {
        let sides = match &form.sides {
            SideRule::Fixed(fixed) => fixed
                .iter()
                .take(players)
                .map(|s| s.letter.to_string())
                .collect(),
            SideRule::Choose(offered) => (0..players)
                .map(|i| chosen_side(&self.sides, offered, i))
                .collect(),
        };
        let values = form
            .options
            .iter()
            .map(|o| (o.key.to_string(), shown_value(o, self.value(o.key))))
            .collect();
        SetupChoices { sides, values }
    }
}

/// The value an option's input holds: what was picked, or the default when nothing fits. A
/// number is passed on as typed, so a value out of range is refused with a message rather
/// than replaced without a word.
fn shown_value(spec: &OptionSpec, picked: Option<&str>) -> String {
    match (picked, &spec.kind) {
        (Some(v), OptionKind::Number { .. }) => v.trim().to_string(),
        (Some(v), _) if spec.accepts(v) => v.to_string(),
        _ => spec.default_value(),
    }
}

/// Seat `i`'s side where seats choose: the one picked if the form offers it, else the `i`-th
/// side offered (what the menu then shows).
fn chosen_side(picked: &[String], offered: &[Side], i: usize) -> String {
    picked
        .get(i)
        .filter(|p| offered.iter().any(|s| s.letter == p.as_str()))
        .cloned()
        .or_else(|| offered.get(i).map(|s| s.letter.to_string()))
        .unwrap_or_default()
}

/// One option's input, drawn from its declaration.
fn option_input(spec: &OptionSpec, value: &str, on_change: Callback<(String, String)>) -> Html {
    let key = spec.key.to_string();
    let onchange = Callback::from(move |e: Event| on_change.emit((key.clone(), input_value(&e))));
    let id = format!("option-{}", spec.key);
    let input = match &spec.kind {
        OptionKind::Choice { choices, .. } => html! {
            <select id={id.clone()} {onchange}>
                { for choices.iter().map(|(v, label)| html! {
                    <option value={v.to_string()} selected={*v == value}>{ label.to_string() }</option>
                }) }
            </select>
        },
        OptionKind::Switch { .. } => html! {
            <input id={id.clone()} type="checkbox" checked={value == "on"} {onchange} />
        },
        OptionKind::Number { min, max, .. } => html! {
            <input id={id.clone()} type="number" min={min.to_string()} max={max.to_string()} step="1"
                value={value.to_string()} {onchange} />
        },
    };
    html! {
        <div class="option">
            <label for={id}>{ spec.label }</label>
            { input }
            <p class="hint">{ spec.help_for(value) }</p>
        </div>
    }
}

/// The new-game page.
#[component]
pub fn NewGame(props: &NewGameProps) -> Html {
    let entry = registry::find(&props.slug).ok();
    let min_players = entry.map_or(2, |e| e.info().min_players);
    let count = use_value(|| min_players);
    let choices = use_value(|| {
        // Where seats choose, seat `i` starts on the `i`-th side the game offers.
        let sides = entry
            .and_then(|e| e.setup_form(e.info().max_players).ok())
            .map(|f| {
                f.sides
                    .sides()
                    .iter()
                    .map(|s| s.letter.to_string())
                    .collect()
            })
            .unwrap_or_default();
        Choices {
            names: (1..=entry.map_or(0, |e| e.info().max_players))
                .map(|i| format!("Player {i}"))
                .collect(),
            sides,
            computers: Vec::new(),
            values: Vec::new(),
        }
    });
    let error = use_value(|| None::<String>);
    let starting = use_value(|| false);
    let table = use_value(TableChoice::default);
    let Some(entry) = entry else {
        return dead_end(
            "No such game",
            format!("There is no game called \"{}\".", props.slug),
        );
    };
    let info = entry.info();
    let form = match entry.setup_form(*count) {
        Ok(form) => form,
        Err(e) => return dead_end("This game cannot be set up", capitalised(&e.to_string())),
    };
    let edit = {
        let choices = choices.clone();
        let error = error.clone();
        move |change: Box<dyn Fn(&mut Choices)>| {
            error.set(None);
            let mut next = (*choices).clone();
            change(&mut next);
            choices.set(next);
        }
    };
    let on_count = {
        let count = count.clone();
        let error = error.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = input_value(&e)
                .parse::<usize>()
                .ok()
                .filter(|n| (info.min_players..=info.max_players).contains(n))
            {
                count.set(n);
                error.set(None);
            }
        })
    };
    let on_option = {
        let edit = edit.clone();
        Callback::from(move |(key, value): (String, String)| {
            edit(Box::new(move |c| c.set(&key, value.clone())));
        })
    };
    let rows = (0..*count).map(|i| {
        let on_name = {
            let edit = edit.clone();
            Callback::from(move |e: Event| {
                let name = input_value(&e);
                edit(Box::new(move |c| {
                    if let Some(slot) = c.names.get_mut(i) {
                        *slot = name.clone();
                    }
                }));
            })
        };
        let side = match &form.sides {
            SideRule::Fixed(fixed) => {
                let side = fixed.get(i).copied();
                let letter = side.map_or("", |s| s.letter);
                let paint = views::paint(&props.slug, letter);
                html! {
                    <span class="side">
                        <span class="chip" aria-hidden="true" style={format!("background:{};color:{}", paint.fill, paint.ink)}>{ letter }</span>
                        { format!(" plays {}", side.map_or("", |s| s.name)) }
                    </span>
                }
            }
            SideRule::Choose(sides) => {
                let current = chosen_side(&choices.sides, sides, i);
                let on_side = {
                    let edit = edit.clone();
                    Callback::from(move |e: Event| {
                        let side = input_value(&e);
                        edit(Box::new(move |c| {
                            if let Some(slot) = c.sides.get_mut(i) {
                                *slot = side.clone();
                            }
                        }));
                    })
                };
                let paint = views::paint(&props.slug, &current);
                html! {
                    <>
                        <label>{ "Colour " }
                            <select onchange={on_side}>
                                { for sides.iter().map(|s| html! {
                                    <option value={s.letter} selected={s.letter == current}>{ s.name }</option>
                                }) }
                            </select>
                        </label>
                        <span class="chip" aria-hidden="true" style={format!("background:{};color:{}", paint.fill, paint.ink)}>{ current.clone() }</span>
                    </>
                }
            }
        };
        let computer = choices.computers.get(i).copied().flatten();
        let on_player = {
            let edit = edit.clone();
            Callback::from(move |e: Event| {
                let picked = Strength::from_label(&input_value(&e));
                edit(Box::new(move |c| {
                    if c.computers.len() <= i {
                        c.computers.resize(i + 1, None);
                    }
                    c.computers[i] = picked;
                }));
            })
        };
        html! {
            <fieldset class="seat">
                <legend>{ format!("Seat {}", i + 1) }</legend>
                <label>{ "Name " }<input type="text" maxlength="40" value={choices.names.get(i).cloned().unwrap_or_default()} onchange={on_name} /></label>
                { side }
                <label>{ "Played by " }
                    <select class="played-by" onchange={on_player}>
                        <option value="person" selected={computer.is_none()}>{ "a person" }</option>
                        { for Strength::ALL.iter().map(|s| html! {
                            <option value={s.label()} selected={computer == Some(*s)}>{ format!("the computer, {}", s.label()) }</option>
                        }) }
                    </select>
                </label>
            </fieldset>
        }
    });
    let options = form.options.iter().map(|spec| {
        option_input(
            spec,
            &shown_value(spec, choices.value(spec.key)),
            on_option.clone(),
        )
    });
    let on_start = {
        let choices = choices.clone();
        let count = *count;
        let error = error.clone();
        let slug = props.slug.clone();
        let store = props.store.clone();
        let starting = starting.clone();
        let form = form.clone();
        let table = *table;
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if *starting {
                return; // a double click starts one game, not two
            }
            let names: Vec<String> = choices
                .names
                .iter()
                .take(count)
                .map(|n| n.trim().to_string())
                .collect();
            if let Some(p) = names.iter().position(String::is_empty) {
                error.set(Some(format!("Seat {} needs a name.", p + 1)));
                return;
            }
            for (p, name) in names.iter().enumerate() {
                if let Err(why) = crate::record::check_name(name) {
                    error.set(Some(format!("The name of seat {} {why}.", p + 1)));
                    return;
                }
            }
            let picked = choices.for_form(&form, count);
            let players: Vec<PlayerInfo> = names
                .into_iter()
                .zip(&picked.sides)
                .enumerate()
                .map(|(i, (name, colour))| PlayerInfo {
                    name,
                    colour: colour.clone(),
                    computer: choices.computers.get(i).copied().flatten(),
                })
                .collect();
            starting.set(true);
            let result = entry
                .options_from(&picked)
                .map_err(|e| match e {
                    crate::core::ApiError::Setup(e) => capitalised(&e.0),
                    e => capitalised(&e.to_string()),
                })
                .and_then(|options| start_new_game(&store, (&slug, &options, players), table));
            if let Err(why) = result {
                starting.set(false);
                error.set(Some(why));
            }
        })
    };
    let people: Vec<String> = (0..*count)
        .filter(|&i| choices.computers.get(i).copied().flatten().is_none())
        .map(|i| choices.names.get(i).cloned().unwrap_or_default())
        .collect();
    html! {
        <section class="page new-game">
            <h1>{ format!("New game of {}", info.name) }</h1>
            <form onsubmit={on_start}>
                if info.min_players != info.max_players {
                    <label>{ "Players " }
                        <select id="player-count" onchange={on_count}>
                            { for (info.min_players..=info.max_players).map(|n| html! {
                                <option value={n.to_string()} selected={n == *count}>{ n }</option>
                            }) }
                        </select>
                    </label>
                }
                { for rows }
                if !form.options.is_empty() {
                    <fieldset class="options">
                        { fixed::markup("<legend>Options</legend>") }
                        { for options }
                    </fieldset>
                }
                { table_fields(*table, &people, &table.setter()) }
                <p class="hint">{ views::setup_hint(&props.slug) }</p>
                if let Some(e) = &*error { <p class="error" role="alert">{ e.clone() }</p> }
                <button type="submit" class="primary" id="start-game" disabled={*starting}>{ "Start the game" }</button>
            </form>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Side;

    const SIDES: [Side; 2] = [
        Side {
            letter: "L",
            name: "Light",
        },
        Side {
            letter: "D",
            name: "Dark",
        },
    ];

    fn form(sides: SideRule) -> SetupForm {
        SetupForm {
            sides,
            options: vec![OptionSpec {
                key: "side",
                label: "Board side",
                help: "",
                helps: &[],
                kind: OptionKind::Number {
                    min: 3,
                    max: 5,
                    default: 3,
                },
            }],
        }
    }

    fn choices(sides: &[&str], values: &[(&str, &str)]) -> Choices {
        Choices {
            names: vec!["A".into(); 5],
            sides: sides.iter().map(|s| (*s).to_string()).collect(),
            computers: Vec::new(),
            values: values
                .iter()
                .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
                .collect(),
        }
    }

    #[test]
    fn fixed_sides_ignore_what_the_form_remembers() {
        let picked = choices(&["D", "D"], &[]).for_form(&form(SideRule::Fixed(SIDES.to_vec())), 2);
        assert_eq!(picked.sides, vec!["L", "D"]);
        assert_eq!(
            picked.value("side"),
            Some("3"),
            "an unset option takes its default"
        );
    }

    #[test]
    fn chosen_sides_and_values_are_passed_on_and_bad_values_fall_back() {
        let f = form(SideRule::Choose(SIDES.to_vec()));
        let picked = choices(&["D", "L"], &[("side", "5")]).for_form(&f, 2);
        assert_eq!(picked.sides, vec!["D", "L"]);
        assert_eq!(picked.value("side"), Some("5"));
        assert_eq!(f.check(2, &picked), Ok(()));
        // A number out of range is passed on, for the form's check to refuse with a message.
        let picked = choices(&["D", "L"], &[("side", "9"), ("old", "x")]).for_form(&f, 2);
        assert_eq!(picked.values, vec![("side".to_string(), "9".to_string())]);
        assert!(f.check(2, &picked).is_err());
        // A side the form does not offer becomes the seat's default one.
        let picked = choices(&["Q", "L"], &[]).for_form(&f, 2);
        assert_eq!(picked.sides, vec!["L", "L"]);
    }
}
