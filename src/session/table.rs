//! Where the people sit around the device, and which way the board faces.
//!
//! All on one side (the default) nothing turns. Around the device, the people take its sides
//! in turn order, clockwise as seen from above: two sit across from each other (bottom, top);
//! three take the bottom, the left and the top; four every side; a fifth shares the bottom
//! with the first. On each person's turn the page turns to face them: 180° for the top (the
//! board then stays where it lies, its words and pieces turned to them), 90° for a side.
//! Computers have no place at the table: while one is to move (and once the game is over) the
//! board stays with the last person who moved. "Flip" turns the board alone by a further half
//! turn, for someone looking at it from the other side.

use super::Session;
use crate::core::{Seat, Viewer};

/// A side of the device, as seen by the person at the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The near edge: nothing turns.
    Bottom,
    /// The left edge: a quarter turn clockwise.
    Left,
    /// The far edge: a half turn.
    Top,
    /// The right edge: a quarter turn anticlockwise.
    Right,
}

impl Side {
    /// How far the page turns to face this side, clockwise, in degrees (CSS `rotate`).
    pub fn degrees(self) -> i32 {
        match self {
            Side::Bottom => 0,
            Side::Left => 90,
            Side::Top => 180,
            Side::Right => -90,
        }
    }

    /// Where a person sits, for "pass the device to Bo, …".
    pub fn words(self) -> &'static str {
        match self {
            Side::Bottom => "at the bottom edge",
            Side::Left => "on the left",
            Side::Top => "across the table (the top edge)",
            Side::Right => "on the right",
        }
    }

    /// Whether facing this side turns the page a quarter (its width and height swap).
    pub fn sideways(self) -> bool {
        matches!(self, Side::Left | Side::Right)
    }
}

/// The sides `people` people take around the device, in turn order.
pub fn sides(people: usize) -> Vec<Side> {
    let order: &[Side] = match people {
        0 | 1 => &[Side::Bottom],
        2 => &[Side::Bottom, Side::Top],
        3 => &[Side::Bottom, Side::Left, Side::Top],
        _ => &[
            Side::Bottom,
            Side::Left,
            Side::Top,
            Side::Right,
            Side::Bottom,
        ],
    };
    order.iter().copied().take(people.max(1)).collect()
}

impl Session {
    /// Where `seat` sits when the people sit around the device (`None`: a computer's seat, or
    /// everyone on one side).
    pub fn side_of(&self, seat: Seat) -> Option<Side> {
        if !self.table().around {
            return None;
        }
        let people = self.people();
        let place = people.iter().position(|&s| s == seat)?;
        sides(people.len()).get(place).copied()
    }

    /// The seat the page faces now: the person to move, else the person holding the device
    /// (a game with hidden information), else the last person who moved before the board's
    /// position, else the first person.
    pub fn facing_seat(&self) -> Option<Seat> {
        let people = self.people();
        let person = |s: &Seat| people.contains(s);
        if let Some(seat) = self.shown().to_move().filter(person) {
            return Some(seat);
        }
        if let Viewer::Seat(seat) = self.viewer() {
            return Some(seat);
        }
        (0..self.cursor())
            .rev()
            .filter_map(|i| self.line.mover(i))
            .find(person)
            .or_else(|| people.first().copied())
    }

    /// The side the page faces now ([`Side::Bottom`] when nothing turns).
    pub fn facing(&self) -> Side {
        self.facing_seat()
            .and_then(|s| self.side_of(s))
            .unwrap_or(Side::Bottom)
    }

    /// Whether the board is drawn a half turn round within the page: when someone asked
    /// (Flip), or when the page faces the top edge. Then the board itself stays where it
    /// lies on the table while its words and pieces turn to the person across it, so each
    /// player's own side stays by them (Evade's row 6 by the player who starts there), as
    /// over a real board; a Flip on top of that turns it round again.
    pub fn board_flipped(&self) -> bool {
        let across = self.table().around && self.facing() == Side::Top;
        self.table().flipped != across
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::{sides, Side};
    use crate::core::Strength;
    use crate::session::clock_tests::game;
    use crate::storage::TableSettings;

    /// Plays the first legal move.
    fn play(s: &mut crate::session::Session) {
        let mv = s.shown().legal_moves()[0].clone();
        s.play(&mv, 0.0).unwrap();
    }

    #[test]
    fn the_page_faces_each_person_around_the_device_and_stays_for_the_computer() {
        // Three people and a computer: the people sit at the bottom, the left and the top.
        let robot = Some(Strength::Quick);
        let mut s = game("stack-control", &[None, None, robot, None], None);
        assert_eq!(s.facing(), Side::Bottom, "one side: nothing turns");
        s.set_table(TableSettings {
            around: true,
            flipped: false,
        });
        assert_eq!(
            (0..4).map(|seat| s.side_of(seat)).collect::<Vec<_>>(),
            vec![Some(Side::Bottom), Some(Side::Left), None, Some(Side::Top)]
        );
        let mut seen = Vec::new();
        for _ in 0..8 {
            let mover = s.shown().to_move().unwrap();
            let expected = match s.side_of(mover) {
                Some(side) => side,
                // The computer's turn: the page stays with the last person who moved.
                None => s
                    .side_of(s.timeline().mover(s.cursor() - 1).unwrap())
                    .unwrap(),
            };
            assert_eq!(s.facing(), expected, "seat {mover} to move");
            seen.push(s.facing());
            play(&mut s);
        }
        assert!(seen.contains(&Side::Left) && seen.contains(&Side::Top));
    }

    #[test]
    fn the_hand_off_names_where_the_next_person_sits() {
        let mut s = game("evade", &[None, None], None);
        s.set_table(TableSettings {
            around: true,
            flipped: false,
        });
        let seat = s.handoff().unwrap();
        assert_eq!(s.side_of(seat), Some([Side::Bottom, Side::Top][seat]));
        s.confirm_handoff();
        assert_eq!(s.facing(), [Side::Bottom, Side::Top][seat]);
        // The board stays where it lies for the person across it: their row by them.
        assert_eq!(s.board_flipped(), seat == 1);
        s.set_table(TableSettings {
            around: true,
            flipped: true,
        });
        assert_eq!(s.board_flipped(), seat == 0);
    }

    #[test]
    fn people_take_the_sides_in_turn_order() {
        use Side::{Bottom, Left, Right, Top};
        assert_eq!(sides(1), vec![Bottom]);
        assert_eq!(sides(2), vec![Bottom, Top]);
        assert_eq!(sides(3), vec![Bottom, Left, Top]);
        assert_eq!(sides(4), vec![Bottom, Left, Top, Right]);
        assert_eq!(sides(5), vec![Bottom, Left, Top, Right, Bottom]);
        assert_eq!(Top.degrees(), 180);
        assert!(Left.sideways() && Right.sideways() && !Top.sideways());
    }
}
