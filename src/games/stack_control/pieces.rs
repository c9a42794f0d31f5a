//! Stack Control's pieces: colours, sizes, pyramids and stacks.

/// The colours seats take by default, in seat order (the new-game form's order too).
pub(super) const SEAT_ORDER: [Colour; 5] = [
    Colour::Red,
    Colour::Blue,
    Colour::Yellow,
    Colour::Green,
    Colour::Black,
];

/// The five pyramid colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Red (R).
    Red,
    /// Yellow (Y).
    Yellow,
    /// Green (G).
    Green,
    /// Blue (B).
    Blue,
    /// Black (K).
    Black,
}

/// All colours, in notation order.
pub const COLOURS: [Colour; 5] = [
    Colour::Red,
    Colour::Yellow,
    Colour::Green,
    Colour::Blue,
    Colour::Black,
];

/// How many pyramids of each colour and size start on the board (four trios per colour).
pub const PYRAMIDS_PER_KIND: u8 = 4;

impl Colour {
    /// The colour's notation letter.
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::Green => 'G',
            Colour::Blue => 'B',
            Colour::Black => 'K',
        }
    }

    /// The colour's notation letter as a string.
    pub const fn letter_str(self) -> &'static str {
        match self {
            Colour::Red => "R",
            Colour::Yellow => "Y",
            Colour::Green => "G",
            Colour::Blue => "B",
            Colour::Black => "K",
        }
    }

    /// The colour for a notation letter (either case).
    pub fn from_letter(c: char) -> Option<Colour> {
        COLOURS
            .into_iter()
            .find(|col| col.letter() == c.to_ascii_uppercase())
    }

    /// The colour's English name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Black => "black",
        }
    }

    /// Index in [`COLOURS`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Pyramid sizes; the value is the pip count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// Small, 1 pip.
    Pawn = 1,
    /// Medium, 2 pips.
    Drone = 2,
    /// Large, 3 pips.
    Queen = 3,
}

impl Size {
    /// All sizes, small to large.
    pub const ALL: [Size; 3] = [Size::Pawn, Size::Drone, Size::Queen];

    /// Pip count, 1 to 3.
    pub const fn pips(self) -> u8 {
        self as u8
    }

    /// The size with this pip count.
    pub fn from_pips(p: u8) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.pips() == p)
    }

    /// The piece's name.
    pub const fn name(self) -> &'static str {
        match self {
            Size::Pawn => "pawn",
            Size::Drone => "drone",
            Size::Queen => "queen",
        }
    }
}

/// One pyramid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pyramid {
    /// Its colour.
    pub colour: Colour,
    /// Its size.
    pub size: Size,
}

impl Pyramid {
    /// Its name for people: "red queen".
    pub fn name(self) -> String {
        format!("{} {}", self.colour.name(), self.size.name())
    }
}

/// The most pyramids a stack can hold: two of each size, since a third of a size is
/// captured as soon as it lands.
pub const STACK_MOST: usize = 6;

/// One square's stack, bottom to top, kept in place (a position is copied at every step of
/// the computer's playouts, and a board of lists would be 64 allocations a copy).
#[derive(Debug, Clone, Copy)]
pub(super) struct Stack {
    pub(super) len: u8,
    pub(super) items: [Pyramid; STACK_MOST],
}

impl Stack {
    /// No pyramid.
    pub(super) const EMPTY: Stack = Stack {
        len: 0,
        items: [Pyramid {
            colour: Colour::Red,
            size: Size::Pawn,
        }; STACK_MOST],
    };

    /// These pyramids, bottom to top, or `None` when they are more than [`STACK_MOST`].
    pub(super) fn from_slice(pyramids: &[Pyramid]) -> Option<Stack> {
        let mut stack = Stack::EMPTY;
        stack
            .items
            .get_mut(..pyramids.len())?
            .copy_from_slice(pyramids);
        stack.len = pyramids.len() as u8;
        Some(stack)
    }

    /// Its pyramids, bottom to top.
    pub(super) fn as_slice(&self) -> &[Pyramid] {
        &self.items[..usize::from(self.len)]
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn top(&self) -> Option<&Pyramid> {
        self.as_slice().last()
    }
}

impl PartialEq for Stack {
    fn eq(&self, other: &Stack) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Stack {}
