use super::*;
use crate::report::{At, GameRef};

/// A problem with every optional part, its text holding what must be escaped.
fn problem_with_everything(text: &str) -> Problem {
    Problem {
        line: 12,
        column: 7,
        ply: Some(33),
        text: text.to_owned(),
        kind: "illegal-move",
        message: format!("no legal move {text}"),
        candidates: vec!["Nbd2 (Nb1-d2)".to_owned(), text.to_owned()],
        suggestions: vec!["Rhe1 (Rh1-e1)".to_owned()],
        duplicate_of: Some(GameRef {
            file: format!("dir/{text}.pgn"),
            game: 4,
        }),
        misprint: Some(MisprintAt {
            line: 11,
            column: 1,
            ply: 31,
            text: text.to_owned(),
            change: "replaced",
            suggestions: vec!["Nf3".to_owned()],
            note: "not written".to_owned(),
        }),
        start: 5,
        end: 9,
    }
}

fn report(tags: Vec<(String, String)>, odd: &str) -> GameReport {
    let mut bare = problem_with_everything(odd);
    bare.ply = None;
    bare.candidates.clear();
    bare.suggestions.clear();
    bare.duplicate_of = None;
    bare.misprint = None;
    GameReport {
        object: "game",
        file: "a.pgn".to_owned(),
        game: u64::MAX,
        at: At {
            line: 1,
            column: 2,
            offset: 0,
            length: 1234,
        },
        notation: Some("san"),
        tags,
        valid: false,
        plies: 7,
        fen: "8/8/8/8/8/8/8/8 w - - 0 1".to_owned(),
        errors: vec![problem_with_everything(odd)],
        warnings: vec![bare.clone(), bare],
        notes: Vec::new(),
        key: None,
        opening: Some(Some(crate::report::OpeningName {
            eco: "B12",
            name: "Caro-Kann Defense: Advance Variation",
        })),
    }
}

/// What `serde_json` writes for `g`, the writer's `file` being its file name.
fn by_serde(g: &GameReport) -> String {
    serde_json::to_string(g).expect("serialisable")
}

