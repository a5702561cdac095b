//! Fuzz target: `parlour::fuzzing::move_notation`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::move_notation(data));
}
