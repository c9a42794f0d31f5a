//! What a game declares for its new-game form (sides and options), what the players chose,
//! and the facts a game reports about its seats and its table while it is played.
//!
//! The UI draws the new-game form and the player cards from these declarations alone, so a
//! game adds no page code; the options notation (`Game::Options`) stays the record's contract.

use super::error::SetupError;

/// A side a seat can play: a colour, a suit, Light or Dark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side {
    /// What records store as the player's colour (e.g. `R`).
    pub letter: &'static str,
    /// Its name for people (e.g. `red`).
    pub name: &'static str,
}

/// How seats get their sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SideRule {
    /// Each seat chooses a different side from the list; by default seat `i` takes side `i`.
    Choose(Vec<Side>),
    /// Seat `i` plays side `i` of the list: the rules decide, nobody chooses.
    Fixed(Vec<Side>),
}

impl SideRule {
    /// Every side in the list.
    pub fn sides(&self) -> &[Side] {
        match self {
            SideRule::Choose(s) | SideRule::Fixed(s) => s,
        }
    }
}

/// The kind and range of one option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// One of several values: `(value, label)` pairs.
    Choice {
        /// The values and their labels, in menu order.
        choices: Vec<(&'static str, &'static str)>,
        /// The default value.
        default: &'static str,
    },
    /// On (`on`) or off (`off`).
    Switch {
        /// Whether it is on by default.
        default: bool,
    },
    /// A whole number in a range.
    Number {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// The default value.
        default: i64,
    },
}

/// One option of a game's new-game form (a variant, a board size, a match length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    /// Its key in [`SetupChoices::values`].
    pub key: &'static str,
    /// Its label on the form.
    pub label: &'static str,
    /// One sentence that says what it changes.
    pub help: &'static str,
    /// For a choice whose values each need their own words: one sentence per value, in menu
    /// order, shown instead of `help` while that value is chosen ([`OptionSpec::help_for`]);
    /// empty otherwise.
    pub helps: &'static [&'static str],
    /// Its kind, range and default.
    pub kind: OptionKind,
}

impl OptionSpec {
    /// The default value, as the form and [`SetupChoices`] carry it.
    pub fn default_value(&self) -> String {
        match &self.kind {
            OptionKind::Choice { default, .. } => (*default).to_string(),
            OptionKind::Switch { default } => if *default { "on" } else { "off" }.to_string(),
            OptionKind::Number { default, .. } => default.to_string(),
        }
    }

    /// What the form says under the option while `value` is chosen: that value's own
    /// sentence ([`OptionSpec::helps`]), else [`OptionSpec::help`].
    pub fn help_for(&self, value: &str) -> &'static str {
        match &self.kind {
            OptionKind::Choice { choices, .. } => choices
                .iter()
                .position(|(v, _)| *v == value)
                .and_then(|i| self.helps.get(i).copied())
                .unwrap_or(self.help),
            _ => self.help,
        }
    }

    /// Whether `value` is one this option takes.
    pub fn accepts(&self, value: &str) -> bool {
        match &self.kind {
            OptionKind::Choice { choices, .. } => choices.iter().any(|(v, _)| *v == value),
            OptionKind::Switch { .. } => value == "on" || value == "off",
            // Canonical decimal only ("3", not "+3" or "03"): the value is notation too.
            OptionKind::Number { min, max, .. } => value
                .parse::<i64>()
                .is_ok_and(|n| (*min..=*max).contains(&n) && n.to_string() == value),
        }
    }

    /// Every value it takes (a number range in full), for exhaustive and random checks.
    pub fn values(&self) -> Vec<String> {
        match &self.kind {
            OptionKind::Choice { choices, .. } => {
                choices.iter().map(|(v, _)| (*v).to_string()).collect()
            }
            OptionKind::Switch { .. } => vec!["off".into(), "on".into()],
            OptionKind::Number { min, max, .. } => (*min..=*max).map(|n| n.to_string()).collect(),
        }
    }
}

