//! `scoresheet explain`: every kind's example has the problem it explains,
//! and names typed wrong get the nearest ones.

use scoresheet_cli::args::nearest;
use scoresheet_cli::explain::{example_command, example_report};
use scoresheet_notation::Kind;

#[test]
fn every_example_gets_a_report_of_its_kind() {
    let mut wrong = Vec::new();
    for &kind in Kind::ALL {
        let report = example_report(kind).expect("reports are written to memory");
        match example_command(kind) {
            Some(_) => {
                let mark = format!("[{kind}]");
                if !report.iter().any(|l| l.contains(&mark)) {
                    wrong.push(format!("{kind}: {report:?}"));
                }
            }
            None => {
                assert!(report.is_empty(), "{kind}");
                assert!(
                    kind.example().starts_with('(') && kind.example().ends_with(')'),
                    "{kind}: an example no command shows is a description in parentheses"
                );
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "examples without their kind:\n{}",
        wrong.join("\n")
    );
}

#[track_caller]
fn check_nearest(word: &str, expected: &[&str]) {
    let names = Kind::ALL.iter().map(|k| k.name());
    assert_eq!(nearest(word, names), expected);
}

#[test]
fn a_mistyped_kind_gets_the_nearest_names() {
    check_nearest("duplicte", &["duplicate"]);
    check_nearest("Zero-Castling", &["zero-castling"]);
    check_nearest("ilegal-move", &["illegal-move"]);
    check_nearest(
        "check",
        &[
            "wrong-check-mark",
            "missing-check-mark",
            "tie-break-check-marker",
            "check-mark-mismatch",
        ],
    );
    check_nearest("xyzzy", &[]);
}
