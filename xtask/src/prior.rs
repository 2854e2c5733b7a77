//! `cargo xtask prior`: the prior over moves' weights
//! (`crates/board/src/prior/weights.rs`) fitted again from their data, and
//! checked to be the ones shipped.
//!
//! - `cargo xtask prior` fits the weights to [`DATA`] (the fitter is the
//!   `fit` of `crates/board/examples/prior.rs`, built with the `test` profile:
//!   optimised, without the release profile's link-time optimisation) and
//!   writes the table with a header naming the command, each data file's
//!   hash, the hashes of the sources that made it (the features in
//!   `crates/board/src/prior.rs` and the fitter) and of the weights. Same
//!   data, same sources: the same bytes.
//! - `cargo xtask prior --check` fits them again and fails unless the shipped
//!   file is byte for byte what the fit writes (needs `../shared`, and takes a
//!   minute or more: its own step, not `ci`'s).
//! - `cargo xtask prior --check-stamp` (in `ci`, instant, reads no data):
//!   the shipped file's header names the command and the data, its weights
//!   are the ones hashed in it (no hand edit), and the features and the
//!   fitter are the sources it names (a change to either needs a new fit).

use std::path::{Path, PathBuf};

use crate::util::{cargo, root, target_dir};

/// The games the weights are fitted to (relative to the checkout): not the
/// games `cargo xtask misprints` decodes (`../shared/corpus/strict`).
pub const DATA: &[&str] = &[
    "../shared/corpus/online/lichess_db_1000k.pgn",
    "../shared/corpus/lan/twic0920_first500_halg.pgn",
];

/// The most games read (shared evenly between the files).
const GAMES: usize = 3000;

/// Gradient steps of the fit.
const STEPS: usize = 300;

/// The shipped weights.
const WEIGHTS: &str = "crates/board/src/prior/weights.rs";

/// The sources whose change makes other weights: the features and the
/// fitter.
const SOURCES: &[(&str, &str)] = &[
    ("features", "crates/board/src/prior.rs"),
    ("fitter", "crates/board/examples/prior.rs"),
];

/// The command named in the header.
const COMMAND: &str = "cargo xtask prior";

/// Runs `cargo xtask prior [--check | --check-stamp]`.
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        None => {
            let text = fit()?;
            write(&root().join(WEIGHTS), &text)?;
            println!("xtask prior: wrote {WEIGHTS}");
            Ok(())
        }
        Some("--check") => {
            let text = fit()?;
            let shipped = read(&root().join(WEIGHTS))?;
            if shipped == text {
                println!("xtask prior: {WEIGHTS} is what `{COMMAND}` writes");
                Ok(())
            } else {
                let fresh = target_dir().join("prior-weights.rs");
                write(&fresh, &text)?;
                Err(format!(
                    "{WEIGHTS} is not what `{COMMAND}` writes now (written to {}): run `{COMMAND}`",
                    fresh.display()
                ))
            }
        }
        Some("--check-stamp") => check_stamp(&read(&root().join(WEIGHTS))?),
        Some(other) => Err(format!(
            "prior takes --check or --check-stamp, found {other:?}"
        )),
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// FNV-1a, 64 bits: a stable hash (the standard library's may change between
/// releases), enough to tell one input from another.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The hash of a file's bytes, as the header writes it.
fn file_hash(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(format!("{:016x}", fnv1a(&bytes)))
}

/// The hash of the weights in a file's text whatever its layout: every
/// number after the header, in order.
fn weights_hash(text: &str) -> String {
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    let numbers: Vec<&str> = body
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|t| t.bytes().any(|b| b.is_ascii_digit()))
        .collect();
    format!("{:016x}", fnv1a(numbers.join(",").as_bytes()))
}

/// The header's lines: `key: value`.
fn header(data: &[(String, String)], sources: &[(String, String)], weights: &str) -> String {
    let mut out = String::from(
        "//! The prior's weights (docs/DECODE.md), written by `cargo xtask prior`,\n\
         //! which fits them to the games below; `cargo xtask prior --check` fits\n\
         //! them again and compares. Not to be edited by hand.\n//!\n",
    );
    out.push_str(&format!("//! command: {COMMAND}\n"));
    for (path, hash) in data {
        out.push_str(&format!("//! data: {path} fnv1a64 {hash}\n"));
    }
    out.push_str(&format!("//! games: {GAMES}, steps: {STEPS}\n"));
    for (name, hash) in sources {
        out.push_str(&format!("//! {name} fnv1a64 {hash}\n"));
    }
    out.push_str(&format!("//! weights: fnv1a64 {weights}\n\n"));
    // Clippy takes a fitted number near a constant (0.318 and 1/pi) for a
    // rounded constant.
    out.push_str(
        "// Fitted numbers, not rounded constants.\n#![allow(clippy::approx_constant)]\n\n",
    );
    out
}

