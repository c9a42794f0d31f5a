//! The Yew app: routes, pages, shared components, and the one place that knows which board
//! view draws which game.

pub mod actions;
pub mod app;
pub mod browser;
pub mod components;
pub mod game_views;
pub mod hooks;
pub mod pages;
pub mod routes;

pub use app::App;
pub use routes::Route;
