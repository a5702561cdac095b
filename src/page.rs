//! A game's page program, declared in one line.
//!
//! Each game has a page of its own (`klondike.html`, `phutball.html`,
//! `dominoes.html`) whose module is a small program, `src/bin/<game>.rs`:
//! `parlour::game_page!(parlour::games::KLONDIKE);`. The module carries the
//! shell, the web layer and that one game, since the program names no other.

/// Declares a game's page program for `entry` (a [`crate::games::Entry`]):
/// its `main`, which starts the full-window page, and its `mount` export for
/// host pages (README, "Embedding"). Natively the program only says where
/// it runs.
#[macro_export]
macro_rules! game_page {
    ($entry:expr) => {
        /// Puts an instance of this module's game into `element`, an HTML
        /// element in the document. `options` is a plain object
        /// `{ game, seed, options, saveKey }`, all optional. Throws an
        /// `Error` with a readable message when they are wrong; then nothing
        /// is mounted.
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn mount(
            element: wasm_bindgen::JsValue,
            options: wasm_bindgen::JsValue,
        ) -> Result<$crate::web::Parlour, wasm_bindgen::JsError> {
            $crate::web::mount($entry, element, options)
        }

        #[cfg(target_arch = "wasm32")]
        fn main() {
            $crate::web::start($entry);
        }

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {
            eprintln!(
                "this program runs only as its web page's module; the command line is `parlour`"
            );
            std::process::exit(2);
        }
    };
}
