//! Player accounts of a public server (`torchlit serve --public`): names, argon2id
//! password hashes and login tokens, in one SQLite database (`accounts.db` in the data
//! dir, write-ahead log, shared with the `torchlit accounts` admin commands).
//!
//! Passwords are kept only as argon2id PHC strings; a login token is 32 random bytes
//! (hex in the cookie) of which only the SHA-256 is stored, so a copy of the database
//! logs nobody in. Names are 1–[`MAX_NAME_CHARS`] ASCII letters, digits, `-` or `_`,
//! unique ignoring case; a player's files live under `players/<id>/` (the id, never the
//! name, is the path).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The database's file name in the data dir.
pub const ACCOUNTS_FILE: &str = "accounts.db";

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// The shortest password, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;

/// The longest password, in bytes (hashing is slow on purpose: no megabyte passwords).
pub const MAX_PASSWORD_BYTES: usize = 256;

/// The login cookie's name.
pub const COOKIE: &str = "torchlit_login";

/// An account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The account's number (its files live under `players/<id>/`).
    pub id: i64,
    /// The name as registered.
    pub name: String,
    /// Banned by an administrator: cannot log in.
    pub banned: bool,
    /// When it was registered, in seconds since the Unix epoch.
    pub created: u64,
}

/// What went wrong with an account request.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// The name breaks the rules; the reason is a sentence for the player.
    #[error("{0}")]
    BadName(String),
    /// The password breaks the rules.
    #[error("{0}")]
    BadPassword(String),
    /// Another account has this name (ignoring case).
    #[error("the name {0:?} is taken")]
    Taken(String),
    /// Wrong name or password (the same answer for both).
    #[error("wrong name or password")]
    WrongLogin,
    /// The account is banned.
    #[error("this account is banned")]
    Banned,
    /// No account has this name (administration only).
    #[error("no account is called {0:?}")]
    NoSuchAccount(String),
    /// The database failed.
    #[error("the accounts database {path}: {source}")]
    Db {
        /// The database file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The data dir can't be made.
    #[error("{path}: {source}")]
    Io {
        /// The directory.
        path: PathBuf,
        /// What the OS said.
        source: std::io::Error,
    },
    /// The password hash could not be made or read.
    #[error("password hashing failed: {0}")]
    Hash(String),
}

/// What a login token is worth now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoginState {
    /// Logged in as this account.
    Valid(Account),
    /// Logged out (or the password was reset): the token is gone.
    Gone,
    /// The account is banned.
    Banned,
    /// The account was deleted.
    Deleted,
}

/// The JSON body of `POST /api/register` and `POST /api/login`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account name.
    pub name: String,
    /// The password, in plain text (only ever hashed).
    pub password: String,
}

impl Credentials {
    /// Parses a request body.
    ///
    /// # Errors
    /// A sentence saying what is wrong with the JSON.
    pub fn parse(body: &[u8]) -> Result<Credentials, String> {
        serde_json::from_slice(body)
            .map_err(|e| format!("expected {{\"name\": …, \"password\": …}}: {e}"))
    }
}

/// Checks a name: 1–20 ASCII letters, digits, `-` or `_`.
///
/// # Errors
/// Why not, as a sentence.
pub fn check_name(name: &str) -> Result<(), AccountError> {
    let n = name.chars().count();
    if n == 0 {
        return Err(AccountError::BadName("a name needs at least one character".into()));
    }
    if n > MAX_NAME_CHARS {
        return Err(AccountError::BadName(format!(
            "a name has at most {MAX_NAME_CHARS} characters (this one has {n})"
        )));
    }
    if let Some(c) = name.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_')) {
        return Err(AccountError::BadName(format!(
            "a name is made of letters, digits, - and _ only (not {c:?})"
        )));
    }
    Ok(())
}

/// Checks a password: at least 8 characters, at most 256 bytes.
///
/// # Errors
/// Why not, as a sentence.
pub fn check_password(password: &str) -> Result<(), AccountError> {
    let n = password.chars().count();
    if n < MIN_PASSWORD_CHARS {
        return Err(AccountError::BadPassword(format!(
            "a password needs at least {MIN_PASSWORD_CHARS} characters (this one has {n})"
        )));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(AccountError::BadPassword(format!(
            "a password has at most {MAX_PASSWORD_BYTES} bytes"
        )));
    }
    Ok(())
}

