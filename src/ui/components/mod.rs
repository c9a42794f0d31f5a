//! Components shared by pages.

pub mod dead_end;
pub mod move_list;
pub mod status;
