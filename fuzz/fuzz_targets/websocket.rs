#![no_main]
//! cargo-fuzz target: see `torchlit_fuzz::websocket`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| torchlit_fuzz::websocket(data));
