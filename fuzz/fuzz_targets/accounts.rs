#![no_main]
//! cargo-fuzz target: see `torchlit_fuzz::accounts`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| torchlit_fuzz::accounts(data));
