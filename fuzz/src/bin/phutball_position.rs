//! Fuzz target: `parlour::fuzzing::phutball_position`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::phutball_position(data));
}
