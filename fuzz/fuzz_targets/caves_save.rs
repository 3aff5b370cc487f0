#![no_main]
//! cargo-fuzz target: see `torchlit_fuzz::caves_save`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| torchlit_fuzz::caves_save(data));
