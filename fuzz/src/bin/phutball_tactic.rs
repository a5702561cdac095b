//! Fuzz target: `parlour_fuzz_targets::phutball_tactic`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::phutball_tactic(data));
}
