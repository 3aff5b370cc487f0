//! `torchlit accounts list | ban NAME | unban NAME | reset-password NAME | delete NAME`:
//! a public server's accounts (`<data dir>/accounts.db`), administered on the server
//! itself. A running server sees a ban or a deletion within a second and ends that
//! player's games.

use anyhow::{Context, Result, bail};
use torchlit_web::accounts::{self, Accounts};

use crate::settings::Settings;

/// What to do with the accounts.
#[derive(Debug, clap::Subcommand)]
pub enum AccountsCmd {
    /// Every account: id, name, banned or not, when it was made.
    List,
    /// Bar an account from logging in; its games end at once.
    Ban {
        /// The account's name (any case).
        name: String,
    },
    /// Let a banned account log in again.
    Unban {
        /// The account's name (any case).
        name: String,
    },
    /// Give an account a new random password (printed) and end its logins.
    ResetPassword {
        /// The account's name (any case).
        name: String,
    },
    /// Delete an account and every file of it (saves, recordings, morgues, scores).
    Delete {
        /// The account's name (any case).
        name: String,
    },
}

/// A new password: 16 letters and digits from the OS's randomness.
fn new_password() -> Result<String> {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let bytes = accounts::random_bytes::<16>()?;
    Ok(bytes.iter().map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()])).collect())
}

/// Runs one `torchlit accounts` command; what it did goes to stdout.
///
/// # Errors
/// No data dir, a database that can't be opened, an unknown name.
pub fn run(cmd: &AccountsCmd, settings: &Settings) -> Result<()> {
    let Some(paths) = &settings.paths else {
        bail!("the accounts live in the data dir: pass --data-dir DIR");
    };
    let data_dir = paths.data_dir();
    let db = Accounts::open(data_dir).context("the accounts")?;
    match cmd {
        AccountsCmd::List => {
            let all = db.list()?;
            println!("{:>5}  {:<20}  {:<6}  created", "id", "name", "banned");
            for a in &all {
                let banned = if a.banned { "yes" } else { "" };
                println!("{:>5}  {:<20}  {:<6}  {}", a.id, a.name, banned, a.created);
            }
            println!("{} accounts in {}", all.len(), db.path().display());
        }
        AccountsCmd::Ban { name } => {
            let a = db.set_banned(name, true)?;
            println!(
                "banned {} (id {}): a running server ends its games within a second",
                a.name, a.id
            );
        }
        AccountsCmd::Unban { name } => {
            let a = db.set_banned(name, false)?;
            println!("unbanned {} (id {})", a.name, a.id);
        }
        AccountsCmd::ResetPassword { name } => {
            let password = new_password()?;
            let a = db.set_password(name, &password)?;
            println!("new password of {} (id {}): {password}", a.name, a.id);
        }
        AccountsCmd::Delete { name } => {
            let a = db.delete(name)?;
            let dir = accounts::player_dir(data_dir, a.id);
            match std::fs::remove_dir_all(&dir) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e).with_context(|| format!("removing {}", dir.display())),
            }
            println!("deleted {} (id {}) and {}", a.name, a.id, dir.display());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_save::{Config, Paths};

    #[test]
    fn accounts_are_administered_from_the_command_line() {
        let dir = tempfile::tempdir().expect("tempdir");
        let settings =
            Settings { paths: Some(Paths::in_dir(dir.path())), config: Config::defaults() };
        let db = Accounts::open(dir.path()).expect("open");
        let (ann, token) = db.register("Ann", "password one").expect("register");
        let files = accounts::player_dir(dir.path(), ann.id);
        std::fs::create_dir_all(files.join("worlds")).expect("mkdir");
        run(&AccountsCmd::List, &settings).expect("list");
        run(&AccountsCmd::Ban { name: "ann".into() }, &settings).expect("ban");
        assert!(db.get("Ann").expect("get").banned);
        assert_eq!(db.who(&token).expect("who"), None, "a ban ends the logins");
        run(&AccountsCmd::Unban { name: "ANN".into() }, &settings).expect("unban");
        assert!(db.login("Ann", "password one").is_ok());
        run(&AccountsCmd::ResetPassword { name: "Ann".into() }, &settings).expect("reset");
        assert!(db.login("Ann", "password one").is_err(), "the old password is gone");
        let err = run(&AccountsCmd::Ban { name: "nobody".into() }, &settings).expect_err("no such");
        assert!(err.to_string().contains("nobody"), "{err}");
        run(&AccountsCmd::Delete { name: "Ann".into() }, &settings).expect("delete");
        assert!(!files.exists(), "the player's files go too");
        assert!(db.list().expect("list").is_empty());
        let none = Settings { paths: None, config: Config::defaults() };
        assert!(run(&AccountsCmd::List, &none).is_err());
    }
}
