//! Fuzz target: `parlour_fuzz_targets::dominoes_position`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::dominoes_position(data));
}
