//! Components shared by pages.

pub mod board_props;
pub mod dead_end;
pub mod move_list;
pub mod status;
