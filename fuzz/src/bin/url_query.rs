//! Fuzz target: `parlour::fuzzing::url_query`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::url_query(data));
}
