//! docs/NOTATION.md's table of move notations against the judge: every
//! example of every row is played where it is legal, strictly and leniently,
//! and must get the verdict its row gives.

use pretty_assertions::assert_eq;
use scoresheet_notation::Severity;

use super::Judge;
use crate::replay::ReplayOptions;

/// Where each example is legal: a FEN (`None`: the standard position) and the
/// movetext before it (ending with the move number when White plays it).
fn context(example: &str) -> Option<(Option<&'static str>, &'static str)> {
    const CASTLE: &str = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    const PROMOTE: &str = "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    Some(match example {
        "e4" | "Nf3" | "Ng1-f3" | "e2-e4" | "g1f3" | "e2e4" | "Ngf3" | "Ng1f3" | "--" | "Z0"
        | "0000" | "nf3" | "♘f3" | "N-f3" | "Nxf3" | "Nf3±" | "Nf3⩱" | "Nf3 +-" | "P-K4"
        | "N-KB3" => (None, "1."),
        "exd5" | "e4xd5" | "ed5" => (None, "1. e4 d5 2."),
        "qxd5" | "Q:d5" => (None, "1. e4 d5 2. exd5"),
        "♞c6" => (None, "1. e4"),
        "Nbd2" => (None, "1. Nf3 e5 2. d3 d5 3."),
        "R1a3" => (Some("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1"), "1."),
        "exd8=Q" => (Some(PROMOTE), "1."),
        "e7-e8=Q" | "e7e8q" | "e8Q" | "e8(Q)" | "e8/Q" => {
            (Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), "1.")
        }
        "O-O" | "O-O-O" | "0-0" | "0-0-0" | "o-o" | "O--O" | "O–O" | "O—O" | "O‑O" | "0—0—0" => {
            (Some(CASTLE), "1.")
        }
        _ => return None,
    })
}

/// A verdict cell: `yes`, or a severity with the kinds one of which is expected.
#[derive(Debug, PartialEq, Eq)]
enum Cell {
    Yes,
    Reported(Severity, Vec<String>),
}

fn cell(text: &str) -> Cell {
    let text = text.trim();
    if text == "yes" {
        return Cell::Yes;
    }
    let severity = if text.starts_with("error") {
        Severity::Error
    } else if text.starts_with("warning") {
        Severity::Warning
    } else {
        panic!("a verdict cell is `yes`, `error (...)` or `warning (...)`: {text:?}");
    };
    Cell::Reported(severity, backticked(text))
}

/// The texts between backticks.
fn backticked(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// What the judge says of `example` in its context, as a cell would say it.
fn verdict(example: &str, strict: bool) -> Cell {
    let (fen, before) = context(example).unwrap_or_else(|| {
        panic!("the example `{example}` of docs/NOTATION.md has no position in this test")
    });
    let tags = fen.map_or(String::new(), |f| format!("[SetUp \"1\"]\n[FEN \"{f}\"]\n"));
    let text = format!("[Event \"t\"]\n{tags}\n{before} {example} *\n");
    let mut judge = Judge::new(ReplayOptions {
        strict,
        ..ReplayOptions::default()
    });
    let j = judge.judge(text.as_bytes());
    let reported: Vec<&scoresheet_notation::Diagnostic> = j
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Note)
        .collect();
    match reported.first() {
        None => Cell::Yes,
        Some(d) => {
            let mut kinds: Vec<String> =
                reported.iter().map(|d| d.kind.name().to_owned()).collect();
            kinds.dedup();
            Cell::Reported(d.severity, kinds)
        }
    }
}

/// Whether the judge's cell fits the table's: `yes` for `yes`; the severity,
/// and every kind reported among the row's kinds.
fn fits(got: &Cell, want: &Cell) -> bool {
    match (got, want) {
        (Cell::Yes, Cell::Yes) => true,
        (Cell::Reported(gs, gk), Cell::Reported(ws, wk)) => {
            gs == ws && !gk.is_empty() && gk.iter().all(|k| wk.contains(k))
        }
        _ => false,
    }
}

#[test]
fn the_table_of_move_notations_is_what_the_judge_does() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/NOTATION.md");
    let doc = std::fs::read_to_string(path).expect("docs/NOTATION.md");
    let section = doc
        .split("## Moves")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a Moves section");
    let rows: Vec<Vec<&str>> = section
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("| ---"))
        .skip(1)
        .map(|l| l.trim_matches('|').split(" | ").collect())
        .collect();
    assert!(rows.len() >= 10, "the table has its rows: {rows:?}");
    let mut wrong = Vec::new();
    let mut checked = 0;
    for row in &rows {
        let [name, examples, strict, lenient] = row[..] else {
            panic!("a row has four cells: {row:?}");
        };
        let (strict, lenient) = (cell(strict), cell(lenient));
        // The examples before a `;` (what follows describes, as Chess960 castling).
        let examples = examples.split(';').next().unwrap_or_default();
        for example in backticked(examples) {
            checked += 1;
            for (is_strict, want) in [(true, &strict), (false, &lenient)] {
                let got = verdict(&example, is_strict);
                if !fits(&got, want) {
                    let mode = if is_strict { "strict" } else { "lenient" };
                    wrong.push(format!(
                        "{}: `{example}` {mode}: the table says {want:?}, the judge {got:?}",
                        name.trim()
                    ));
                }
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
    assert!(checked >= 40, "{checked} examples");
}

#[test]
fn a_cell_that_does_not_fit_is_found() {
    // The test above can fail: a quiet SAN move is no warning, and a LAN move is one.
    assert!(!fits(
        &verdict("Nf3", false),
        &cell("warning (`lowercase-piece`)")
    ));
    assert!(!fits(&verdict("Ng1-f3", false), &cell("yes")));
    assert!(!fits(
        &verdict("Ng1-f3", true),
        &cell("warning (`long-algebraic`)")
    ));
}
