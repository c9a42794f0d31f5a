//! The Yew app: routes, pages, shared components, [`game_view`] (what a game's view declares
//! and what its board receives: no game in it) and [`views`] (a game's view by slug).

pub mod actions;
pub mod app;
pub mod browser;
pub mod components;
pub mod fetch;
pub mod game_view;
pub mod hooks;
pub mod kit;
pub mod pages;
pub mod routes;
pub mod views;
pub mod worker;

pub use app::App;
pub use routes::Route;
