use super::*;
use pretty_assertions::assert_eq;

fn shown(pos: &Position, printed: &str) -> Vec<String> {
    suggest(pos, printed.as_bytes(), None)
        .into_iter()
        .map(|s| s.shown)
        .collect()
}

#[test]
fn the_usual_confusions_rank_the_intended_move_first() {
    let pos = Position::new();
    for (printed, intended) in [
        ("e8", "e4 (e2-e4)"),
        ("Nf8", "Nf3 (Ng1-f3)"),
        ("Nc8", "Nc3 (Nb1-c3)"),
        ("c4", "c4 (c2-c4)"),
        ("g9", "g3 (g2-g3)"),
        ("h8", "h3 (h2-h3)"),
        ("Sf3", "Nf3 (Ng1-f3)"),
        ("e2e8", "e4 (e2-e4)"),
        ("Ng1-f8", "Nf3 (Ng1-f3)"),
    ] {
        let got = shown(&pos, printed);
        assert!(got.contains(&intended.to_owned()), "{printed}: {got:?}");
    }
    assert_eq!(shown(&pos, "Nf8")[0], "Nf3 (Ng1-f3)");
}

#[test]
fn marks_are_evidence() {
    // Qxf7 is mate; Qf7+ printed for it costs a dropped x and a # read as +.
    let pos =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
            .unwrap();
    assert_eq!(shown(&pos, "Qf7+")[0], "Qxf7# (Qh5xf7)");
}

#[test]
fn nothing_for_text_far_from_every_move() {
    let pos = Position::new();
    assert_eq!(shown(&pos, "zzzzzzzz"), Vec::<String>::new());
    assert_eq!(shown(&pos, &"N".repeat(100)), Vec::<String>::new());
}

#[test]
fn distance_is_symmetric_for_confusions_and_marks() {
    assert_eq!(distance(b"e5", b"e6"), distance(b"e6", b"e5"));
    assert_eq!(distance(b"exd5", b"ed5"), MARK);
    assert_eq!(distance(b"Nbd7", b"Nhd7"), CONFUSED);
    assert_eq!(distance(b"", b""), 0);
}

#[test]
fn a_move_left_out_is_named_by_the_likeliest_moves_that_fit() {
    // 4...Nf6 left out: black's O-O is printed where no castling is possible.
    // Every legal move that clears f8 or g8 for castling fits the gap; the
    // natural developing move is named first, not the first in alphabetical
    // order (`Ba3`).
    let text = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "O-O", "Be7", "Re1",
    ];
    let printed: Vec<Printed<'_>> = text
        .iter()
        .map(|t| Printed {
            written: parse_move(t.as_bytes(), 0, Mode::Lenient)
                .ok()
                .map(|p| p.value),
            forced: None,
            span: Span::new(0, t.len()),
            text: t.as_bytes(),
        })
        .collect();
    let mut pos = Position::new();
    let mut played = Vec::new();
    for p in &printed[..7] {
        let m = crate::resolve(&pos, p.written.as_ref().unwrap()).unwrap();
        pos.play_unchecked(&m);
        played.push(m);
    }
    let b = blame(&Position::new(), &played, &printed, None).unwrap();
    assert_eq!((b.change, b.index), (Change::Missing, 7));
    assert_eq!(b.suggestions[0].shown, "Nf6 (Ng8-f6)");
}

#[test]
fn equally_close_misreadings_are_ranked_by_the_move_prior() {
    // Among suggestions equally close to the print, the move a player is
    // likelier to make comes first (not the first in the alphabet).
    let pos =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
    let moves = pos.legal_moves();
    let priors = crate::prior::log_priors(&pos, None, &moves);
    let prior = |m: &Move| priors[moves.iter().position(|x| x == m).unwrap()];
    let mut ties = 0;
    for printed in [
        "Bb8", "Nc8", "d8", "Bc8", "Nd8", "Qe8", "Ng8", "Bxe8", "a8", "h8",
    ] {
        let got = ranked(&pos, printed.as_bytes(), None, MAX_COST);
        for w in got.windows(2) {
            if w[0].cost == w[1].cost {
                ties += 1;
                assert!(prior(&w[0].mv) >= prior(&w[1].mv), "{printed}: {got:?}");
            }
        }
    }
    assert!(ties > 0);
}
