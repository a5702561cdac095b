//! Fuzz target: `parlour_fuzz_targets::phutball_record`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::phutball_record(data));
}
