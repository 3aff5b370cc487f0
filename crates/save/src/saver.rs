//! Saving in the background of play.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;

use serde::de::DeserializeOwned;

use crate::codec::decode;
use crate::{RegionKey, Save, SaveError, SaveReport, Ticket, WorldDb, WorldInfo};

enum Job {
    Save(Ticket, Save),
    Region(RegionKey, Sender<Result<Option<Vec<u8>>, SaveError>>),
    Flush(Sender<()>),
}

/// A [`WorldDb`] on a worker thread: the game hands it saves and goes on playing.
///
/// - [`Saver::submit`] queues a save (already encoded, see [`Save`]) and returns at once.
/// - [`Saver::poll`] returns what was committed or failed since the last poll: errors
///   always come back to the caller, saved data is never silently lost.
/// - Region loads go through the same queue ([`Saver::load_region`]), so they see every
///   save submitted before them.
/// - [`Saver::finish`] waits for everything, then hands the `WorldDb` back.
///
/// ```
/// # fn main() -> Result<(), torchlit_save::SaveError> {
/// # let dir = tempfile::tempdir().map_err(|e| torchlit_save::SaveError::BadId(e.to_string()))?;
/// # use torchlit_save::{ConfigHash, Save, Store, WorldSpec, Saver};
/// # let spec = WorldSpec { name: "w".into(), mode: "overworld".into(),
/// #     seed: torchlit_rng::Seed(1), seed_text: "1".into(), config_hash: ConfigHash(0) };
/// # let world = Store::at(dir.path()).create(&spec)?;
/// let mut saver = Saver::spawn(world)?;
/// for turn in 0..10u32 {
///     let mut save = Save::new();
///     save.set_player(&turn)?;
///     saver.submit(save)?;
///     for report in saver.poll() {
///         report.result?; // show the error to the player
///     }
/// }
/// let world = saver.finish()?;
/// assert_eq!(world.load_player::<u32>()?, 9);
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct Saver {
    jobs: Option<Sender<Job>>,
    reports: Receiver<SaveReport>,
    thread: Option<JoinHandle<WorldDb>>,
    info: WorldInfo,
    path: PathBuf,
    submitted: Ticket,
    reported: Ticket,
    last_ok: bool,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Save(t, _) => write!(f, "Save({})", t.0),
            Job::Region(k, _) => write!(f, "Region({k})"),
            Job::Flush(_) => f.write_str("Flush"),
        }
    }
}

impl Saver {
    /// Moves `world` to a new worker thread.
    ///
    /// # Errors
    /// [`SaveError::Io`] if the thread can't be started.
    pub fn spawn(world: WorldDb) -> Result<Saver, SaveError> {
        let info = world.info().clone();
        let path = world.path().to_path_buf();
        let thread_path = path.clone();
        let (jobs, job_rx) = mpsc::channel();
        let (report_tx, reports) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("torchlit-saver".to_owned())
            .spawn(move || work(world, &job_rx, &report_tx))
            .map_err(|e| SaveError::io("starting the saver for", thread_path, e))?;
        Ok(Saver {
            jobs: Some(jobs),
            reports,
            thread: Some(thread),
            info,
            path,
            submitted: Ticket(0),
            reported: Ticket(0),
            last_ok: true,
        })
    }

    /// The world's record as it was when the saver started.
    pub fn info(&self) -> &WorldInfo {
        &self.info
    }

    /// Queues `save`; returns its ticket at once.
    ///
    /// # Errors
    /// [`SaveError::SaverStopped`] if the worker thread is gone (it panicked).
    pub fn submit(&mut self, save: Save) -> Result<Ticket, SaveError> {
        let ticket = Ticket(self.submitted.0 + 1);
        self.send(Job::Save(ticket, save))?;
        self.submitted = ticket;
        Ok(ticket)
    }

    /// The reports that arrived since the last call, oldest first (never blocks).
    pub fn poll(&mut self) -> Vec<SaveReport> {
        let mut out = Vec::new();
        while let Ok(report) = self.reports.try_recv() {
            self.note(&report);
            out.push(report);
        }
        out
    }

    /// The last ticket reported (committed or failed).
    pub fn reported(&self) -> Ticket {
        self.reported
    }

    /// How many submitted saves have not been reported yet.
    pub fn pending(&self) -> u64 {
        self.submitted.0 - self.reported.0
    }

    /// Waits until every submitted save has been written (a failed one is tried once
    /// more). Reports not yet polled are consumed.
    ///
    /// # Errors
    /// The last failure if the world on disk does not hold everything submitted;
    /// [`SaveError::SaverStopped`] if the worker is gone.
    pub fn flush(&mut self) -> Result<(), SaveError> {
        let (tx, rx) = mpsc::channel();
        self.send(Job::Flush(tx))?;
        rx.recv().map_err(|_| SaveError::SaverStopped)?;
        let mut last_error = None;
        for report in self.poll() {
            if let Err(e) = report.result {
                last_error = Some(e);
            }
        }
        match last_error {
            Some(e) if !self.last_ok => Err(e),
            _ => Ok(()),
        }
    }

