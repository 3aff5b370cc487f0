#![no_main]
//! cargo-fuzz target: see `torchlit_fuzz::overworld_region`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| torchlit_fuzz::overworld_region(data));
