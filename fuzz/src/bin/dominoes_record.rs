//! Fuzz target: `parlour::fuzzing::dominoes_record`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::dominoes_record(data));
}
