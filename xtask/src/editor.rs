//! `cargo xtask editor`: the language server in a real editor. Neovim, headless,
//! starts `scoresheet lsp` for each fixture (`xtask/editor/nvim_check.lua`),
//! waits for its diagnostics and hovers on a move; the diagnostics Neovim holds
//! must be the problems `scoresheet validate --format json` reports for the
//! same file, at the same place (Neovim's byte columns against validate's
//! character columns, so the UTF-16 positions are checked on the way).

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{debug_binary, root, target_dir};

/// The files opened, and for each the text of a move to hover on.
const CASES: &[(&str, Option<&str>)] = &[
    ("fixtures/lsp/misprints.pgn", Some("Nf3 d6")),
    (
        "fixtures/desc/err/1902_lasker_spielmann_tarrasch_misprint.desc.txt",
        None,
    ),
];

/// Runs the check, or says why it cannot (no Neovim, and not root to install it).
pub fn run() -> Result<(), String> {
    if let Some(why) = neovim() {
        println!("xtask editor: skipped: {why}");
        return Ok(());
    }
    let bin = debug_binary()?;
    for (file, hover) in CASES {
        check(&bin, file, *hover)?;
        println!("xtask editor: {file}: Neovim shows validate's problems");
    }
    Ok(())
}

/// `None` when `nvim` runs (installed here with apt-get when missing and
/// root, as CI runs), else why the check is skipped.
fn neovim() -> Option<String> {
    let runs = || {
        Command::new("nvim")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if runs() {
        return None;
    }
    let root_user = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root_user {
        return Some(
            "nvim is not installed and this is not root, so it cannot be installed \
             (apt-get install neovim)"
                .into(),
        );
    }
    println!("xtask editor: installing neovim (apt-get update && apt-get install -y neovim)");
    let installed = Command::new("sh")
        .args([
            "-c",
            "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim",
        ])
        .status()
        .is_ok_and(|s| s.success());
    if installed && runs() {
        None
    } else {
        Some("nvim is not installed and apt-get install -y neovim failed".into())
    }
}

/// One problem: 0-based line, byte column, severity (1 error, 2 warning, 3
/// note: Neovim's numbers), kind, message.
type Seen = (u64, u64, u64, String, String);

fn check(bin: &Path, file: &str, hover: Option<&str>) -> Result<(), String> {
    let root = root();
    let text = std::fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))?;
    let out = target_dir().join("editor-check.json");
    let _ = std::fs::remove_file(&out);
    let (hover_line, hover_col) = match hover.and_then(|h| text.find(h)) {
        Some(at) => {
            let line = text[..at].matches('\n').count();
            let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let col: usize = text[start..at].chars().map(char::len_utf16).sum();
            (line, col)
        }
        None => (0, 0),
    };
    let status = Command::new("nvim")
        .args(["--headless", "--clean", "-u"])
        .arg(root.join("xtask/editor/nvim_check.lua"))
        .env("SCORESHEET_BIN", bin)
        .env("SCORESHEET_FILE", file)
        .env("SCORESHEET_OUT", &out)
        .env("SCORESHEET_HOVER_LINE", hover_line.to_string())
        .env("SCORESHEET_HOVER_COL", hover_col.to_string())
        .current_dir(&root)
        .stdin(Stdio::null())
        .status()
        .map_err(|e| format!("could not run nvim: {e}"))?;
    let report = std::fs::read_to_string(&out)
        .map_err(|e| format!("{file}: nvim ({status}) wrote no report: {e}"))?;
    let report: Value =
        serde_json::from_str(&report).map_err(|e| format!("{file}: nvim's report: {e}"))?;
    if let Some(e) = report.get("error") {
        return Err(format!("{file}: in nvim: {e}"));
    }
    let mut shown: Vec<Seen> = report["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            let message = d["message"].as_str().unwrap_or_default();
            (
                d["line"].as_u64().unwrap_or(u64::MAX),
                d["col"].as_u64().unwrap_or(u64::MAX),
                d["severity"].as_u64().unwrap_or(0),
                d["code"].as_str().unwrap_or_default().to_owned(),
                // Candidates and suggestions follow the message.
                message.split("; ").next().unwrap_or(message).to_owned(),
            )
        })
        .collect();
    shown.sort();
    let expected = validate(bin, file, &text)?;
    if expected.is_empty() {
        return Err(format!(
            "{file}: validate finds no problem: a case that cannot fail"
        ));
    }
    if shown != expected {
        return Err(format!(
            "{file}: Neovim shows\n{shown:#?}\nbut validate --format json reports\n{expected:#?}"
        ));
    }
    if hover.is_some() {
        let value = report["hover"].as_str().unwrap_or_default();
        if !value.contains("FEN `") || !value.contains("LAN `") {
            return Err(format!("{file}: the hover shows no move: {value:?}"));
        }
    }
    Ok(())
}

/// The problems `validate --format json` reports for `file`, placed as Neovim places them.
fn validate(bin: &Path, file: &str, text: &str) -> Result<Vec<Seen>, String> {
    let out = Command::new(bin)
        .args(["validate", "--format", "json", file])
        .current_dir(root())
        .env("SCORESHEET_NO_TIMING", "1")
        .output()
        .map_err(|e| format!("could not run validate: {e}"))?;
    let lines: Vec<&str> = text.split('\n').collect();
    let mut seen = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let game: Value = serde_json::from_str(line).map_err(|e| format!("validate: {e}"))?;
        for (field, severity) in [("errors", 1), ("warnings", 2), ("notes", 3)] {
            for p in game[field].as_array().into_iter().flatten() {
                let l = p["line"].as_u64().unwrap_or(1).saturating_sub(1);
                let chars = p["column"].as_u64().unwrap_or(1).saturating_sub(1) as usize;
                let bytes: usize = lines
                    .get(l as usize)
                    .map_or(0, |s| s.chars().take(chars).map(char::len_utf8).sum());
                seen.push((
                    l,
                    bytes as u64,
                    severity,
                    p["kind"].as_str().unwrap_or_default().to_owned(),
                    p["message"].as_str().unwrap_or_default().to_owned(),
                ));
            }
        }
    }
    seen.sort();
    Ok(seen)
}
