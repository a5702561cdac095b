//! Fuzz target: `parlour::fuzzing::klondike_deal`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour::fuzzing::klondike_deal(data));
}
