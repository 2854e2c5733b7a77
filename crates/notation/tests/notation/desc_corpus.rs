//! Reads every `.desc.txt` of the shared descriptive corpus (when present) and checks that
//! every ply reads and that the ply count equals the paired SAN file's.

use std::path::{Path, PathBuf};

use scoresheet_notation::LineIndex;
use scoresheet_notation::desc::read_book;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/desc/corpus");

/// Games whose descriptive text and SAN pairing differ in length for a documented reason,
/// as (name, reason). None is needed today: the Blue Book pairings that end in a null move
/// `--` (BB05, BB16, BB17, DISCREPANCIES.md) are handled by not counting `--`, the
/// misprints listed in DISCREPANCIES.md are board-level problems (the text still reads), and
/// MCC-G8 has no SAN pairing at all (INDEX.tsv), so it is only checked for readability.
const KNOWN_LENGTH_DIFFERENCES: &[(&str, &str)] = &[];

/// Misprints of the Chess Strategy e-text that no reading of the grammar accepts: each file,
/// the line and the whole token the reader must report there (the board's corpus test
/// holds the rest of the misprints, which read but have no legal move).
const UNREADABLE_MISPRINTS: &[(&str, usize, &str)] = &[
    ("LASKER-CS-02", 23, "KR-KI"),
    ("LASKER-CS-14", 8, "Kt-P"),
    ("LASKER-CS-18", 7, "BxKtQ"),
];

fn desc_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            desc_files(&p, out);
        } else if p.to_string_lossy().ends_with(".desc.txt") {
            out.push(p);
        }
    }
}

/// The number of SAN moves in a PGN: tags, comments, variations, NAGs, numbers, results
/// and null moves (`--`) left out.
fn san_plies(pgn: &str) -> usize {
    let mut out = String::new();
    let mut depth_paren = 0usize;
    let mut in_brace = false;
    for line in pgn.lines() {
        if line.trim_start().starts_with('[') && !in_brace && depth_paren == 0 {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' if !in_brace => in_brace = true,
                '}' if in_brace => in_brace = false,
                '(' if !in_brace => depth_paren += 1,
                ')' if !in_brace => depth_paren = depth_paren.saturating_sub(1),
                _ if in_brace || depth_paren > 0 => {}
                c => out.push(c),
            }
        }
        out.push(' ');
    }
    out.split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| {
            !t.is_empty()
                && !t.starts_with('$')
                && !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*" | "--")
        })
        .count()
}

#[test]
fn every_corpus_ply_reads_and_counts_match() {
    let root = Path::new(CORPUS);
    if !root.is_dir() {
        println!("skipped: {CORPUS} not present");
        return;
    }
    let mut files = Vec::new();
    desc_files(root, &mut files);
    let texts: Vec<Vec<u8>> = files
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_default())
        .collect();
    let started = std::time::Instant::now();
    let plies: usize = texts.iter().map(|t| read_book(t).plies.len()).sum();
    let elapsed = started.elapsed();
    let bytes: usize = texts.iter().map(Vec::len).sum();
    println!(
        "read {plies} plies ({bytes} bytes) in {elapsed:?}: {:.0} plies/s",
        plies as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    let (mut total, mut ok) = (0usize, 0usize);
    let mut problems = Vec::new();
    for path in &files {
        let text = std::fs::read(path).unwrap_or_default();
        let book = read_book(&text);
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().replace(".desc.txt", ""))
            .unwrap_or_default();
        let index = LineIndex::new(&text);
        let known = |span: scoresheet_notation::Span| {
            UNREADABLE_MISPRINTS.iter().any(|&(n, line, token)| {
                n == name
                    && index.line_col(span.start()).line == line
                    && span.slice(&text) == token.as_bytes()
            })
        };
        let reported = book
            .plies
            .iter()
            .filter(|p| p.result.is_err() && known(p.span))
            .count();
        if UNREADABLE_MISPRINTS.iter().any(|m| m.0 == name) && reported != 1 {
            problems.push(format!(
                "{name}: its misprint is not reported at its line, with its whole token"
            ));
        }
        for ply in &book.plies {
            total += 1;
            match &ply.result {
                Ok(_) => ok += 1,
                Err(_) if known(ply.span) => {}
                Err(e) => problems.push(format!("{name}: {}: {e}", index.line_col(e.span.start()))),
            }
        }
        for d in book.diagnostics() {
            if d.severity == scoresheet_notation::Severity::Error && !known(d.span) {
                problems.push(format!(
                    "{name}: {}: {}",
                    index.line_col(d.span.start()),
                    d.message
                ));
            }
        }
        for note in &book.notes {
            if note.kind == "commentary" {
                println!(
                    "{name}: {}: {}",
                    index.line_col(note.span.start()),
                    String::from_utf8_lossy(note.span.slice(&text))
                );
            }
        }
        let san = path.with_file_name(format!("{name}.san.pgn"));
        if let Ok(pgn) = std::fs::read_to_string(&san) {
            let expected = san_plies(&pgn);
            if expected != book.plies.len()
                && !KNOWN_LENGTH_DIFFERENCES.iter().any(|(n, _)| *n == name)
            {
                problems.push(format!(
                    "{name}: {} plies read, {expected} in {}",
                    book.plies.len(),
                    san.display()
                ));
            }
        }
    }
    println!("corpus: {ok}/{total} plies read in {} files", files.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
