#![no_main]
//! cargo-fuzz target: see `torchlit_fuzz::overworld_player`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| torchlit_fuzz::overworld_player(data));
