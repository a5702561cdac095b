//! Running games for a page, above the registry: opening a game from its save
//! and the URL, URL parameters, and versioned saves in a key–value store.
//! Plain Rust, tested natively; `web/` binds it to the browser.

pub mod appearance;
pub mod aside;
pub mod events;
pub mod link;
pub mod offline;
pub mod params;
pub mod save;
pub mod session;
