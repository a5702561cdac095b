//! Fuzz target: `parlour::fuzzing::save`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::save(data));
}
