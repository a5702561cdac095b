//! Fuzz target: `parlour::fuzzing::solver_question`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::solver_question(data));
}