/// The login token in a `Cookie` header's value (`a=1; torchlit_login=HEX`), when it is
/// there and well formed (64 lowercase hex digits).
pub fn cookie_token(header: &str) -> Option<&str> {
    header.split(';').find_map(|pair| {
        let (k, v) = pair.trim().split_once('=')?;
        (k.trim() == COOKIE && is_token(v.trim())).then(|| v.trim())
    })
}

/// Whether `s` looks like a login token: 64 lowercase hex digits.
pub fn is_token(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The SHA-256 of a token, in hex: what the database keeps.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `n` random bytes from the OS.
///
/// # Errors
/// The OS has no randomness to give (then no token or salt can be made).
pub fn random_bytes<const N: usize>() -> Result<[u8; N], AccountError> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| AccountError::Hash(format!("no OS randomness: {e}")))?;
    Ok(b)
}

/// A new login token: 32 random bytes as hex.
///
/// # Errors
/// As [`random_bytes`].
pub fn new_token() -> Result<String, AccountError> {
    Ok(hex(&random_bytes::<32>()?))
}

fn argon() -> Argon2<'static> {
    // The crate's defaults (OWASP's first choice): 19 MiB, 2 passes, 1 lane.
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::default())
}

/// An argon2id PHC string of `password` with a fresh random salt.
///
/// # Errors
/// No OS randomness, or the hasher failed.
pub fn hash_password(password: &str) -> Result<String, AccountError> {
    let salt = SaltString::encode_b64(&random_bytes::<16>()?)
        .map_err(|e| AccountError::Hash(e.to_string()))?;
    argon()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AccountError::Hash(e.to_string()))
}

/// Whether `password` matches the PHC string `phc`.
fn verify_password(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|h| argon().verify_password(password.as_bytes(), &h).is_ok())
}

/// A hash of a password nobody has, verified against when the name is unknown so that
/// a wrong name takes as long as a wrong password.
fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password("decoy password, never used").unwrap_or_default())
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO).as_secs()
}

