//! Fuzz target: `parlour_fuzz_targets::move_notation`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::move_notation(data));
}
