//! A world that can't be written (a read-only file or directory) says so first, then its
//! path: SQLite alone calls it "disk I/O error". Root writes read-only files anyway, so
//! these tests check nothing when run as root (they say so); run them as a user.
#![cfg(all(feature = "sqlite", unix))]

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use common::{TestResult, spec, store};
use rustix::fs::{Access, access};
use torchlit_save::{SaveError, Store, WorldId};

fn chmod(path: &Path, mode: u32) -> std::io::Result<()> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

/// A closed world in `store`.
fn world(store: &Store) -> Result<WorldId, Box<dyn std::error::Error>> {
    let world = store.create(&spec("Read Only"))?;
    let id = world.id().clone();
    world.close()?;
    Ok(id)
}

/// Whether this process may write `path` anyway (root).
fn writes_anyway(path: &Path) -> bool {
    let anyway = access(path, Access::WRITE_OK).is_ok();
    if anyway {
        eprintln!("{} is writable to this user (root?): nothing to check", path.display());
    }
    anyway
}

/// The error of opening and of listing world `id`.
fn errors(store: &Store, id: &WorldId) -> Result<[SaveError; 2], Box<dyn std::error::Error>> {
    let opened = store.open(id).err().ok_or("a read-only world opened for play")?;
    let listed = store.list()?.into_iter().next().and_then(|e| e.info.err());
    Ok([opened, listed.ok_or("a read-only world listed as readable")?])
}

#[test]
fn a_read_only_world_file_is_named_first_then_its_path() -> TestResult {
    let (_dir, store) = store();
    let id = world(&store)?;
    let path = store.db_path(&id);
    chmod(&path, 0o444)?;
    if writes_anyway(&path) {
        return Ok(());
    }
    for e in errors(&store, &id)? {
        assert!(matches!(e, SaveError::ReadOnly { why: "read-only world file", .. }), "{e:?}");
        assert_eq!(e.to_string(), format!("read-only world file: {}", path.display()));
    }
    Ok(())
}

#[test]
fn a_world_in_a_read_only_directory_says_so() -> TestResult {
    let (_dir, store) = store();
    let id = world(&store)?;
    let path = store.db_path(&id);
    let dir = path.parent().ok_or("a directory")?.to_path_buf();
    chmod(&dir, 0o555)?;
    let anyway = writes_anyway(&dir);
    let found = if anyway { None } else { Some(errors(&store, &id)) };
    chmod(&dir, 0o755)?;
    let Some(found) = found else { return Ok(()) };
    for e in found? {
        let text = e.to_string();
        assert!(text.starts_with("read-only directory: "), "{text}");
    }
    Ok(())
}
