//! Fuzz target: `parlour::fuzzing::dominoes_position`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::dominoes_position(data));
}
