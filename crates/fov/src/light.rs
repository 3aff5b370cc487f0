//! Light sources: many, each with its own radius, occluded like a field of view.

use torchlit_geom::{Point, Radius, Size};

use crate::{Algorithm, Fov, FovError, Viewshed};

/// A light at `at` reaching `radius` cells.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LightSource {
    /// Where the light is, in map space.
    pub at: Point,
    /// How far it reaches, in cells (the strict rule of [`Radius::contains`]).
    pub radius: Radius,
}

/// Lights `lit` (cleared first) with the union of what each source lights, every source
/// occluded by `algorithm` (light reaches and lights walls, as a torch does).
///
/// `scratch` holds one source's light at a time; both viewsheds must be sized for `size`.
/// Sources off the map are skipped (and every source with a permissiveness above 8).
///
/// # Source
/// Ultima 0 (CSCI 136, Montana Tech, 2014), extra credits 2 and 3 (occluding torch; lava glowing with radius 2.5).
pub fn light_sources(
    algorithm: Algorithm,
    sources: &[LightSource],
    size: Size,
    is_opaque: impl Fn(Point) -> bool,
    scratch: &mut Viewshed,
    lit: &mut Viewshed,
) {
    lit.clear();
    for source in sources {
        let fov = Fov { algorithm, radius: Some(source.radius), light_walls: true };
        match fov.compute(size, source.at, &is_opaque, scratch) {
            Ok(()) => {
                for p in scratch.iter() {
                    lit.insert(p);
                }
            }
            Err(
                FovError::OriginOutside { .. }
                | FovError::SizeMismatch { .. }
                | FovError::Permissiveness(_),
            ) => {}
        }
    }
}
