//! Fuzz target: `parlour_fuzz_targets::klondike_deal`.
fn main() {
    afl::fuzz!(|data: &[u8]| parlour_fuzz_targets::klondike_deal(data));
}
