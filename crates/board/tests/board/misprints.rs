//! Misprints through the one judge: every notation gets suggestions, an
//! earlier misprint is blamed, `--repair` reads a clear misprint, and on real
//! games (fixtures/misprints) a changed character is named and repaired.

use scoresheet_board::judge::{Judge, JudgeOptions};
use scoresheet_board::replay::ReplayOptions;
use scoresheet_notation::{Kind, Severity};

fn judge(text: &str, repair: bool) -> scoresheet_board::judge::Judgement {
    let mut j = Judge::with_options(JudgeOptions {
        replay: ReplayOptions {
            repair,
            ..ReplayOptions::default()
        },
        ..JudgeOptions::default()
    });
    j.judge(text.as_bytes())
}

const RUY: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 *\n";

#[test]
fn an_unreadable_move_is_named_whole_with_its_ply_and_suggestions() {
    // (`Rel`, `l` where only a rank can stand, is read as `Re1` with a
    // warning: `crate::spelling`.) `Re7`, `7` for `1`, names an illegal move.
    let j = judge(&RUY.replace("6. Re1", "6. Re7"), false);
    let e = j.first_error().expect("an error");
    assert_eq!(e.ply, Some(11));
    assert_eq!(
        j.written[10].slice(RUY.replace("6. Re1", "6. Re7").as_bytes()),
        b"Re7"
    );
    assert_eq!(
        e.suggestions.first().map(String::as_str),
        Some("Re1 (Rf1-e1)")
    );
}

#[test]
fn every_notation_gets_suggestions() {
    for (text, ply, intended) in [
        ("1. e4 e5 2. Nf8 *", 3, "Nf3 (Ng1-f3)"),
        ("1. e2-e4 e7-e5 2. Ng1-f8 *", 3, "Nf3 (Ng1-f3)"),
        ("1. e2e4 e7e5 2. g1f8 *", 3, "Nf3 (Ng1-f3)"),
        ("1. e4 e5 2. Sf3 Sc6 3. Lb6 *", 5, "Bb5 (Bf1-b5)"),
    ] {
        let j = judge(text, false);
        let e = j.first_error().expect(text);
        assert_eq!(e.ply, Some(ply), "{text}");
        assert!(
            e.suggestions.iter().any(|s| s == intended),
            "{text}: {:?}",
            e.suggestions
        );
    }
}

#[test]
fn an_earlier_legal_misprint_is_blamed() {
    // 6...b5 printed 6...h5 is legal, and so are the moves after it up to
    // 11...Bb7, which needs b7 empty: the error is at ply 22, blamed on ply 12.
    let bad = RUY.replace("6. Re1 b5", "6. Re1 h5");
    let j = judge(&bad, false);
    let e = j.first_error().expect("an error");
    assert_eq!(e.severity, Severity::Error);
    let m = e.misprint.as_ref().expect("a misprint");
    assert_eq!(
        (m.ply, m.label.as_str(), m.change),
        (12, "6...h5", "replaced")
    );
    assert_eq!(
        m.suggestions.first().map(String::as_str),
        Some("b5 (b7-b5)")
    );
    // And --repair reads it back to the game.
    let j = judge(&bad, true);
    assert!(j.is_valid(), "{:?}", j.diagnostics);
    assert_eq!(j.position, judge(RUY, false).position);
}

#[test]
fn repair_reads_a_clear_misprint_with_a_warning() {
    let bad = RUY.replace("9. h3", "9. h8");
    let j = judge(&bad, true);
    assert!(j.is_valid(), "{:?}", j.diagnostics);
    let repaired: Vec<_> = j
        .diagnostics
        .iter()
        .filter(|d| d.kind == Kind::Repaired)
        .collect();
    assert_eq!(repaired.len(), 1);
    assert!(
        repaired[0].message.contains("`h8` as h3 (h2-h3)"),
        "{}",
        repaired[0].message
    );
    let good = judge(RUY, false);
    assert_eq!(j.position, good.position);
}

#[test]
fn repair_undoes_a_doubled_and_a_dropped_move() {
    let doubled = RUY.replace("7. Bb3 d6", "7. Bb3 Bb3 d6");
    let j = judge(&doubled, true);
    assert!(j.is_valid(), "{:?}", j.diagnostics);
    assert_eq!(j.position, judge(RUY, false).position);
    let dropped = RUY.replace("8. c3 O-O", "8. O-O");
    let j = judge(&dropped, false);
    let e = j.first_error().expect("an error");
    assert!(
        e.misprint.as_ref().is_some_and(|m| m.change == "missing"),
        "{e:?}"
    );
}

