//! Logging goes to a file in the data directory (this test owns its process's global
//! subscriber, so it is the only test in this file).

use torchlit_save::{Config, LogError, Paths, init_logging};

#[test]
fn logs_go_to_a_rotating_file_in_the_data_dir() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let paths = Paths::in_dir(dir.path());
    let config = Config::defaults();
    let guard = init_logging(&paths, &config)?;
    assert_eq!(guard.dir(), paths.logs_dir());
    tracing::error!(answer = 42, "a message for the log file");
    assert!(matches!(init_logging(&paths, &config), Err(LogError::AlreadySet)));
    drop(guard); // flushes

    let files: Vec<_> = std::fs::read_dir(paths.logs_dir())?.collect::<Result<_, _>>()?;
    assert_eq!(files.len(), 1);
    let name = files[0].file_name().into_string().map_err(|_| "UTF-8 name")?;
    assert!(name.starts_with("torchlit.") && name.ends_with(".log"), "{name}");
    let text = std::fs::read_to_string(files[0].path())?;
    assert!(text.contains("a message for the log file") && text.contains("answer=42"), "{text}");
    assert!(text.contains("ERROR"), "{text}");
    assert!(!text.contains('\x1b'), "no terminal colours in the file");
    Ok(())
}
