//! Tests of the overworld screen.

use super::picker::choose;
use super::*;

fn row(n: &str) -> WorldRow {
    WorldRow {
        id: torchlit_save::WorldId::parse(&format!("w-{}", n.len())).expect("valid id"),
        name: Some(n.to_string()),
        seed_text: String::new(),
        last_played: 0,
        problem: None,
        ending: None,
    }
}

#[test]
fn worlds_are_chosen_by_number_or_name() {
    let rows = vec![row("alpha"), row("12"), row(" spaced ")];
    let name = |typed: &str| choose(&rows, 2, typed).and_then(|r| r.name);
    assert_eq!(name("").as_deref(), Some(" spaced "), "nothing typed: the one selected");
    assert_eq!(name("1").as_deref(), Some("alpha"));
    assert_eq!(name("alpha").as_deref(), Some("alpha"));
    // A number in range picks by position, even if a world has that name.
    assert_eq!(name("2").as_deref(), Some("12"));
    assert_eq!(name("12").as_deref(), Some("12"));
    assert_eq!(name(" spaced ").as_deref(), Some(" spaced "));
    assert_eq!(name("beta"), None);
}
