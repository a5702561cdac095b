//! Small helpers that std does not have, or has at a size cost the web build
//! measures (see the README's size table).

pub mod digest_set;
pub mod fast_hash;
pub mod rng;
pub mod sort;
pub mod string_map;
pub mod text_lines;
