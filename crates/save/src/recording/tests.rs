//! The recording format's own tests: round trips, versions, errors, names, dates.

use super::*;

fn header() -> Header {
    Header {
        rules_version: 3,
        mode: "maze".to_string(),
        seed: 42,
        file: StartFile::Bundled { name: "default".to_string(), hash: 9 },
        options: vec![1, 2],
        started: 1_764_000_000,
        checkpoint_every: 3,
        seed_text: None,
        sessions: Vec::new(),
    }
}

fn sample() -> Recording<(u8, u16)> {
    let mut rec = Recording::new(header());
    for i in 0..20u16 {
        rec.push((1, i / 7));
        if rec.wants_checkpoint() {
            rec.checkpoint(u64::from(i) * 11);
        }
    }
    rec.finish("won", 20, 77);
    rec
}

#[test]
fn a_recording_round_trips_with_runs_checkpoints_and_outcome() {
    let rec = sample();
    let bytes = rec.encode().expect("encodes");
    let back: Recording<(u8, u16)> = Recording::decode(&bytes).expect("decodes");
    assert_eq!(back, rec);
    assert_eq!(back.inputs().count(), 20);
    assert_eq!(back.runs.len(), 3, "three distinct inputs: three runs");
    let steps: Vec<u64> = back.checkpoints().iter().map(|c| c.step).collect();
    assert_eq!(steps, [3, 6, 9, 12, 15, 18, 20]);
    assert_eq!(back.summary.final_hash, Some(77));
    let (h, s) = read_info(&bytes).expect("info");
    assert_eq!((h, s), (rec.header.clone(), rec.summary.clone()));
}

#[test]
fn foreign_newer_truncated_and_altered_files_are_distinct_errors() {
    let bytes = sample().encode().expect("encodes");
    let decode = |b: &[u8]| Recording::<(u8, u16)>::decode(b).err();
    assert!(matches!(decode(b"PK\x03\x04 a zip file"), Some(RecordingError::Foreign)));
    assert!(matches!(decode(b""), Some(RecordingError::Foreign)));
    let mut newer = bytes.clone();
    newer[8] = 9;
    assert!(matches!(
        decode(&newer),
        Some(RecordingError::NewerVersion { found: 9, supported: RECORDING_VERSION })
    ));
    for cut in [9, 10, 17, 18, bytes.len() / 2, bytes.len() - 1] {
        assert!(matches!(decode(&bytes[..cut]), Some(RecordingError::Damaged(_))), "cut {cut}");
    }
    for i in 10..bytes.len() {
        let mut altered = bytes.clone();
        altered[i] ^= 0x20;
        assert!(matches!(decode(&altered), Some(RecordingError::Damaged(_))), "byte {i}");
    }
}

#[test]
fn well_checksummed_nonsense_is_damaged_not_a_panic() {
    // A valid frame around bodies that do not decode or do not add up.
    let frame = |body: &[u8]| {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&RECORDING_VERSION.to_le_bytes());
        out.extend_from_slice(body);
        let sum = seahash::hash(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    };
    for body in [&[][..], &[0xff; 40][..], &[5, b'a'][..]] {
        let e = Recording::<u8>::decode(&frame(body)).err();
        assert!(matches!(e, Some(RecordingError::Damaged(_))), "{e:?}");
    }
    // Steps that do not add up.
    let mut rec = sample();
    rec.summary.steps += 1;
    let e = Recording::<(u8, u16)>::decode(&rec.encode().expect("encodes")).err();
    assert!(matches!(e, Some(RecordingError::Damaged(_))), "{e:?}");
}

