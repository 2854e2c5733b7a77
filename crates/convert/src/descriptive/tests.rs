//! Spellings chosen in the preference order, pinned.

use pretty_assertions::assert_eq;
use scoresheet_board::Position;
use scoresheet_board::desc::Origins;

use super::{DescStyle, KnightLetter, to_descriptive};

const MODERN: DescStyle = DescStyle {
    spaced: false,
    knight: KnightLetter::N,
    capturer_first: false,
    castles_word: false,
    spanish: false,
};
const OLD_SPACED: DescStyle = DescStyle {
    spaced: true,
    knight: KnightLetter::Kt,
    capturer_first: false,
    castles_word: false,
    spanish: false,
};
const CAPTURER_FIRST: DescStyle = DescStyle {
    spaced: false,
    knight: KnightLetter::N,
    capturer_first: true,
    castles_word: true,
    spanish: false,
};

/// The spelling of `uci` after SAN `moves` from the start (or from `fen`).
fn write(fen: Option<&str>, moves: &str, uci: &str, style: &DescStyle) -> String {
    let mut pos = fen.map_or_else(Position::new, |f| Position::from_fen(f).unwrap());
    let mut origins = Origins::from_position(&pos);
    for san in moves.split_whitespace() {
        let m = *pos
            .legal_moves()
            .iter()
            .find(|m| pos.san_plain(m) == san)
            .unwrap();
        origins.play(&m);
        pos.play(&m).unwrap();
    }
    let m = *pos
        .legal_moves()
        .iter()
        .find(|m| m.to_uci() == uci)
        .unwrap_or_else(|| panic!("{uci} not legal"));
    to_descriptive(&pos, &m, &origins, style)
}

#[test]
fn short_forms_first() {
    assert_eq!(write(None, "", "e2e4", &MODERN), "P-K4");
    assert_eq!(write(None, "", "c2c4", &MODERN), "P-QB4");
    assert_eq!(write(None, "", "g1f3", &MODERN), "N-KB3");
    assert_eq!(write(None, "e4 e5 Nf3", "b8c6", &MODERN), "N-QB3");
    assert_eq!(write(None, "e4 e5 Nf3 Nc6", "f1b5", &MODERN), "B-N5");
    assert_eq!(
        write(None, "e4 e5 Nf3 Nc6", "f1b5", &OLD_SPACED),
        "B - Kt 5"
    );
    assert_eq!(write(None, "e4 e5", "g1e2", &OLD_SPACED), "Kt - K 2");
    assert_eq!(write(None, "Nc3 e5 Nf3 e4", "c3e4", &MODERN), "NxP");
}

#[test]
fn qualifiers_when_needed() {
    // Two rooks on the first rank: origin prefix.
    assert_eq!(
        write(Some("6k1/8/8/8/8/8/4K3/R6R w - - 0 1"), "", "a1d1", &MODERN),
        "QR-Q1"
    );
    // Rooks on d1 and d3, no origin: from-rank.
    assert_eq!(
        write(
            Some("6k1/8/8/8/8/3R4/4K3/3R4 w - - 0 1"),
            "",
            "d1d2",
            &MODERN
        ),
        "R(1)-Q2"
    );
    assert_eq!(
        write(
            Some("6k1/8/8/8/8/3R4/4K3/3R4 w - - 0 1"),
            "",
            "d1d2",
            &OLD_SPACED
        ),
        "R (1) - Q 2"
    );
    // Pawn captures: victim by file first, then the capturer.
    assert_eq!(
        write(
            Some("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1"),
            "",
            "e4d5",
            &MODERN
        ),
        "PxQP"
    );
    assert_eq!(
        write(None, "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6", "d7c6", &MODERN),
        "QPxB"
    );
    assert_eq!(
        write(None, "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6", "d7c6", &OLD_SPACED),
        "Q P x B"
    );
}

#[test]
fn suffixes_promotion_and_en_passant() {
    // Spellings must be unique without the check mark: `R-B5 ch` is not enough.
    assert_eq!(
        write(Some("5k2/8/8/R7/8/8/8/4K3 w - - 0 1"), "", "a5f5", &MODERN),
        "R-KB5 ch"
    );
    assert_eq!(
        write(Some("7k/8/6K1/8/8/8/8/R7 w - - 0 1"), "", "a1a8", &MODERN),
        "R-R8 mate"
    );
    assert_eq!(
        write(
            Some("8/3P3k/8/8/8/8/8/4K3 w - - 0 1"),
            "",
            "d7d8n",
            &OLD_SPACED
        ),
        "P - Q 8=Kt"
    );
    assert_eq!(
        write(
            Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
            "",
            "e5d6",
            &MODERN
        ),
        "PxP e.p."
    );
    // The bishop moves off the rook's file: double check to c6, discovered to d5.
    assert_eq!(
        write(
            Some("4k3/8/8/8/4B3/8/8/4RK2 w - - 0 1"),
            "",
            "e4c6",
            &MODERN
        ),
        "B-B6 dbl ch"
    );
    assert_eq!(
        write(
            Some("4k3/8/8/8/4B3/8/8/4RK2 w - - 0 1"),
            "",
            "e4d5",
            &MODERN
        ),
        "B-Q5 dis ch"
    );
    assert_eq!(write(None, "e4 e5 Nf3 Nc6 Bc4 Bc5", "e1g1", &MODERN), "O-O");
}

#[test]
fn capturer_first_and_castles_words() {
    // exd5 or gxh5: naming either the victim or the capturer is enough.
    let two = Some("4k3/8/8/3p3p/4P1P1/8/8/4K3 w - - 0 1");
    assert_eq!(write(two, "", "e4d5", &MODERN), "PxQP");
    assert_eq!(write(two, "", "e4d5", &CAPTURER_FIRST), "KPxP");
    assert_eq!(write(two, "", "g4h5", &MODERN), "PxRP");
    assert_eq!(write(two, "", "g4h5", &CAPTURER_FIRST), "NPxP");
    let both = Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(write(both, "", "e1g1", &CAPTURER_FIRST), "Castles KR");
    assert_eq!(write(both, "", "e1c1", &CAPTURER_FIRST), "Castles QR");
    let one = Some("r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1");
    assert_eq!(write(one, "", "e1g1", &CAPTURER_FIRST), "Castles");
    assert_eq!(write(one, "", "e1g1", &MODERN), "O-O");
}

#[test]
fn spanish_forms() {
    let es = DescStyle {
        spanish: true,
        ..DescStyle::default()
    };
    assert_eq!(write(None, "", "e2e4", &es), "P4R");
    assert_eq!(write(None, "e4", "e7e5", &es), "P4R");
    assert_eq!(write(None, "e4 e5", "g1f3", &es), "C3AR");
    let knights = "4k3/8/8/3p4/5N2/2N5/8/4K3 w - - 0 1";
    assert_eq!(write(Some(knights), "", "f4d5", &es), "CRxP");
    let rooks = "4k3/R7/8/p7/8/8/8/R3K3 w - - 0 1";
    // The rook on a1 is the queen's rook by origin: `TDxP` comes before `T1xP`.
    assert_eq!(write(Some(rooks), "", "a1a5", &es), "TDxP");
    let pawns = "4k3/8/8/1p1p4/P1P5/8/8/4K3 w - - 0 1";
    assert_eq!(write(Some(pawns), "", "c4b5", &es), "PAxPC");
    let queening = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(write(Some(queening), "", "b7b8q", &es), "P8C=D+");
}
