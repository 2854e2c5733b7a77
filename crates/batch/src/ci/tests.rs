use pretty_assertions::assert_eq;

use super::{Sarif, github_data, github_line, github_property, sarif_uri, use_color};
use crate::options::ColorChoice as ColorArg;
use crate::report::{GameRef, Problem, Summary};

fn problem(kind: &'static str, message: &str) -> Problem {
    Problem {
        line: 12,
        column: 18,
        ply: Some(4),
        text: "Nc5".into(),
        kind,
        message: message.into(),
        candidates: Vec::new(),
        suggestions: Vec::new(),
        duplicate_of: None,
        misprint: None,
        start: 0,
        end: 0,
    }
}

#[test]
fn github_commands_escape_as_the_toolkit_does() {
    assert_eq!(github_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
    assert_eq!(github_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    // Every other control character too, C1 controls byte by byte.
    assert_eq!(
        github_data("a\x1b[31mb\tc\u{85}d\u{7f}"),
        "a%1B[31mb%09c%C2%85d%7F"
    );
    assert_eq!(github_property("x\x00y.pgn"), "x%00y.pgn");
    let p = problem("illegal-move", "no black knight can move to c5, 100%");
    assert_eq!(
        github_line("dir/a,b:c.pgn", 3, "error", &p),
        "::error file=dir/a%2Cb%3Ac.pgn,line=12,col=18,title=illegal-move::\
         game 3, ply 4 (Nc5): no black knight can move to c5, 100%25"
    );
    assert!(github_line("a.pgn", 3, "warning", &p).starts_with("::warning file=a.pgn,"));
    assert!(github_line("a.pgn", 3, "note", &p).starts_with("::notice file=a.pgn,"));
}

#[test]
fn sarif_uris_are_percent_encoded_paths() {
    assert_eq!(sarif_uri(b"games/a-b_c.~1.pgn"), "games/a-b_c.~1.pgn");
    assert_eq!(sarif_uri(b"<stdin>"), "%3Cstdin%3E");
    assert_eq!(
        sarif_uri("my games/é.pgn".as_bytes()),
        "my%20games/%C3%A9.pgn"
    );
    // A name that is not UTF-8 keeps its bytes.
    assert_eq!(sarif_uri(b"caf\xe9.pgn"), "caf%E9.pgn");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal_without_no_color() {
    for terminal in [false, true] {
        for no_color in [false, true] {
            assert!(use_color(ColorArg::Always, terminal, no_color));
            assert!(!use_color(ColorArg::Never, terminal, no_color));
            assert_eq!(
                use_color(ColorArg::Auto, terminal, no_color),
                terminal && !no_color
            );
        }
    }
}

/// A log with every shape of result: located or not, with candidates,
/// suggestions, a duplicate, each level; and a log without results.
fn logs() -> Vec<serde_json::Value> {
    let mut located = problem(
        "ambiguous-move",
        "ambiguous: 2 white knights can move to d2",
    );
    located.candidates = vec!["Nfd2 (Nf3-d2)".into(), "Nbd2 (Nb1-d2)".into()];
    let mut suggested = problem("no-legal-reading", "no legal reading");
    suggested.suggestions = vec!["Rhe1 (Rh1-e1)".into()];
    let mut duplicate = problem("duplicate", "the same game as game 1 of a.pgn");
    (duplicate.ply, duplicate.text) = (None, String::new());
    duplicate.duplicate_of = Some(GameRef {
        file: "a.pgn".into(),
        game: 1,
    });
    let mut unlocated = problem("game-too-large", "too large");
    (unlocated.line, unlocated.column) = (0, 0);
    let results = [
        ("error", located),
        ("warning", suggested),
        ("error", duplicate),
        ("note", unlocated),
    ];
    let summary = Summary {
        files: 1,
        games: 4,
        ..Summary::default()
    };
    let mut logs = Vec::new();
    for n in [results.len(), 0] {
        let mut sarif = Sarif::default();
        let mut out = Vec::new();
        let written = sarif.start(&mut out).and_then(|()| {
            for (severity, p) in results.iter().take(n) {
                sarif.result(&mut out, b"my games/a.pgn", 2, severity, p)?;
            }
            sarif.finish(&mut out, &summary)
        });
        assert!(written.is_ok());
        let log = serde_json::from_slice(&out);
        assert!(log.is_ok(), "{}", String::from_utf8_lossy(&out));
        logs.extend(log.ok());
    }
    logs
}

#[test]
fn sarif_logs_are_valid_against_the_sarif_2_1_0_schema() {
    let schema = include_str!("../../../../fixtures/sarif/sarif-schema-2.1.0.json");
    let schema: serde_json::Value = serde_json::from_str(schema).unwrap_or_default();
    let validator = jsonschema::validator_for(&schema);
    assert!(validator.is_ok(), "{:?}", validator.err());
    let Ok(validator) = validator else { return };
    let logs = logs();
    assert_eq!(logs.len(), 2);
    for log in &logs {
        let errors: Vec<String> = validator.iter_errors(log).map(|e| e.to_string()).collect();
        assert_eq!(errors, Vec::<String>::new(), "{log}");
    }
    // The schema does reject what is wrong: a level SARIF does not have, a
    // line of 0, no version.
    let mut bad = logs[0].clone();
    bad["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&bad));
    let mut bad = logs[0].clone();
    bad["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    assert!(!validator.is_valid(&bad));
    let mut bad = logs[0].clone();
    bad.as_object_mut().map(|o| o.remove("version"));
    assert!(!validator.is_valid(&bad));

    // Columns count characters, as every report's do.
    assert_eq!(logs[0]["runs"][0]["columnKind"], "unicodeCodePoints");
    // What each result carries: the kind as the rule, the level, the message,
    // the artifact and the region.
    let r = &logs[0]["runs"][0]["results"];
    assert_eq!(r[0]["ruleId"], "ambiguous-move");
    assert_eq!(r[0]["level"], "error");
    assert_eq!(
        r[0]["message"]["text"],
        "game 2, ply 4 (Nc5): ambiguous: 2 white knights can move to d2; \
         candidates: Nfd2 (Nf3-d2), Nbd2 (Nb1-d2)"
    );
    let location = &r[0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "my%20games/a.pgn");
    assert_eq!(location["region"]["startLine"], 12);
    assert_eq!(location["region"]["startColumn"], 18);
    assert_eq!(r[1]["level"], "warning");
    assert_eq!(r[2]["properties"]["duplicate_of"]["game"], 1);
    assert_eq!(r[3]["level"], "note");
    assert!(
        r[3]["locations"][0]["physicalLocation"]
            .get("region")
            .is_none()
    );
    let rules = &logs[0]["runs"][0]["tool"]["driver"]["rules"];
    assert_eq!(rules.as_array().map(Vec::len), Some(4));
    assert_eq!(logs[0]["runs"][0]["properties"]["summary"]["games"], 4);
}