/// The new-game form of a game for a number of players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupForm {
    /// How seats get their sides.
    pub sides: SideRule,
    /// The game's options, in form order.
    pub options: Vec<OptionSpec>,
}

impl SetupForm {
    /// The choices that leave everything at its default for `players` seats.
    pub fn defaults(&self, players: usize) -> SetupChoices {
        SetupChoices {
            sides: self
                .sides
                .sides()
                .iter()
                .take(players)
                .map(|s| s.letter.to_string())
                .collect(),
            values: self
                .options
                .iter()
                .map(|o| (o.key.to_string(), o.default_value()))
                .collect(),
        }
    }

    /// Checks `choices` against the form: one known side per seat (different sides where
    /// seats choose, the fixed ones where they do not) and a known value for every option.
    ///
    /// # Errors
    /// A sentence that says what is wrong.
    pub fn check(&self, players: usize, choices: &SetupChoices) -> Result<(), SetupError> {
        if choices.sides.len() != players {
            return Err(SetupError(format!(
                "{} sides for {players} players",
                choices.sides.len()
            )));
        }
        let sides = self.sides.sides();
        let name = |letter: &str| {
            sides
                .iter()
                .find(|s| s.letter == letter)
                .map(|s| s.name)
                .ok_or_else(|| {
                    SetupError(format!("\"{}\" is not a side of this game", short(letter)))
                })
        };
        for (seat, letter) in choices.sides.iter().enumerate() {
            let side = name(letter)?;
            match &self.sides {
                SideRule::Fixed(fixed) if fixed.get(seat).map(|s| s.letter) != Some(letter) => {
                    return Err(SetupError(format!("seat {} cannot play {side}", seat + 1)))
                }
                _ => {}
            }
            if choices.sides[..seat].contains(letter) {
                return Err(SetupError(format!("two players cannot both play {side}")));
            }
        }
        for spec in &self.options {
            match choices.value(spec.key) {
                Some(v) if spec.accepts(v) => {}
                Some(v) => {
                    return Err(SetupError(format!(
                        "\"{}\" is not a value of {}",
                        short(v),
                        spec.label
                    )))
                }
                None => return Err(SetupError(format!("{} is not set", spec.label))),
            }
        }
        for (i, (key, _)) in choices.values.iter().enumerate() {
            if choices.values[..i].iter().any(|(k, _)| k == key) {
                return Err(SetupError(format!("\"{}\" is set twice", short(key))));
            }
        }
        if let Some((key, _)) = choices
            .values
            .iter()
            .find(|(k, _)| !self.options.iter().any(|o| o.key == k))
        {
            return Err(SetupError(format!(
                "\"{}\" is not an option of this game",
                short(key)
            )));
        }
        Ok(())
    }
}

/// What the players chose on the new-game form.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetupChoices {
    /// Each seat's side, by its letter, in seat order (its length is the player count).
    pub sides: Vec<String>,
    /// Each option's value by key (`on`/`off` for switches, decimal for numbers).
    pub values: Vec<(String, String)>,
}

impl SetupChoices {
    /// The value chosen for option `key`.
    pub fn value(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Whether switch `key` is on.
    pub fn is_on(&self, key: &str) -> bool {
        self.value(key) == Some("on")
    }
}

/// One fact shown about a seat or the table ("reserve" 5, "round" 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    /// What it is, in a few words.
    pub label: String,
    /// Its value, in a few words.
    pub value: String,
}

impl Fact {
    /// A fact from anything printable.
    pub fn new(label: impl Into<String>, value: impl ToString) -> Self {
        Fact {
            label: label.into(),
            value: value.to_string(),
        }
    }
}

/// What a player's card shows about one seat, as a viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatCard {
    /// The seat's side in the game's words ("scores red", "Light", "red and yellow").
    pub side: String,
    /// Its live score, where the game keeps one.
    pub score: Option<i64>,
    /// Whether the seat is out of the game.
    pub out: bool,
    /// Whatever else the game reports: stash, reserve, pieces off, round and match score.
    pub facts: Vec<Fact>,
}

