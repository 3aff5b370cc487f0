//! The compact encoding of saved records: postcard (serde), nothing else.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::SaveError;

/// Encodes `value` with postcard; `what` names it in the error.
pub(crate) fn encode<T: Serialize + ?Sized>(
    value: &T,
    what: impl FnOnce() -> String,
) -> Result<Vec<u8>, SaveError> {
    postcard::to_allocvec(value).map_err(|source| SaveError::Encode { what: what(), source })
}

/// Decodes a whole record: bytes left over mean the record is not what the caller's type
/// expects, and count as damage like any other decoding failure.
pub(crate) fn decode<T: DeserializeOwned>(
    bytes: &[u8],
    path: &Path,
    what: impl FnOnce() -> String,
) -> Result<T, SaveError> {
    match postcard::take_from_bytes::<T>(bytes) {
        Ok((value, [])) => Ok(value),
        Ok((_, rest)) => Err(SaveError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("{}: {} unexpected bytes after the record", what(), rest.len()),
        }),
        Err(e) => Err(SaveError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("{} does not decode: {e}", what()),
        }),
    }
}
