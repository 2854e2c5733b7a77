//! Every diagnostic kind is documented. The library's kinds are one enum,
//! `scoresheet_notation::Kind`, whose table in `docs/JSON.md` is generated and
//! checked by a test of the notation crate; this check covers what that test
//! cannot see: kinds written as strings outside the enum (the CLI's own, a
//! literal after the severity in `Diagnostic::new(..)`, `kind: "..."` /
//! `kind = "..."`) and the kinds the fixtures' expected outputs show
//! (`error[KIND]`, `"kind":"KIND"`). Each must stand in `docs/JSON.md` as
//! `` `KIND` ``.

use std::collections::BTreeSet;

use crate::util::{root, walk};

/// Whether `s` is a kebab-case kind: lower-case words joined by `-`.
fn is_kind(s: &str) -> bool {
    !s.is_empty()
        && s.contains('-')
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

/// The string literal at the start of `s` (after blanks), if any.
fn literal(s: &str) -> Option<&str> {
    let s = s.trim_start().strip_prefix('"')?;
    s.split('"').next()
}

/// The kinds written in Rust source `text`.
fn kinds_in_source(text: &str, out: &mut BTreeSet<String>) {
    for (at, _) in text.match_indices("Diagnostic::new(") {
        let rest = &text[at + "Diagnostic::new(".len()..];
        // The severity, then the kind.
        if let Some(comma) = rest.find(',') {
            if let Some(k) = literal(&rest[comma + 1..]).filter(|k| is_kind(k)) {
                out.insert(k.to_owned());
            }
        }
    }
    for marker in ["kind: \"", "kind = \""] {
        for (at, _) in text.match_indices(marker) {
            let rest = &text[at + marker.len() - 1..];
            if let Some(k) = literal(rest).filter(|k| is_kind(k)) {
                out.insert(k.to_owned());
            }
        }
    }
}

/// The kinds shown in an expected output `text`.
fn kinds_in_output(text: &str, out: &mut BTreeSet<String>) {
    for open in ["error[", "warning[", "note["] {
        for (at, _) in text.match_indices(open) {
            let rest = &text[at + open.len()..];
            if let Some(k) = rest.split(']').next().filter(|k| is_kind(k)) {
                out.insert(k.to_owned());
            }
        }
    }
    for (at, _) in text.match_indices("\"kind\":\"") {
        let rest = &text[at + "\"kind\":".len()..];
        if let Some(k) = literal(rest).filter(|k| is_kind(k)) {
            out.insert(k.to_owned());
        }
    }
}

/// `Ok` when every kind is documented, else the undocumented ones.
pub fn check() -> Result<(), String> {
    let mut kinds = BTreeSet::new();
    for path in walk(&root().join("crates")) {
        let name = path.to_string_lossy();
        // Test code writes kinds it expects, not kinds it reports.
        if name.ends_with(".rs") && name.contains("/src/") && !name.ends_with("tests.rs") {
            kinds_in_source(
                &std::fs::read_to_string(&path).unwrap_or_default(),
                &mut kinds,
            );
        }
    }
    for path in walk(&root().join("fixtures")) {
        if path.to_string_lossy().ends_with(".expected") {
            kinds_in_output(
                &std::fs::read_to_string(&path).unwrap_or_default(),
                &mut kinds,
            );
        }
    }
    let doc = std::fs::read_to_string(root().join("docs/JSON.md"))
        .map_err(|e| format!("reading docs/JSON.md: {e}"))?;
    let missing: Vec<&String> = kinds
        .iter()
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .collect();
    if missing.is_empty() {
        println!(
            "xtask check: all {} diagnostic kinds are documented in docs/JSON.md",
            kinds.len()
        );
        return Ok(());
    }
    Err(format!(
        "diagnostic kinds missing from docs/JSON.md: {}",
        missing
            .iter()
            .map(|k| k.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}
