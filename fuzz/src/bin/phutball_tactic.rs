//! Fuzz target: `parlour::fuzzing::phutball_tactic`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::phutball_tactic(data));
}
