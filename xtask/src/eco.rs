//! `cargo xtask eco [FILE...]`: the openings `validate --eco` names, against
//! the labels lichess wrote into its own exports (default: the lichess games
//! of `../shared/corpus/online`). Each game's `ECO` tag is compared with the
//! code of the opening named by position, and its `Opening` tag with the full
//! name; the games that differ are listed. docs/CLI.md gives the figures.

use std::path::PathBuf;

use crate::util::{rel, release_binary, root};

pub fn run(args: &[String]) -> Result<(), String> {
    let files: Vec<PathBuf> = if args.is_empty() {
        vec![root().join("../shared/corpus/online/lichess_db_1000k.pgn")]
    } else {
        args.iter().map(|a| root().join(a)).collect()
    };
    let bin = release_binary()?;
    let (mut games, mut labelled, mut same_eco, mut same_name) = (0u64, 0u64, 0u64, 0u64);
    let mut differ = Vec::new();
    for file in &files {
        let path = file.to_string_lossy().into_owned();
        // An invalid game (exit 1) is reported like the others.
        let out = std::process::Command::new(&bin)
            .args(["validate", "--eco", "--json", "--no-progress", &path])
            .output()
            .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
        if !matches!(out.status.code(), Some(0 | 1)) {
            return Err(format!("validate --eco {path} failed ({})", out.status));
        }
        let json = String::from_utf8_lossy(&out.stdout);
        for line in json.lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if v["type"] != "game" {
                continue;
            }
            games += 1;
            let tags = &v["tags"];
            let (Some(eco), Some(name)) = (tags["ECO"].as_str(), tags["Opening"].as_str()) else {
                continue;
            };
            labelled += 1;
            // A game without a named position: lichess writes `?` (its games
            // without moves), scoresheet gives no opening.
            let ours_eco = v["opening"]["eco"].as_str().unwrap_or("?");
            let ours_name = v["opening"]["name"].as_str().unwrap_or("?");
            same_eco += u64::from(eco == ours_eco);
            same_name += u64::from(name == ours_name);
            if eco != ours_eco || name != ours_name {
                let site = tags["Site"].as_str().unwrap_or("?");
                differ.push(format!(
                    "  {site}: lichess {eco} {name:?}, scoresheet {ours_eco} {ours_name:?}"
                ));
            }
        }
        println!("xtask eco: {}", rel(file));
    }
    let pct = |n: u64| {
        if labelled == 0 {
            0.0
        } else {
            100.0 * n as f64 / labelled as f64
        }
    };
    println!(
        "xtask eco: {games} games, {labelled} with lichess's ECO and Opening tags: \
         ECO agrees on {same_eco} ({:.1}%), the full name on {same_name} ({:.1}%)",
        pct(same_eco),
        pct(same_name)
    );
    for d in &differ {
        println!("{d}");
    }
    Ok(())
}
