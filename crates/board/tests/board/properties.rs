//! Properties along random legal games (proptest).
//!
//! From the start position and from positions rich in promotions, castling
//! and en passant, random legal moves are played for up to 200 plies (moves
//! that give check are preferred half of the time, so that mates happen). At
//! every ply:
//!
//! - the FEN printed reads back as an equal position, and prints the same;
//! - `legal_moves` has as many moves as `perft(1)` counts;
//! - the move chosen, written in SAN (`Position::san`), LAN (`Move::to_lan`)
//!   and UCI (`Move::to_uci`, and the Chess960 form), parses back with
//!   `parse_move` (strict: our own output needs no relaxation) and resolves
//!   to the same move;
//! - the SAN's check or mate mark is the one `check_suffix` agrees with, and
//!   `#` is written exactly when the move mates.
//!
//! The number of cases comes from `PROPTEST_CASES` (proptest's default, 256,
//! when unset). The long run is documented in docs/RELIABILITY.md:
//! `PROPTEST_CASES=10000 cargo test --release -p scoresheet-board --test board properties::`.

use pretty_assertions::assert_eq;
use proptest::prelude::*;
use proptest::test_runner::Config;

use scoresheet_board::{EpStyle, Move, Position, check_suffix, perft, resolve};
use scoresheet_notation::{Mode, parse_move};

/// Starting positions: the standard one, Kiwipete (castling both ways, en
/// passant, pins), promotion races, an en passant capture available at once,
/// bare rooks and kings for castling, the promotion-and-castling "position 4",
/// and a Chess960 setup (castling in Shredder notation).
const STARTS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

/// The Chess960 start: its castling moves are written king-takes-rook in UCI.
const CHESS960: usize = 6;

/// Parses `text` strictly and resolves it in `pos`.
fn read_back(pos: &Position, text: &str) -> Result<Move, String> {
    let parsed = parse_move(text.as_bytes(), 0, Mode::Strict)
        .map_err(|e| format!("{text:?} does not parse: {e}"))?;
    if !parsed.diagnostics.is_empty() {
        return Err(format!(
            "{text:?} needs relaxations: {:?}",
            parsed.diagnostics
        ));
    }
    resolve(pos, &parsed.value).map_err(|e| format!("{text:?} does not resolve: {e}"))
}

/// Checks every property at one ply; returns the move to play.
fn check_ply(pos: &Position, start: usize, pick: u16) -> Result<Option<Move>, TestCaseError> {
    let fen = pos.to_fen(EpStyle::Always);
    let again = Position::from_fen(&fen)
        .map_err(|e| TestCaseError::fail(format!("{fen:?} does not read back: {e}")))?;
    prop_assert_eq!(&again, pos, "{}", fen);
    prop_assert_eq!(again.to_fen(EpStyle::Always), fen.clone());
    let legal_style = pos.to_fen(EpStyle::Legal);
    // The FEN written as bytes (a JSON report's) is the string's, byte for byte.
    for (style, text) in [(EpStyle::Always, &fen), (EpStyle::Legal, &legal_style)] {
        let mut bytes = b"before ".to_vec();
        pos.write_fen_bytes(style, &mut bytes);
        prop_assert_eq!(bytes.get(7..), Some(text.as_bytes()), "{}", text);
    }
    let again = Position::from_fen(&legal_style)
        .map_err(|e| TestCaseError::fail(format!("{legal_style:?} does not read back: {e}")))?;
    prop_assert_eq!(again.zobrist(), pos.zobrist(), "{}", legal_style);

    let moves = pos.legal_moves();
    prop_assert_eq!(moves.len() as u64, perft(pos, 1), "{}", fen);
    if moves.is_empty() {
        prop_assert!(pos.is_checkmate() || pos.is_stalemate(), "{}", fen);
        return Ok(None);
    }
    // Half of the time, prefer a move that gives check: mates then happen.
    let checking: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| pos.after(m).is_ok_and(|p| p.is_check()))
        .collect();
    let m = if pick & 0x8000 != 0 && !checking.is_empty() {
        checking[usize::from(pick & 0x7fff) % checking.len()]
    } else {
        moves[usize::from(pick & 0x7fff) % moves.len()]
    };
    let after = pos
        .after(&m)
        .map_err(|e| TestCaseError::fail(format!("{m:?} does not play: {e}")))?;

    let san = pos.san(&m);
    let mut texts = vec![san.clone(), m.to_lan(), m.to_uci_chess960()];
    if start != CHESS960 {
        texts.push(m.to_uci());
    }
    for text in &texts {
        let back =
            read_back(pos, text).map_err(|e| TestCaseError::fail(format!("{e} in {fen}")))?;
        prop_assert_eq!(back, m, "{} in {}", text, fen);
    }
    prop_assert_eq!(
        san.ends_with('#'),
        after.is_checkmate(),
        "{} in {}",
        san,
        fen
    );
    prop_assert_eq!(
        san.ends_with('+') || san.ends_with('#'),
        after.is_check(),
        "{} in {}",
        san,
        fen
    );
    let written = parse_move(san.as_bytes(), 0, Mode::Strict)
        .map_err(|e| TestCaseError::fail(e.to_string()))?
        .value;
    let marks = check_suffix(pos, &after, &written, &m);
    prop_assert!(marks.is_empty(), "{} in {}: {:?}", san, fen, marks);
    Ok(Some(m))
}

proptest! {
    #![proptest_config(Config::default())]

    /// Random games of up to 200 plies keep every round trip.
    #[test]
    fn random_games_round_trip(
        start in 0..STARTS.len(),
        picks in prop::collection::vec(any::<u16>(), 0..=200),
    ) {
        let mut pos = Position::from_fen(STARTS[start]).expect("the starting positions are valid");
        for pick in picks {
            match check_ply(&pos, start, pick)? {
                Some(m) => pos.play(&m).expect("a legal move plays"),
                None => break,
            }
        }
    }
}

#[test]
fn the_starting_positions_are_what_they_claim() {
    let counts: Vec<u64> = STARTS
        .iter()
        .map(|f| perft(&Position::from_fen(f).expect("valid"), 1))
        .collect();
    assert_eq!(counts, [20, 48, 24, 31, 26, 6, 21]);
}
