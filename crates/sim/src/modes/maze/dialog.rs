//! Dialogs (seed §5.3): a page of text at a time, advanced with the next-dialog key; the
//! area is frozen while one is open.
//!
//! The sim knows which dialog is open and on which page; the words are the front end's
//! (the controls it lists depend on its key bindings).

/// Which dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DialogId {
    /// The welcome dialog shown on the first visit to `Spawn`: the controls and a hint.
    Welcome,
}

impl DialogId {
    /// How many pages it has.
    pub const fn pages(self) -> u8 {
        match self {
            DialogId::Welcome => 3,
        }
    }
}

/// An open dialog: which one and the page shown (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dialog {
    id: DialogId,
    page: u8,
}

impl Dialog {
    /// `id` on its first page.
    pub const fn new(id: DialogId) -> Dialog {
        Dialog { id, page: 0 }
    }

    /// Which dialog.
    pub const fn id(&self) -> DialogId {
        self.id
    }

    /// The page shown, from 0.
    pub const fn page(&self) -> u8 {
        self.page
    }

    /// Goes to the next page; `true` when there was none (the dialog is complete).
    pub fn advance(&mut self) -> bool {
        self.page += 1;
        self.page >= self.id.pages()
    }
}

/// Whoever shows dialogs (seed §5.3.1's `DialogHandler`): areas see the game only
/// through this.
pub trait DialogHandler {
    /// Makes `dialog` the active one.
    fn publish(&mut self, dialog: Dialog);
}

impl DialogHandler for Option<Dialog> {
    fn publish(&mut self, dialog: Dialog) {
        *self = Some(dialog);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_welcome_dialog_has_three_pages() {
        let mut slot: Option<Dialog> = None;
        slot.publish(Dialog::new(DialogId::Welcome));
        let mut d = slot.expect("published");
        assert!(!d.advance());
        assert!(!d.advance());
        assert!(d.advance());
    }
}