#[test]
fn files_are_named_by_mode_date_and_outcome_and_never_replaced() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let rec = sample();
    let bytes = rec.encode().expect("encodes");
    let a = write_file(dir.path(), &rec.header, "won", &bytes).expect("written");
    let b = write_file(dir.path(), &rec.header, "won", &bytes).expect("written");
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    assert_eq!(name(&a).as_deref(), Some("maze-2025-11-24-160000-won.tlrec"));
    assert_eq!(name(&b).as_deref(), Some("maze-2025-11-24-160000-won-2.tlrec"));
    fs::write(dir.path().join("junk.tlrec"), b"junk").expect("written");
    fs::write(dir.path().join("notes.txt"), b"not listed").expect("written");
    let listed = list_dir(dir.path()).expect("listed");
    assert_eq!(listed.len(), 3);
    assert!(matches!(listed[0].info, Err(RecordingError::Foreign)));
    assert!(listed[1].info.as_ref().is_ok_and(|(h, _)| h.seed == 42));
    assert!(list_dir(&dir.path().join("missing")).expect("empty").is_empty());
}

#[test]
fn a_recording_without_version_2_fields_is_written_as_version_1() {
    let rec = sample();
    let bytes = rec.encode().expect("encodes");
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 1);
    // The version 1 layout: the header's seven fields right after the version.
    let (v1, _) = postcard::take_from_bytes::<HeaderV1>(&bytes[10..]).expect("a v1 header");
    assert_eq!(Header::from(v1), rec.header);
}

#[test]
fn a_typed_seed_and_later_sessions_make_a_version_2_file_that_round_trips() {
    let mut rec = sample();
    rec.header.seed_text = Some("lanterns".to_string());
    rec.resume(1_800_000_000);
    let bytes = rec.encode().expect("encodes");
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), RECORDING_VERSION);
    let back: Recording<(u8, u16)> = Recording::decode(&bytes).expect("decodes");
    assert_eq!(back, rec);
    let (h, _) = read_info(&bytes).expect("info");
    assert_eq!(h.seed_text.as_deref(), Some("lanterns"));
    assert_eq!(h.sessions, [Session { step: 20, started: 1_800_000_000 }]);
    assert_eq!(h.seed_shown(), "lanterns");
    // Only the seed text: still version 2.
    let mut only_text = sample();
    only_text.header.seed_text = Some(String::new());
    let bytes = only_text.encode().expect("encodes");
    assert_eq!(bytes[8], 2);
    let h = read_info(&bytes).expect("info").0;
    assert_eq!(h.seed_shown(), "\"\"");
}

#[test]
fn each_session_dates_the_recording_and_its_file_name() {
    let mut rec = sample();
    assert_eq!(rec.header.last_started(), 1_764_000_000);
    rec.resume(1_764_100_000);
    // Opened again without playing: the empty session is replaced.
    rec.resume(1_764_200_000);
    assert_eq!(rec.header.sessions.len(), 1);
    assert_eq!(rec.header.last_started(), 1_764_200_000);
    rec.push((9, 9));
    rec.resume(1_764_300_000);
    let steps: Vec<u64> = rec.header.sessions.iter().map(|s| s.step).collect();
    assert_eq!(steps, [20, 21]);
    assert_eq!(file_stem(&rec.header, "saved"), "maze-2025-11-28-032000-saved");
    // Sessions out of order are damage.
    rec.header.sessions.reverse();
    rec.finish("won", 21, 1);
    let e = Recording::<(u8, u16)>::decode(&rec.encode().expect("encodes")).err();
    assert!(matches!(e, Some(RecordingError::Damaged(_))), "{e:?}");
}

#[test]
fn seeds_show_as_typed_or_quoted() {
    let mut h = header();
    assert_eq!(h.seed_shown(), "42");
    for (typed, shown) in
        [("lanterns", "lanterns"), ("my world", "\"my world\""), ("\x1b[2J", "\"\\u{1b}[2J\"")]
    {
        h.seed_text = Some(typed.to_string());
        assert_eq!(h.seed_shown(), shown);
    }
    assert_eq!(h.file_name(), Some("default"));
}

#[test]
fn dates_are_civil_utc() {
    assert_eq!(utc_date_time(0), ("1970-01-01".to_string(), "000000".to_string()));
    assert_eq!(utc_date_time(951_827_696), ("2000-02-29".to_string(), "123456".to_string()));
}