fn short(s: &str) -> String {
    s.chars().take(24).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIDES: [Side; 3] = [
        Side {
            letter: "R",
            name: "red",
        },
        Side {
            letter: "B",
            name: "blue",
        },
        Side {
            letter: "G",
            name: "green",
        },
    ];

    fn form(rule: SideRule) -> SetupForm {
        SetupForm {
            sides: rule,
            options: vec![
                OptionSpec {
                    key: "size",
                    label: "Board size",
                    help: "",
                    helps: &[],
                    kind: OptionKind::Number {
                        min: 3,
                        max: 5,
                        default: 3,
                    },
                },
                OptionSpec {
                    key: "wild",
                    label: "Wild",
                    help: "",
                    helps: &[],
                    kind: OptionKind::Switch { default: false },
                },
            ],
        }
    }

    #[test]
    fn defaults_pass_their_own_check() {
        let f = form(SideRule::Choose(SIDES.to_vec()));
        let d = f.defaults(2);
        assert_eq!(d.sides, vec!["R", "B"]);
        assert_eq!(d.value("size"), Some("3"));
        assert!(!d.is_on("wild"));
        assert_eq!(f.check(2, &d), Ok(()));
    }

    #[test]
    fn check_refuses_what_the_form_does_not_offer() {
        let f = form(SideRule::Choose(SIDES.to_vec()));
        let mut c = f.defaults(2);
        c.sides[1] = "R".into();
        assert!(f
            .check(2, &c)
            .unwrap_err()
            .0
            .contains("two players cannot both play red"));
        let mut c = f.defaults(2);
        c.sides[1] = "Q".into();
        assert!(f.check(2, &c).is_err());
        assert!(f.check(3, &f.defaults(2)).is_err());
        let mut c = f.defaults(2);
        c.values[0].1 = "6".into();
        assert!(f.check(2, &c).unwrap_err().0.contains("Board size"));
        let mut c = f.defaults(2);
        c.values.push(("colour".into(), "x".into()));
        assert!(f.check(2, &c).is_err());
        let mut c = f.defaults(2);
        c.values.push(("size".into(), "4".into()));
        assert!(f.check(2, &c).unwrap_err().0.contains("set twice"));
        assert!(!f.options[0].accepts("+3") && !f.options[0].accepts("03"));
        let mut c = f.defaults(2);
        c.values.remove(1);
        assert!(f.check(2, &c).unwrap_err().0.contains("not set"));
        let fixed = form(SideRule::Fixed(SIDES.to_vec()));
        let mut c = fixed.defaults(2);
        assert_eq!(fixed.check(2, &c), Ok(()));
        c.sides.swap(0, 1);
        assert!(fixed.check(2, &c).is_err());
    }

    #[test]
    fn a_choice_may_say_what_each_value_means() {
        let spec = OptionSpec {
            key: "match",
            label: "Game",
            help: "How the match is played.",
            helps: &["Several rounds.", "One round."],
            kind: OptionKind::Choice {
                choices: vec![("14", "first to 14"), ("1", "one round")],
                default: "14",
            },
        };
        assert_eq!(spec.help_for("14"), "Several rounds.");
        assert_eq!(spec.help_for("1"), "One round.");
        assert_eq!(spec.help_for("x"), "How the match is played.");
        let one = OptionSpec { helps: &[], ..spec };
        assert_eq!(one.help_for("1"), "How the match is played.");
        assert_eq!(
            form(SideRule::Fixed(SIDES.to_vec())).options[0].help_for("4"),
            ""
        );
    }

    #[test]
    fn option_values_cover_their_range() {
        let f = form(SideRule::Fixed(SIDES.to_vec()));
        assert_eq!(f.options[0].values(), vec!["3", "4", "5"]);
        assert!(f.options[1].accepts("on") && !f.options[1].accepts("yes"));
    }
}
