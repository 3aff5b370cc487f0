//! ARCHITECTURE.md states the workspace's crates and every dependency edge between them
//! (its "depends on" table, and one paragraph per crate); this test compares both with
//! `cargo metadata` and fails on any difference, so the document can't drift from the
//! manifests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

type Graph = BTreeMap<String, BTreeSet<String>>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace's crates and their normal dependencies on each other, from
/// `cargo metadata --no-deps` (dev and build dependencies are left out).
fn metadata_graph() -> Graph {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root())
        .output()
        .expect("run cargo metadata");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let packages = json["packages"].as_array().expect("packages");
    let names: BTreeSet<String> =
        packages.iter().filter_map(|p| p["name"].as_str()).map(String::from).collect();
    let mut graph = Graph::new();
    for p in packages {
        let name = p["name"].as_str().expect("a package name").to_string();
        let deps = p["dependencies"].as_array().expect("dependencies");
        let edges = deps
            .iter()
            .filter(|d| d["kind"].is_null())
            .filter_map(|d| d["name"].as_str())
            .filter(|d| names.contains(*d))
            .map(String::from)
            .collect();
        graph.insert(name, edges);
    }
    graph
}

/// The table under ARCHITECTURE.md's diagram: `| `crate` | a, b, c |` rows, short names
/// (`geom`) standing for `torchlit-geom`, `(none)` for no edge.
fn document_graph(text: &str) -> Graph {
    let full = |short: &str| match short {
        "torchlit" => "torchlit".to_string(),
        s => format!("torchlit-{s}"),
    };
    let mut graph = Graph::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, krate, deps, _] = cells.as_slice() else { continue };
        let Some(krate) = krate.strip_prefix('`').and_then(|k| k.strip_suffix('`')) else {
            continue;
        };
        let edges = match *deps {
            "(none)" => BTreeSet::new(),
            list => list.split(',').map(|d| full(d.trim())).collect(),
        };
        assert!(graph.insert(krate.to_string(), edges).is_none(), "{krate} listed twice");
    }
    graph
}

fn architecture() -> String {
    std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("read ARCHITECTURE.md")
}

#[test]
fn the_dependency_table_is_what_cargo_metadata_says() {
    let (have, want) = (document_graph(&architecture()), metadata_graph());
    let listed: BTreeSet<&String> = have.keys().collect();
    let real: BTreeSet<&String> = want.keys().collect();
    assert_eq!(listed, real, "ARCHITECTURE.md's crates (left) vs the workspace's (right)");
    for (krate, edges) in &want {
        assert_eq!(
            &have[krate], edges,
            "ARCHITECTURE.md's dependencies of {krate} (left) vs its Cargo.toml's (right)"
        );
    }
}

#[test]
fn every_crate_has_its_paragraph() {
    let text = architecture();
    for krate in metadata_graph().keys() {
        assert!(
            text.contains(&format!("**`{krate}`**")),
            "ARCHITECTURE.md: no paragraph on {krate}"
        );
    }
}

#[test]
fn the_table_reader_reads_rows_and_rejects_other_lines() {
    let g =
        document_graph("| `torchlit-a` | geom, map |\n| crate | x |\n| `torchlit-b` | (none) |\n");
    assert_eq!(g.len(), 2);
    assert_eq!(g["torchlit-a"].iter().collect::<Vec<_>>(), ["torchlit-geom", "torchlit-map"]);
    assert!(g["torchlit-b"].is_empty());
}
