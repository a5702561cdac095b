//! Fuzz target: `parlour::fuzzing::phutball_record`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::phutball_record(data));
}
