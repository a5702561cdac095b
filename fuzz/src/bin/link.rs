//! Fuzz target: `parlour::fuzzing::link`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::link(data));
}
