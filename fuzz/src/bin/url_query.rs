//! Fuzz target: `parlour_fuzz_targets::url_query`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::url_query(data));
}
