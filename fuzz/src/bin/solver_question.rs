//! Fuzz target: `parlour_fuzz_targets::solver_question`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::solver_question(data));
}