    /// Loads a modified region through the worker, after every save submitted before it:
    /// `None` when the region was never saved.
    ///
    /// # Errors
    /// [`SaveError::Corrupt`] if it does not decode as an `R`; any database error;
    /// [`SaveError::SaverStopped`].
    pub fn load_region<R: DeserializeOwned>(&self, key: RegionKey) -> Result<Option<R>, SaveError> {
        let (tx, rx) = mpsc::channel();
        self.send(Job::Region(key, tx))?;
        let bytes = rx.recv().map_err(|_| SaveError::SaverStopped)??;
        match bytes {
            Some(bytes) => decode(&bytes, &self.path, || format!("region {key}")).map(Some),
            None => Ok(None),
        }
    }

    /// Waits for every submitted save, stops the worker and returns the world.
    ///
    /// # Errors
    /// If the last save could not be written (after one more try), its error: the world
    /// on disk holds the last successful save. [`SaveError::SaverStopped`] if the worker
    /// panicked.
    pub fn finish(mut self) -> Result<WorldDb, SaveError> {
        self.stop()
    }

    fn stop(&mut self) -> Result<WorldDb, SaveError> {
        self.jobs = None;
        let thread = self.thread.take().ok_or(SaveError::SaverStopped)?;
        let world = thread.join().map_err(|_| SaveError::SaverStopped)?;
        let mut last_error = None;
        for report in self.poll() {
            if let Err(e) = report.result {
                last_error = Some(e);
            }
        }
        match last_error {
            Some(e) if !self.last_ok => Err(e),
            _ => Ok(world),
        }
    }

    fn note(&mut self, report: &SaveReport) {
        self.reported = report.through;
        self.last_ok = report.result.is_ok();
    }

    fn send(&self, job: Job) -> Result<(), SaveError> {
        self.jobs
            .as_ref()
            .ok_or(SaveError::SaverStopped)?
            .send(job)
            .map_err(|_| SaveError::SaverStopped)
    }
}

impl crate::WorldSaver for Saver {
    fn submit(&mut self, save: Save) -> Result<Ticket, SaveError> {
        Saver::submit(self, save)
    }

    fn poll(&mut self) -> Vec<SaveReport> {
        Saver::poll(self)
    }

    fn pending(&self) -> u64 {
        Saver::pending(self)
    }

    fn flush(&mut self) -> Result<(), SaveError> {
        Saver::flush(self)
    }

    fn finish(self: Box<Self>) -> Result<Box<dyn crate::OpenWorld>, SaveError> {
        Ok(Box::new(Saver::finish(*self)?))
    }
}

impl Drop for Saver {
    /// Waits for the queued saves. Use [`Saver::finish`] to get their outcome: here a
    /// failure can only be logged.
    fn drop(&mut self) {
        if self.thread.is_some()
            && let Err(e) = self.stop()
        {
            tracing::error!(world = %self.info.id, error = %e, "saves lost when the saver was dropped");
        }
    }
}

/// The worker: commits saves in order, merging the ones that queued up, and answers
/// loads in queue order.
fn work(mut world: WorldDb, jobs: &Receiver<Job>, reports: &Sender<SaveReport>) -> WorldDb {
    // Records whose commit failed: written with the next save.
    let mut failed: Option<(Ticket, Save)> = None;
    let mut next: Option<Job> = None;
    loop {
        let job = match next.take() {
            Some(job) => job,
            None => match jobs.recv() {
                Ok(job) => job,
                Err(_) => break,
            },
        };
        match job {
            Job::Save(ticket, save) => {
                let mut batch = failed.take().map(|(_, s)| s).unwrap_or_default();
                batch.merge(save);
                let mut through = ticket;
                loop {
                    match jobs.try_recv() {
                        Ok(Job::Save(ticket, save)) => {
                            batch.merge(save);
                            through = ticket;
                        }
                        Ok(other) => {
                            next = Some(other);
                            break;
                        }
                        Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
                    }
                }
                commit(&mut world, through, batch, &mut failed, reports);
                if next.is_none() {
                    next = jobs.try_recv().ok();
                }
            }
            Job::Region(key, reply) => {
                let pending =
                    failed.as_ref().and_then(|(_, s)| s.region_bytes(key)).map(<[u8]>::to_vec);
                let answer = match pending {
                    Some(bytes) => Ok(Some(bytes)),
                    None => world.region_bytes(key),
                };
                let _ = reply.send(answer);
            }
            Job::Flush(reply) => {
                if let Some((through, batch)) = failed.take() {
                    commit(&mut world, through, batch, &mut failed, reports);
                }
                let _ = reply.send(());
            }
        }
    }
    if let Some((through, batch)) = failed.take() {
        commit(&mut world, through, batch, &mut failed, reports);
    }
    world
}

fn commit(
    world: &mut WorldDb,
    through: Ticket,
    batch: Save,
    failed: &mut Option<(Ticket, Save)>,
    reports: &Sender<SaveReport>,
) {
    let result = world.commit(&batch);
    match &result {
        Ok(info) => {
            tracing::debug!(world = %world.id(), saves = info.saves, bytes = info.bytes, "saved")
        }
        Err(e) => {
            tracing::error!(world = %world.id(), error = %e, "save failed; keeping it for the next try");
            *failed = Some((through, batch));
        }
    }
    // The receiver is gone only while the Saver is being dropped; the Drop logs.
    let _ = reports.send(SaveReport { through, result });
}
