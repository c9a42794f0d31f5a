//! One folder per game: rules, notation and board view in files of their own.

pub mod stack_control;
