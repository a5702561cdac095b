//! Small helpers that std does not have, or has at a size cost the web build
//! measures (see the README's size table).

pub use parlour_kit::{digest_set, fast_hash, rng, sort, text_lines};
pub mod string_map;
