//! Components shared by pages.

pub mod board_props;
pub mod move_list;
pub mod status;