#[test]
fn repair_refuses_two_fits() {
    // The last move `Nd7` is Nbd7 or Nfd7, equally close, and nothing after
    // it tells them apart: no repair, the error stays.
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nd7 *";
    let j = judge(text, true);
    assert!(!j.diagnostics.iter().any(|d| d.kind == Kind::Repaired));
    let e = j.first_error().expect("an error");
    assert_eq!(e.kind, Kind::AmbiguousMove);
}

#[test]
fn valid_games_are_untouched() {
    let j = judge(RUY, true);
    assert!(j.is_valid());
    assert!(j.diagnostics.is_empty());
}

/// One character of one move changed in each real game of
/// `fixtures/misprints` (the confusions readers make): the changed move is
/// named, the intended move suggested, `--repair` gives the game back, and no
/// game is ever read as another without a `repaired` warning.
#[test]
fn real_games_with_one_misread_character() {
    const PAIRS: &[(u8, u8)] = &[
        (b'3', b'8'),
        (b'5', b'6'),
        (b'1', b'7'),
        (b'c', b'e'),
        (b'b', b'h'),
        (b'g', b'9'),
    ];
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/misprints/kasparov-sample.pgn"
    ))
    .expect("the fixture");
    let (mut invalid, mut named, mut suggested, mut restored) = (0, 0, 0, 0);
    for (n, game) in scoresheet_notation::pgn::games(&text).enumerate() {
        let game = game.bytes;
        let good = judge(std::str::from_utf8(game).unwrap_or_default(), false);
        let parsed =
            scoresheet_notation::pgn::parse_game(game, 0, scoresheet_notation::Mode::Lenient);
        let written: Vec<scoresheet_notation::Span> = parsed.mainline().map(|m| m.span()).collect();
        if !good.is_valid() || written.len() < 10 {
            continue;
        }
        // A move with a character to misread, from a place that varies by game.
        let Some((ply, at, to)) = (0..written.len()).find_map(|i| {
            let ply = (i + 7 * n) % written.len();
            let span = written[ply];
            let word = span.slice(game);
            word.iter().enumerate().find_map(|(k, c)| {
                PAIRS.iter().find_map(|&(a, b)| {
                    (*c == a)
                        .then_some(b)
                        .or((*c == b).then_some(a))
                        .map(|to| (ply, span.start() + k, to))
                })
            })
        }) else {
            continue;
        };
        let mut bad = game.to_vec();
        bad[at] = to;
        let bad = String::from_utf8_lossy(&bad).into_owned();
        let intended = String::from_utf8_lossy(written[ply].slice(game))
            .trim_end_matches(['+', '#'])
            .to_owned();
        let j = judge(&bad, false);
        let repaired = judge(&bad, true);
        let warned = repaired
            .diagnostics
            .iter()
            .any(|d| d.kind == Kind::Repaired);
        if repaired.is_valid() && repaired.position != good.position {
            // Another legal game: only ever with a warning, or unchanged by
            // repair (the misprint itself was legal throughout).
            assert!(warned || j.is_valid(), "game {n}: silently another game");
        }
        let Some(e) = j.first_error() else { continue };
        invalid += 1;
        let at_ply = |p: Option<u32>| p == u32::try_from(ply + 1).ok();
        let suggestions = match &e.misprint {
            Some(m) if at_ply(Some(m.ply)) => &m.suggestions,
            _ => &e.suggestions,
        };
        if at_ply(e.ply) || e.misprint.as_ref().is_some_and(|m| at_ply(Some(m.ply))) {
            named += 1;
            if suggestions
                .iter()
                .take(3)
                .any(|s| s.split(' ').next() == Some(intended.as_str()))
            {
                suggested += 1;
            }
        }
        if repaired.is_valid() && repaired.position == good.position {
            restored += 1;
        }
    }
    assert!(invalid >= 20, "{invalid} games made invalid");
    assert!(named * 100 >= invalid * 95, "named {named} of {invalid}");
    assert!(
        suggested * 100 >= invalid * 85,
        "suggested {suggested} of {invalid}"
    );
    assert!(
        restored * 100 >= invalid * 80,
        "restored {restored} of {invalid}"
    );
}

#[test]
fn a_rank_printed_as_a_letter_is_read_with_a_warning_naming_both_spellings() {
    let j = judge(&RUY.replace("6. Re1", "6. Rel"), false);
    assert!(j.first_error().is_none(), "{:?}", j.diagnostics);
    assert_eq!(j.plies, 28);
    assert!(
        j.diagnostics.iter().any(|d| d.kind == Kind::ReadBySpelling
            && d.severity == Severity::Warning
            && d.message
                .contains("printed `Re1` with the rank `1` misread as `l`")),
        "{:?}",
        j.diagnostics
    );
}