/// The sources' lines of the header: `features: PATH`, `fitter: PATH`.
fn source_hashes() -> Result<Vec<(String, String)>, String> {
    SOURCES
        .iter()
        .map(|(name, path)| Ok((format!("{name}: {path}"), file_hash(&root().join(path))?)))
        .collect()
}

/// The weights file the fit writes now, header and all.
fn fit() -> Result<String, String> {
    let mut data = Vec::new();
    let mut paths: Vec<PathBuf> = Vec::new();
    for d in DATA {
        let path = root().join(d);
        if !path.is_file() {
            return Err(format!(
                "{}: absent (the prior is fitted to ../shared/corpus)",
                path.display()
            ));
        }
        data.push(((*d).to_owned(), file_hash(&path)?));
        paths.push(path);
    }
    let table = target_dir().join("prior-fit.rs");
    let status = cargo()
        .args([
            "run",
            "--quiet",
            "--profile",
            "test",
            "-p",
            "scoresheet-board",
            "--example",
            "prior",
            "--",
            "fit",
        ])
        .args(&paths)
        .env("OUT", &table)
        .env("GAMES", GAMES.to_string())
        .env("STEPS", STEPS.to_string())
        .status()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("the fit failed ({status})"));
    }
    // Laid out as `cargo fmt` lays it out, so that the shipped file passes
    // `cargo fmt --check` as written.
    let status = std::process::Command::new("rustfmt")
        .args(["--edition", "2024"])
        .arg(&table)
        .status()
        .map_err(|e| format!("could not run rustfmt: {e}"))?;
    if !status.success() {
        return Err(format!("rustfmt failed ({status})"));
    }
    let body = read(&table)?;
    let body = body.trim_start_matches('\n');
    Ok(format!(
        "{}{body}",
        header(&data, &source_hashes()?, &weights_hash(body))
    ))
}

/// The value of the header line `key: value` (the first such line).
fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("//! "))
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(": "))
}

/// What `ci` checks without the data: the header names the command and the
/// data, the weights are the ones it hashes, and the sources it names are
/// the ones in the checkout.
fn check_stamp(text: &str) -> Result<(), String> {
    let stale = |what: String| {
        Err(format!(
            "{WEIGHTS}: {what}: run `{COMMAND}` (fits the weights to ../shared/corpus; docs/DECODE.md)"
        ))
    };
    if field(text, "command") != Some(COMMAND) {
        return stale(format!("the header does not name `{COMMAND}`"));
    }
    let data: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("//! data: "))
        .collect();
    let named: Vec<&str> = data.iter().filter_map(|l| l.split(' ').next()).collect();
    if named != DATA || data.iter().any(|l| l.split(' ').count() != 3) {
        return stale(format!(
            "the header's data are not {DATA:?} with their hashes"
        ));
    }
    if field(text, "games") != Some(&format!("{GAMES}, steps: {STEPS}")) {
        return stale(format!(
            "the header does not say {GAMES} games, {STEPS} steps"
        ));
    }
    for (name, hash) in source_hashes()? {
        let (key, path) = name.split_once(": ").unwrap_or((&name, ""));
        let line = format!("{path} fnv1a64 {hash}");
        if field(text, key) != Some(&line) {
            return stale(format!(
                "{path} is not the one the weights were fitted with"
            ));
        }
    }
    let hash = weights_hash(text);
    if field(text, "weights") != Some(&format!("fnv1a64 {hash}")) {
        return stale("the weights are not the ones the header hashes (edited by hand?)".into());
    }
    println!("xtask prior: {WEIGHTS} names its command, data and sources, and they match");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_hash_ignores_layout_and_header() {
        let a = "//! weights: fnv1a64 0\n\npub const W: [f64; 2] = [0.1, -0.2];\n";
        let b = "pub const W: [f64; 2] = [\n    0.1,\n    -0.2,\n];\n";
        assert_eq!(weights_hash(a), weights_hash(b));
        assert_ne!(
            weights_hash(a),
            weights_hash("pub const W: [f64; 2] = [0.1, -0.3];")
        );
    }

    #[test]
    fn the_shipped_weights_are_stamped() {
        // What `cargo xtask ci` checks: the header is whole and current.
        let text = read(&root().join(WEIGHTS)).unwrap_or_default();
        assert_eq!(check_stamp(&text), Ok(()));
        // A hand edit of one weight is caught.
        let edited = text.replacen("0.", "1.", 1);
        assert!(check_stamp(&edited).is_err());
    }
}
