//! Fuzz target: `parlour_fuzz_targets::link`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::link(data));
}
