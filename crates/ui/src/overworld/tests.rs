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
    let picker = Picker {
        purpose: Purpose::Load,
        rows: vec![row("alpha"), row("12"), row(" spaced ")],
        selected: 2,
        typed: String::new(),
        note: None,
    };
    let name = |p: &Picker| choose(p).and_then(|r| r.name);
    assert_eq!(name(&picker).as_deref(), Some(" spaced "));
    let typed = |t: &str| Picker {
        typed: t.to_string(),
        rows: picker.rows.clone(),
        ..Picker {
            purpose: Purpose::Load,
            rows: vec![],
            selected: 0,
            typed: String::new(),
            note: None,
        }
    };
    assert_eq!(name(&typed("1")).as_deref(), Some("alpha"));
    assert_eq!(name(&typed("alpha")).as_deref(), Some("alpha"));
    // A number in range picks by position, even if a world has that name.
    assert_eq!(name(&typed("2")).as_deref(), Some("12"));
    assert_eq!(name(&typed("12")).as_deref(), Some("12"));
    assert_eq!(name(&typed(" spaced ")).as_deref(), Some(" spaced "));
    assert_eq!(name(&typed("beta")), None);
}
