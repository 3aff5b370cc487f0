//! Portals between areas (seed §2.6.2, §2.6.3).

use torchlit_geom::Point;

use super::AreaId;
use super::geometry::{Side, portal_cells};
use super::rules::{KeyNumber, NO_KEY_ID};

/// A portal's state (seed §2.6.2). Portals are invisible when created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PortalState {
    /// Traversable: walking into it crosses to the other area. Drawn as nothing.
    Open,
    /// Chained logs: blocks until opened with its key.
    Locked,
    /// Looks like wall and blocks; never opens.
    Invisible,
}

/// Where a portal leads: an area and the cell the hero arrives on (map space).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Link {
    /// The destination area.
    pub area: AreaId,
    /// The arrival cell in it.
    pub arrival: Point,
}

/// A portal: two wall cells wide, a state, a destination and the key that opens it.
///
/// It takes cell space (blocks) unless open, always accepts distance interactions (the
/// hero opens it from the cell in front) and contact ones (the hero crosses it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Portal {
    side: Side,
    cells: [Point; 2],
    state: PortalState,
    key: KeyNumber,
    link: Option<Link>,
}

impl Portal {
    /// The invisible portal on `side` of an area of side `size`, leading nowhere and
    /// needing no key.
    pub fn new(side: Side, size: u32) -> Portal {
        Portal {
            side,
            cells: portal_cells(side, size),
            state: PortalState::Invisible,
            key: NO_KEY_ID,
            link: None,
        }
    }

    /// Which wall it is in.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Its two cells, main cell first (map space).
    pub fn cells(&self) -> [Point; 2] {
        self.cells
    }

    /// Its state.
    pub fn state(&self) -> PortalState {
        self.state
    }

    /// The key identifier that opens it ([`NO_KEY_ID`] when none is needed).
    pub fn key(&self) -> KeyNumber {
        self.key
    }

    /// Where it leads, if anywhere.
    pub fn link(&self) -> Option<Link> {
        self.link
    }

    pub(crate) fn set(&mut self, state: PortalState, key: KeyNumber, link: Option<Link>) {
        self.state = state;
        self.key = key;
        self.link = link;
    }

    /// Opens it if it is locked and `keys` holds its key; returns whether it opened.
    pub(crate) fn unlock(&mut self, keys: &[KeyNumber]) -> bool {
        if self.state == PortalState::Locked && keys.contains(&self.key) {
            self.state = PortalState::Open;
            return true;
        }
        false
    }

    /// Whether it blocks its cells (every state but open).
    pub fn takes_cell_space(&self) -> bool {
        self.state != PortalState::Open
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::maze::rules::{DECOY_KEY_ID, SPAWN_KEY_ID};

    #[test]
    fn only_the_right_key_opens_and_open_stays_open() {
        let mut p = Portal::new(Side::E, 8);
        assert_eq!(p.state(), PortalState::Invisible, "invisible by default");
        assert!(!p.unlock(&[NO_KEY_ID]), "an invisible portal never opens");
        p.set(PortalState::Locked, SPAWN_KEY_ID, None);
        assert!(!p.unlock(&[DECOY_KEY_ID]), "MAX_VALUE - 1 does not open MAX_VALUE");
        assert!(p.takes_cell_space());
        assert!(p.unlock(&[DECOY_KEY_ID, SPAWN_KEY_ID]));
        assert_eq!(p.state(), PortalState::Open);
        assert!(!p.unlock(&[]), "already open");
        assert_eq!(p.state(), PortalState::Open);
        assert!(!p.takes_cell_space());
    }
}