/// The accounts database.
#[derive(Debug)]
pub struct Accounts {
    path: PathBuf,
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    banned INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS logins (
    token_hash TEXT PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS deleted (id INTEGER PRIMARY KEY);
";

impl Accounts {
    /// Opens (creating when missing) `accounts.db` in `data_dir`.
    ///
    /// # Errors
    /// The directory or the database can't be made or opened.
    pub fn open(data_dir: &Path) -> Result<Accounts, AccountError> {
        let path = data_dir.join(ACCOUNTS_FILE);
        let db = |source| AccountError::Db { path: path.clone(), source };
        std::fs::create_dir_all(data_dir)
            .map_err(|source| AccountError::Io { path: data_dir.to_path_buf(), source })?;
        let conn = Connection::open(&path).map_err(db)?;
        conn.busy_timeout(Duration::from_secs(5)).map_err(db)?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(db)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        conn.execute_batch(SCHEMA).map_err(db)?;
        Ok(Accounts { path, conn: Mutex::new(conn) })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn db(&self, source: rusqlite::Error) -> AccountError {
        AccountError::Db { path: self.path.clone(), source }
    }

    /// Makes an account and logs it in: the account and its login token.
    ///
    /// # Errors
    /// A bad name or password, a taken name, a failing database.
    pub fn register(&self, name: &str, password: &str) -> Result<(Account, String), AccountError> {
        check_name(name)?;
        check_password(password)?;
        if self.find(name)?.is_some() {
            return Err(AccountError::Taken(name.to_string()));
        }
        // Slow on purpose: not while holding the database.
        let phc = hash_password(password)?;
        let created = now_secs();
        let inserted = self.conn().execute(
            "INSERT INTO accounts (name, name_key, password, created) VALUES (?1, ?2, ?3, ?4)",
            params![name, name.to_ascii_lowercase(), phc, created as i64],
        );
        match inserted {
            Ok(_) => {}
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                return Err(AccountError::Taken(name.to_string()));
            }
            Err(e) => return Err(self.db(e)),
        }
        let account = self.find(name)?.ok_or(AccountError::WrongLogin)?;
        let token = self.new_login(account.id)?;
        Ok((account, token))
    }

    /// Checks a name and password and logs in: the account and a new login token.
    ///
    /// # Errors
    /// [`AccountError::WrongLogin`] for a wrong name or password (alike, and as slow),
    /// [`AccountError::Banned`], a failing database.
    pub fn login(&self, name: &str, password: &str) -> Result<(Account, String), AccountError> {
        let found = if check_name(name).is_ok() { self.find_with_hash(name)? } else { None };
        let Some((account, phc)) = found else {
            verify_password(password, decoy_hash());
            return Err(AccountError::WrongLogin);
        };
        if password.len() > MAX_PASSWORD_BYTES || !verify_password(password, &phc) {
            return Err(AccountError::WrongLogin);
        }
        if account.banned {
            return Err(AccountError::Banned);
        }
        let token = self.new_login(account.id)?;
        Ok((account, token))
    }

    fn new_login(&self, account: i64) -> Result<String, AccountError> {
        let token = new_token()?;
        self.conn()
            .execute(
                "INSERT INTO logins (token_hash, account, created) VALUES (?1, ?2, ?3)",
                params![token_hash(&token), account, now_secs() as i64],
            )
            .map_err(|e| self.db(e))?;
        Ok(token)
    }

    /// Ends the login of `token` (nothing when it is unknown).
    ///
    /// # Errors
    /// A failing database.
    pub fn logout(&self, token: &str) -> Result<(), AccountError> {
        self.conn()
            .execute("DELETE FROM logins WHERE token_hash = ?1", [token_hash(token)])
            .map_err(|e| self.db(e))?;
        Ok(())
    }

    /// The account logged in with `token`, unless it is unknown, logged out or banned.
    ///
    /// # Errors
    /// A failing database.
    pub fn who(&self, token: &str) -> Result<Option<Account>, AccountError> {
        match self.login_state(&token_hash(token), None)? {
            LoginState::Valid(a) => Ok(Some(a)),
            _ => Ok(None),
        }
    }

    /// What the login with token hash `hash` (of account `account`, when known) is worth
    /// now: the server asks this of its live games every second.
    ///
    /// # Errors
    /// A failing database.
    pub fn login_state(
        &self,
        hash: &str,
        account: Option<i64>,
    ) -> Result<LoginState, AccountError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT a.id, a.name, a.banned, a.created FROM logins l \
                 JOIN accounts a ON a.id = l.account WHERE l.token_hash = ?1",
                [hash],
                row_account,
            )
            .optional()
            .map_err(|e| self.db(e))?;
        if let Some(a) = row {
            return Ok(if a.banned { LoginState::Banned } else { LoginState::Valid(a) });
        }
        let Some(id) = account else { return Ok(LoginState::Gone) };
        let banned: Option<bool> = conn
            .query_row("SELECT banned FROM accounts WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .map_err(|e| self.db(e))?;
        Ok(match banned {
            None => LoginState::Deleted,
            Some(true) => LoginState::Banned,
            Some(false) => LoginState::Gone,
        })
    }

    fn find(&self, name: &str) -> Result<Option<Account>, AccountError> {
        Ok(self.find_with_hash(name)?.map(|(a, _)| a))
    }

    fn find_with_hash(&self, name: &str) -> Result<Option<(Account, String)>, AccountError> {
        self.conn()
            .query_row(
                "SELECT id, name, banned, created, password FROM accounts WHERE name_key = ?1",
                [name.to_ascii_lowercase()],
                |r| Ok((row_account(r)?, r.get(4)?)),
            )
            .optional()
            .map_err(|e| self.db(e))
    }

    /// The account called `name` (ignoring case).
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`], a failing database.
    pub fn get(&self, name: &str) -> Result<Account, AccountError> {
        self.find(name)?.ok_or_else(|| AccountError::NoSuchAccount(name.to_string()))
    }

    /// Every account, oldest first.
    ///
    /// # Errors
    /// A failing database.
    pub fn list(&self) -> Result<Vec<Account>, AccountError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT id, name, banned, created FROM accounts ORDER BY id")
            .map_err(|e| self.db(e))?;
        let rows = stmt.query_map([], row_account).map_err(|e| self.db(e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| self.db(e))
    }

    /// Bans (`true`) or unbans an account; a ban also ends its logins (a running server
    /// closes its games within a second).
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`], a failing database.
    pub fn set_banned(&self, name: &str, banned: bool) -> Result<Account, AccountError> {
        let a = self.get(name)?;
        let conn = self.conn();
        conn.execute("UPDATE accounts SET banned = ?1 WHERE id = ?2", params![banned, a.id])
            .map_err(|e| self.db(e))?;
        if banned {
            conn.execute("DELETE FROM logins WHERE account = ?1", [a.id])
                .map_err(|e| self.db(e))?;
        }
        Ok(Account { banned, ..a })
    }

