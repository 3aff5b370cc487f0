//! English for messages: second-person sentences ("You hit the bat." / "The bat bites
//! you."), articles and capitals. Only the screens word things, so this lives in ui, not
//! in the pure game (`torchlit-sim` sends events, never text).
//!
//! Trystan's roguelike tutorial (2011, part 06) words every action from the player's
//! point of view: the player is "you" with the bare verb, anyone else is "the `name`" with the
//! verb in the third person.

/// Who a message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noun<'a> {
    /// The player: "you".
    You,
    /// A creature or thing by name, definite: "the bat".
    The(&'a str),
    /// A thing by name, indefinite: "a rock", "an apple" (see [`indefinite`]).
    A(&'a str),
    /// Something the player owns: "your dagger".
    Your(&'a str),
}

impl Noun<'_> {
    fn subject(self) -> String {
        capitalize(&self.object())
    }

    fn object(self) -> String {
        match self {
            Noun::You => "you".to_string(),
            Noun::The(name) => format!("the {name}"),
            Noun::A(name) => indefinite(name),
            Noun::Your(name) => format!("your {name}"),
        }
    }

    /// Whether the verb takes the third person with this subject (everyone but "you").
    fn is_third_person(self) -> bool {
        !matches!(self, Noun::You)
    }
}

/// `name` with its indefinite article: "a rock", "an apple", "an hour"-style exceptions
/// aside (the article follows the first letter: a vowel takes "an"): `"an apple"`,
/// `"a teddy bear"`.
pub fn indefinite(name: &str) -> String {
    let vowel = name.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// `text` with its first letter in upper case ("the bat dies" → "The bat dies").
pub fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The third-person singular of an English verb ("hit" → "hits", "miss" → "misses",
/// "fly" → "flies"). Only the first word is conjugated ("pick up" → "picks up").
pub fn third_person(verb: &str) -> String {
    let (head, tail) = match verb.split_once(' ') {
        Some((h, t)) => (h, format!(" {t}")),
        None => (verb, String::new()),
    };
    let irregular = match head {
        "be" => Some("is"),
        "have" => Some("has"),
        "do" => Some("does"),
        "go" => Some("goes"),
        _ => None,
    };
    let conjugated = if let Some(word) = irregular {
        word.to_string()
    } else if ["s", "sh", "ch", "x", "z", "o"].iter().any(|e| head.ends_with(e)) {
        format!("{head}es")
    } else if head.len() > 1
        && head.ends_with('y')
        && !head[..head.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u'])
    {
        format!("{}ies", &head[..head.len() - 1])
    } else {
        format!("{head}s")
    };
    conjugated + &tail
}

/// A sentence `"Subject verb(s) object rest."` from the player's point of view (the
/// object and the rest are optional): "You hit the bat.", "The bat bites you for 2
/// damage.", "The zombie dies.".
pub fn sentence(subject: Noun<'_>, verb: &str, object: Option<Noun<'_>>, rest: &str) -> String {
    let verb = if subject.is_third_person() { third_person(verb) } else { verb.to_string() };
    let object = object.map(|o| format!(" {}", o.object())).unwrap_or_default();
    format!("{} {verb}{object}{rest}.", subject.subject())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conjugates_regular_and_irregular_verbs() {
        for (base, third) in [
            ("hit", "hits"),
            ("miss", "misses"),
            ("touch", "touches"),
            ("fly", "flies"),
            ("play", "plays"),
            ("be", "is"),
            ("pick up", "picks up"),
            ("go", "goes"),
        ] {
            assert_eq!(third_person(base), third, "{base}");
        }
    }

    #[test]
    fn sentences_read_from_the_players_side() {
        assert_eq!(sentence(Noun::You, "hit", Some(Noun::The("bat")), ""), "You hit the bat.");
        assert_eq!(
            sentence(Noun::The("bat"), "bite", Some(Noun::You), " for 2 damage"),
            "The bat bites you for 2 damage."
        );
        assert_eq!(sentence(Noun::The("zombie"), "die", None, ""), "The zombie dies.");
        assert_eq!(
            sentence(Noun::You, "miss", Some(Noun::The("zombie")), ""),
            "You miss the zombie."
        );
        assert_eq!(sentence(Noun::The("fungus"), "spread", None, ""), "The fungus spreads.");
    }

    #[test]
    fn articles_and_owners() {
        assert_eq!(indefinite("apple"), "an apple");
        assert_eq!(indefinite("rock"), "a rock");
        assert_eq!(indefinite("teddy bear"), "a teddy bear");
        assert_eq!(
            sentence(Noun::A("rock"), "land", None, " between your feet"),
            "A rock lands between your feet."
        );
        assert_eq!(sentence(Noun::You, "wield", Some(Noun::A("sword")), ""), "You wield a sword.");
        assert_eq!(
            sentence(Noun::You, "put away", Some(Noun::Your("staff")), ""),
            "You put away your staff."
        );
        assert_eq!(capitalize(""), "");
        assert_eq!(capitalize("éclair"), "Éclair");
    }
}
