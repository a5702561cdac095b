//! Fuzz target: `parlour_fuzz_targets::save`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::save(data));
}