    /// Sets a new password (and ends every login of the account).
    ///
    /// # Errors
    /// A bad password, [`AccountError::NoSuchAccount`], a failing database.
    pub fn set_password(&self, name: &str, password: &str) -> Result<Account, AccountError> {
        check_password(password)?;
        let a = self.get(name)?;
        let phc = hash_password(password)?;
        let conn = self.conn();
        conn.execute("UPDATE accounts SET password = ?1 WHERE id = ?2", params![phc, a.id])
            .map_err(|e| self.db(e))?;
        conn.execute("DELETE FROM logins WHERE account = ?1", [a.id]).map_err(|e| self.db(e))?;
        Ok(a)
    }

    /// Deletes an account and its logins (its files are the caller's: see
    /// [`player_dir`]); its id is never given again.
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`], a failing database.
    pub fn delete(&self, name: &str) -> Result<Account, AccountError> {
        let a = self.get(name)?;
        let conn = self.conn();
        conn.execute("DELETE FROM accounts WHERE id = ?1", [a.id]).map_err(|e| self.db(e))?;
        conn.execute("INSERT OR IGNORE INTO deleted (id) VALUES (?1)", [a.id])
            .map_err(|e| self.db(e))?;
        Ok(a)
    }
}

fn row_account(r: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: r.get(0)?,
        name: r.get(1)?,
        banned: r.get(2)?,
        created: u64::try_from(r.get::<_, i64>(3)?).unwrap_or(0),
    })
}

/// Where account `id`'s files live: `<data dir>/players/<id>`.
pub fn player_dir(data_dir: &Path, id: i64) -> PathBuf {
    data_dir.join("players").join(id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_passwords_follow_the_rules() {
        for good in ["a", "Ann_the-2nd", "x".repeat(20).as_str()] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["", "x".repeat(21).as_str(), "a b", "é", "../x", "a/b", "a.b"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"x".repeat(300)).is_err());
    }

    #[test]
    fn cookies_are_read_only_when_well_formed() {
        let t = "ab".repeat(32);
        assert_eq!(cookie_token(&format!("a=1; {COOKIE}={t}; b=2")), Some(t.as_str()));
        assert_eq!(cookie_token(&format!("{COOKIE}={}", "AB".repeat(32))), None);
        assert_eq!(cookie_token(&format!("{COOKIE}=abc")), None);
        assert_eq!(cookie_token("torchlit=1"), None);
        assert_eq!(cookie_token(""), None);
    }

    #[test]
    fn accounts_register_log_in_and_out() {
        let dir = tempfile::tempdir().expect("tempdir");
        let acc = Accounts::open(dir.path()).expect("open");
        let (a, token) = acc.register("Ann", "correct horse").expect("register");
        assert!(matches!(acc.register("ann", "whatever12"), Err(AccountError::Taken(_))));
        assert_eq!(acc.who(&token).expect("who"), Some(a.clone()));
        assert!(matches!(acc.login("ann", "wrong password"), Err(AccountError::WrongLogin)));
        assert!(matches!(acc.login("bob", "wrong password"), Err(AccountError::WrongLogin)));
        let (_, t2) = acc.login("ANN", "correct horse").expect("login ignores case");
        acc.logout(&token).expect("logout");
        assert_eq!(acc.who(&token).expect("who"), None);
        assert!(acc.who(&t2).expect("who").is_some());
        acc.set_banned("ann", true).expect("ban");
        assert_eq!(acc.login_state(&token_hash(&t2), Some(a.id)).expect("s"), LoginState::Banned);
        assert!(matches!(acc.login("ann", "correct horse"), Err(AccountError::Banned)));
        acc.delete("ann").expect("delete");
        assert_eq!(acc.login_state(&token_hash(&t2), Some(a.id)).expect("s"), LoginState::Deleted);
    }
}