fn by_writer(g: &GameReport) -> String {
    let mut file = Vec::new();
    string(&mut file, &g.file);
    let mut out = Vec::new();
    game(&mut out, g, &file);
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn a_report_is_written_as_serde_json_writes_it() {
    let every_control: String = (0u8..0x20).map(char::from).collect();
    for odd in [
        "",
        "Nf3",
        "\"quoted\" \\ back",
        &every_control,
        "é ü ♞ \u{7f} \u{2028} 𝄞",
        "tab\there\r\nnext",
    ] {
        let tags = vec![
            ("Event".to_owned(), odd.to_owned()),
            ("White".to_owned(), "A".to_owned()),
            ("Event".to_owned(), "repeated: not shown".to_owned()),
            (odd.to_owned(), "x".to_owned()),
        ];
        let mut g = report(tags, odd);
        g.file = format!("{odd}.pgn");
        assert_eq!(by_writer(&g), by_serde(&g), "text {odd:?}");
        g.notation = None;
        g.valid = true;
        g.errors.clear();
        assert_eq!(by_writer(&g), by_serde(&g), "text {odd:?}");
    }
}

#[test]
fn many_tags_repeated_keep_the_first_of_each_name() {
    let tags: Vec<(String, String)> = (0..100)
        .map(|i| (format!("T{}", i % 40), format!("v{i}")))
        .collect();
    let g = report(tags, "x");
    let written = by_writer(&g);
    assert_eq!(written, by_serde(&g));
    assert!(written.contains("\"T39\":\"v39\"") && !written.contains("v40"));
}

#[test]
fn numbers_are_written_in_decimal() {
    for n in [0, 1, 9, 10, 99, 100, 12345, u64::from(u32::MAX), u64::MAX] {
        let mut out = Vec::new();
        number(&mut out, n);
        assert_eq!(out, n.to_string().into_bytes());
    }
}

#[test]
fn a_name_that_is_not_utf8_keeps_its_bytes_as_surrogate_escapes() {
    let mut out = Vec::new();
    name(&mut out, b"caf\xe9 \"x\"\n\xff.pgn");
    assert_eq!(
        String::from_utf8(out).expect("ASCII"),
        r#""caf\udce9 \"x\"\n\udcff.pgn""#
    );
    // A UTF-8 name is written as any string.
    let mut out = Vec::new();
    name(&mut out, "café.pgn".as_bytes());
    let mut same = Vec::new();
    string(&mut same, "café.pgn");
    assert_eq!(out, same);
}

#[test]
fn strings_long_and_short_are_escaped_as_serde_json_escapes_them() {
    // Every escape at every place of an eight-byte word, and long plain runs.
    let every_control: String = (0u8..0x20).map(char::from).collect();
    for special in ["\"", "\\", "\n", "\u{1}", "\u{1f}", "é", "\u{7f}", "𝄞"] {
        for before in 0..17 {
            for after in [0, 1, 7, 8, 9, 23] {
                let s = format!("{}{special}{}", "a".repeat(before), "b".repeat(after));
                let mut out = Vec::new();
                string(&mut out, &s);
                let serde = serde_json::to_string(&s).expect("serialisable");
                assert_eq!(String::from_utf8(out).expect("UTF-8"), serde, "{s:?}");
            }
        }
    }
    let mut out = Vec::new();
    string(&mut out, &every_control.repeat(3));
    let serde = serde_json::to_string(&every_control.repeat(3)).expect("serialisable");
    assert_eq!(String::from_utf8(out).expect("UTF-8"), serde);
}

#[test]
fn a_clean_game_written_by_parts_is_its_report_as_serde_json_writes_it() {
    type Raw<'a> = Vec<(&'a [u8], &'a [u8])>;
    let cases: [(Raw<'_>, u64); 5] = [
        (
            vec![
                (b"Event", b"Wch \"x\" \\ 1\t2"),
                (b"White", b"Caf\xe9 \xff\xfe ok"),
                (b"Black", "Ünal ♞".as_bytes()),
                (
                    b"Site",
                    b"long enough to take the eight-byte path, twice over",
                ),
            ],
            81,
        ),
        (Vec::new(), 0),
        (vec![(b"Result", b"*")], 0),
        // As many tags as the writer takes, each named once.
        (
            (0..24)
                .map(|i| (&b"ABCDEFGHIJKLMNOPQRSTUVWX"[i..=i], &b"v"[..]))
                .collect(),
            3,
        ),
        // Values about the fixed-size copy's 32 bytes and its words of
        // eight, one not plain just past a plain one, names of every length
        // about them, and the last value with no room after it.
        (
            vec![
                (b"A", b"1234567"),
                (b"Bb", b"12345678"),
                (b"Ccc", b"123456789"),
                (b"TwentyFourLettersLongTag", b"\"\\\xff"),
                (
                    b"ThirtyTwoLettersLongTagNameHere!",
                    b"1234567890123456789012345678901",
                ),
                (
                    b"ThirtyThreeLettersLongTagNameHere",
                    b"12345678901234567890123456789012",
                ),
                (b"D", b"123456789012345678901234567890123"),
                (b"E", b"plain\x7f"),
                (b"F", b"ends in the text"),
            ],
            5,
        ),
    ];
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    for (tags, plies) in cases {
        let at = At {
            line: 10,
            column: 1,
            offset: 12_345,
            length: 678,
        };
        let g = GameReport {
            object: "game",
            file: "dir/a \"b\".pgn".to_owned(),
            game: 77,
            at,
            notation: (plies > 0).then_some("san"),
            tags: tags
                .iter()
                .map(|(n, v)| {
                    (
                        String::from_utf8_lossy(n).into_owned(),
                        String::from_utf8_lossy(v).into_owned(),
                    )
                })
                .collect(),
            valid: true,
            plies,
            fen: fen.to_owned(),
            errors: Vec::new(),
            warnings: Vec::new(),
            notes: Vec::new(),
            key: None,
            opening: None,
        };
        let mut file = Vec::new();
        string(&mut file, &g.file);
        let mut out = Vec::new();
        game_head(&mut out, &file, g.game);
        assert!(few_plain_names(
            tags.len(),
            tags.iter().map(|(n, _)| Some(*n))
        ));
        // The tags as a game's text holds them, and where.
        let mut text = Vec::new();
        let mut places = Vec::new();
        for (n, v) in &tags {
            text.push(b'[');
            let name = text.len();
            text.extend_from_slice(n);
            text.extend_from_slice(b" \"");
            let value = text.len();
            text.extend_from_slice(v);
            places.push([name, name + n.len(), value, value + v.len()].map(|p| p as u32));
            text.extend_from_slice(b"\"]\n");
        }
        // The last value ends the text: nothing to read on into.
        text.truncate(places.last().map_or(0, |p| p[3] as usize));
        clean_game_tail(&mut out, &at, plies, &text, &places, |out| {
            out.extend_from_slice(fen.as_bytes());
        });
        assert_eq!(String::from_utf8(out).expect("UTF-8"), by_serde(&g));
    }
    // A name that is not UTF-8, or too many tags: left to `game`.
    assert!(!few_plain_names(1, [Some(&b"\xff"[..])].into_iter()));
    assert!(!few_plain_names(1, [None].into_iter()));
    assert!(!few_plain_names(25, (0..25).map(|_| Some(&b"T"[..]))));
}
