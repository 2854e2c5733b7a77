use std::collections::BTreeSet;
use std::fmt::Write as _;

use pretty_assertions::assert_eq;

use super::Kind;

const START: &str = "<!-- kinds: generated from scoresheet_notation::Kind, `BLESS=1 cargo test -p scoresheet-notation kind` rewrites it -->\n";
const END: &str = "<!-- end of kinds -->\n";

/// The table `docs/JSON.md` shows between its markers.
fn table() -> String {
    let mut out = String::from("| kind | severity | meaning |\n| --- | --- | --- |\n");
    for k in Kind::ALL {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} |",
            k.name(),
            k.severity(),
            k.meaning()
        );
    }
    out
}

#[test]
fn names_are_unique_kebab_case_and_read_back() {
    let mut seen = BTreeSet::new();
    for &k in Kind::ALL {
        let name = k.name();
        assert!(seen.insert(name), "{name} twice");
        assert!(
            !name.is_empty()
                && !name.starts_with('-')
                && !name.ends_with('-')
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{name} is not kebab-case"
        );
        assert_eq!(Kind::from_name(name), Some(k));
        assert!(k.meaning().ends_with('.'), "{name}: {}", k.meaning());
    }
    assert_eq!(Kind::from_name("no-such-kind"), None);
}

#[test]
fn docs_json_lists_every_kind_as_generated() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/JSON.md");
    let doc = std::fs::read_to_string(&path).expect("docs/JSON.md");
    let (Some(a), Some(b)) = (doc.find(START), doc.find(END)) else {
        panic!("docs/JSON.md lacks the markers of the kinds table:\n{START}{END}");
    };
    let shown = &doc[a + START.len()..b];
    let want = table();
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        let new = format!("{}{START}{want}{}", &doc[..a], &doc[b..]);
        std::fs::write(&path, new).expect("docs/JSON.md written");
        return;
    }
    assert_eq!(
        shown, want,
        "docs/JSON.md's kinds table is stale: run BLESS=1 cargo test -p scoresheet-notation kind"
    );
}

#[test]
fn every_kind_has_an_example_and_a_fix() {
    for &k in Kind::ALL {
        let (example, fix) = (k.example(), k.fix());
        assert!(!example.trim().is_empty(), "{k}: no example");
        assert!(
            fix.starts_with(|c: char| c.is_ascii_uppercase()) && fix.ends_with('.'),
            "{k}: the fix is a sentence: {fix}"
        );
    }
}
