//! Tests of the caves screen.

use super::*;

#[test]
fn wrapping_keeps_words_whole() {
    assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
    assert!(wrap("", 5).is_empty());
}
