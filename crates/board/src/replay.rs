//! Algorithm G: play a parsed game out move by move, checking what the text
//! claims against the board.
//!
//! Each main-line move is resolved in the position the moves before it built
//! and played. Besides illegal and ambiguous moves, the replay checks move
//! numbers against the full-move number and side to move, check and mate
//! marks, moves after the game ended, and the result (token and `Result` tag)
//! against the final position. Variations are syntax-checked by the parser and
//! not replayed.

use scoresheet_notation::desc::{Book, BookPly};
use scoresheet_notation::pgn::{Game as PgnGame, Token};
use scoresheet_notation::{Diagnostic, GameResult, MoveKind, Severity, Span, WrittenMove};

use crate::resolve::suffix_diagnostics;
use crate::{EpStyle, Move, Outcome, Position, ResolveError, resolve};

/// How strictly to judge a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReplayOptions {
    /// Turn every warning (relaxed notation, wrong marks, move-number and result
    /// mismatches) into an error.
    pub strict: bool,
}

/// How the game stands after its last move, by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EndStatus {
    /// Checkmate, stalemate, insufficient material, fivefold repetition or the
    /// seventy-five-move rule ended the game.
    pub outcome: Option<Outcome>,
    /// The side to move is in check.
    pub check: bool,
    /// The side to move may claim a draw by threefold repetition.
    pub threefold: bool,
    /// The side to move may claim a draw by the fifty-move rule.
    pub fifty_moves: bool,
}

impl EndStatus {
    /// A short description: `checkmate, white wins`, `in play`, `in play (threefold repetition may be claimed)`.
    #[must_use]
    pub fn describe(&self, turn: crate::Color) -> String {
        let mut s = match self.outcome {
            Some(Outcome::Checkmate { winner }) => format!("checkmate, {winner} wins"),
            Some(Outcome::Stalemate) => "stalemate, draw".to_owned(),
            Some(Outcome::InsufficientMaterial) => "insufficient material, draw".to_owned(),
            Some(Outcome::FivefoldRepetition) => "fivefold repetition, draw".to_owned(),
            Some(Outcome::SeventyFiveMoves) => "seventy-five-move rule, draw".to_owned(),
            None if self.check => format!("in play, {turn} in check"),
            None => "in play".to_owned(),
        };
        let mut claims = Vec::new();
        if self.threefold {
            claims.push("threefold repetition");
        }
        if self.fifty_moves {
            claims.push("fifty-move rule");
        }
        if self.outcome.is_none() && !claims.is_empty() {
            s.push_str(&format!(" (a draw may be claimed: {})", claims.join(", ")));
        }
        s
    }
}

/// A replayed game.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The starting position (the `FEN` tag's, or the standard one).
    pub start: Position,
    /// The main-line moves that were played, in order.
    pub moves: Vec<Move>,
    /// Where each main-line move tried was written: one per move played, plus the
    /// move that could not be played, if any. `written[ply - 1]` is ply `ply`'s text.
    pub written: Vec<Span>,
    /// The position after the last move played.
    pub position: Position,
    /// Everything found, parser's and replay's: notes, warnings, errors, in text order.
    pub diagnostics: Vec<Diagnostic>,
    /// The status after the last move played.
    pub end: EndStatus,
}

impl Replay {
    /// Whether the game has no error (warnings allowed, unless strict made them errors).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// The first error in text order.
    #[must_use]
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    }

    /// The number of main-line plies played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// Replays the main line of `game`.
///
/// Never fails: every problem becomes a [`Diagnostic`] with its span and ply,
/// and the replay stops at the first move that cannot be played.
///
/// ```
/// use scoresheet_board::replay::{replay, ReplayOptions};
/// use scoresheet_notation::{pgn::parse_game, Mode};
/// let text = b"1.f2-f4 e7-e5 2.f4xe5 d7-d6 3.e5xd6 Bf8xd6 4.g2-g3 Qd8-g5\n5.Ng1-f3 Qg5xg3+ 6.h2xg3 Bd6xg3# 0-1";
/// let game = parse_game(text, 0, Mode::Lenient);
/// let r = replay(&game, &ReplayOptions::default());
/// assert!(r.is_valid());
/// assert_eq!(r.plies(), 12);
/// assert_eq!(r.end.describe(r.position.turn()), "checkmate, black wins");
/// ```
#[must_use]
pub fn replay(game: &PgnGame<'_>, options: &ReplayOptions) -> Replay {
    if game
        .mainline()
        .any(|m| matches!(m.kind, MoveKind::Descriptive(_)))
    {
        return replay_descriptive(game, options);
    }
    let mut diags: Vec<Diagnostic> = game.diagnostics.clone();
    let (start, ok) = start_position(game, &mut diags, options.strict);
    // At most one move per token: sized once, these never grow during the replay.
    let tokens = game.replayable().len();
    let mut r = Replayer {
        pos: start.clone(),
        moves: Vec::with_capacity(tokens),
        written: Vec::with_capacity(tokens),
        hashes: Vec::with_capacity(tokens + 1),
        diags,
        halted: !ok,
        warned_dead: false,
    };
    r.hashes.push(r.pos.zobrist());

    let mut depth = 0usize;
    let mut result_token: Option<(GameResult, Span)> = None;
    for token in game.replayable() {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Result(res, span) if depth == 0 => result_token = Some((*res, *span)),
            _ if depth > 0 || r.halted => {}
            Token::MoveNumber {
                number,
                black,
                span,
            } => r.check_move_number(*number, *black, *span),
            Token::Move(mv) => r.play(mv),
            Token::Result(..) | Token::Nag { .. } | Token::Comment { .. } | Token::Invalid(_) => {}
        }
    }

    let end = r.end_status();
    // After a move that could not be played the final position says nothing of the result.
    if !r.halted {
        check_result(game, &r.pos, &end, result_token, &mut r.diags);
    }
    settle(&mut r.diags, options);
    Replay {
        start,
        moves: r.moves,
        written: r.written,
        position: r.pos,
        diagnostics: r.diags,
        end,
    }
}

/// Makes the warnings of a replay errors when `options` is strict, and puts the
/// diagnostics in text order (an error before a warning at the same place): the
/// last step of [`replay`], for diagnostics found another way (the quick lane's).
///
/// ```
/// use scoresheet_board::replay::{settle, ReplayOptions};
/// use scoresheet_notation::{Diagnostic, Severity, Span};
/// let warning = Diagnostic::new(Severity::Warning, "wrong-check-mark", "m".to_owned(), Span::new(3, 4));
/// let mut diags = vec![warning];
/// settle(&mut diags, &ReplayOptions { strict: true });
/// assert_eq!(diags[0].severity, Severity::Error);
/// ```
pub fn settle(diags: &mut [Diagnostic], options: &ReplayOptions) {
    if options.strict {
        for d in diags.iter_mut() {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
            }
        }
    }
    diags.sort_by_key(|d| (d.span.start, d.severity != Severity::Error));
}

/// A game whose main line is written in English descriptive notation: its moves
/// are replayed as a book game, with the descriptive resolution rules and the
/// books' documented tie-breaks (see [`crate::desc::replay_book`]).
fn replay_descriptive(game: &PgnGame<'_>, options: &ReplayOptions) -> Replay {
    let mut diags: Vec<Diagnostic> = game.diagnostics.clone();
    let (start, ok) = start_position(game, &mut diags, options.strict);
    if !ok {
        return Replay {
            start: start.clone(),
            moves: Vec::new(),
            written: Vec::new(),
            position: start,
            diagnostics: diags,
            end: EndStatus::default(),
        };
    }
    let mut color = start.turn();
    let plies: Vec<BookPly> = game
        .mainline()
        .map(|m| {
            let ply = BookPly {
                color,
                number: None,
                result: Ok(m.clone()),
                span: m.span,
            };
            color = color.other();
            ply
        })
        .collect();
    let book = Book {
        headers: Vec::new(),
        white: None,
        black: None,
        fen: None,
        plies,
        end: None,
        commentary: Vec::new(),
        notes: Vec::new(),
    };
    let token = game.tokens.iter().rev().find_map(|t| match t {
        Token::Result(res, span) => Some((*res, *span)),
        _ => None,
    });
    let tag = game.tag("Result").and_then(|t| {
        GameResult::from_ascii(t.value().trim().as_bytes()).map(|r| (r, t.value_span))
    });
    let mut r = replay_book_game(&book, Some(start), options, token.or(tag));
    diags.append(&mut r.diagnostics);
    diags.sort_by_key(|d| (d.span.start, d.severity != Severity::Error));
    r.diagnostics = diags;
    r
}

/// Replays a game read from a book table (or any list of descriptive moves) with
/// the descriptive resolution rules and the books' documented tie-breaks, and
/// judges its result (`claimed`, the result written, if any) like [`replay`] does.
/// The book's own notes and unreadable plies are part of the diagnostics.
///
/// ```
/// use scoresheet_board::replay::{replay_book_game, ReplayOptions};
/// use scoresheet_notation::desc::read_book;
/// let book = read_book(b"1. P-K4 P-K4\n2. N-KB3 N-QB3\n3. B-N5 P-QR3\n");
/// let r = replay_book_game(&book, None, &ReplayOptions::default(), None);
/// assert!(r.is_valid());
/// assert_eq!(r.plies(), 6);
/// ```
#[must_use]
pub fn replay_book_game(
    book: &Book,
    start: Option<Position>,
    options: &ReplayOptions,
    claimed: Option<(GameResult, Span)>,
) -> Replay {
    let r = crate::desc::replay_book(book, start, options.strict);
    let moves = r.moves();
    let tried = moves.len() + usize::from(r.error.is_some());
    let mut diags = book.diagnostics();
    diags.extend(r.diagnostics.iter().cloned());
    let position = r.position.clone();
    let end = EndStatus {
        outcome: position.outcome(),
        check: position.is_check(),
        threefold: false,
        fifty_moves: position.halfmove_clock() >= 100,
    };
    if r.error.is_none() {
        if let (Some(outcome), Some((claimed, span))) = (end.outcome, claimed) {
            judge_result(outcome, &position, claimed, span, &mut diags);
        }
    }
    settle(&mut diags, options);
    diags.dedup();
    Replay {
        start: r.start,
        moves,
        written: book.plies.iter().map(|p| p.span).take(tried).collect(),
        position,
        diagnostics: diags,
        end,
    }
}

/// What a `Variant` tag names, as [`variant_of`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Standard chess (also `normal`, `chess`, `from position`, or an empty value).
    Standard,
    /// Chess960 under any of its spellings (`chess960`, `Chess 960`, `960`,
    /// `fischerandom`, `Fischer Random Chess`, `FRC`): castling as the FEN says.
    Chess960,
    /// A variant with other rules (Atomic, Crazyhouse, Antichess, ...): not played.
    Unsupported,
}

/// What the `Variant` tag value `value` names (trimmed, any case).
///
/// ```
/// use scoresheet_board::replay::{variant_of, Variant};
/// assert_eq!(variant_of(" Fischer Random Chess "), Variant::Chess960);
/// assert_eq!(variant_of("Standard"), Variant::Standard);
/// assert_eq!(variant_of("Atomic"), Variant::Unsupported);
/// ```
#[must_use]
pub fn variant_of(value: &str) -> Variant {
    let v = value.trim().to_ascii_lowercase();
    if matches!(
        v.as_str(),
        "" | "standard" | "normal" | "chess" | "from position"
    ) {
        Variant::Standard
    } else if v.contains("960") || v.contains("fischer") || v == "frc" {
        Variant::Chess960
    } else {
        Variant::Unsupported
    }
}

/// The starting position: the `FEN` tag's when there is one, else the standard one.
/// A bad FEN is an error and nothing is replayed.
fn start_position(
    game: &PgnGame<'_>,
    diags: &mut Vec<Diagnostic>,
    strict: bool,
) -> (Position, bool) {
    if let Some(variant) = game.tag("Variant") {
        if variant_of(&variant.value()) == Variant::Unsupported {
            // Other rules: replaying them as chess would report legal moves as
            // illegal (or worse, accept the game). Not replayed, never valid.
            diags.push(Diagnostic::new(
                Severity::Error,
                "unsupported-variant",
                format!(
                    "variant {:?} is not supported: the game is not replayed",
                    variant.value()
                ),
                variant.span,
            ));
            return (Position::new(), false);
        }
    }
    let Some(tag) = game.tag("FEN") else {
        if let Some(setup) = game.tag("SetUp").filter(|t| t.value().trim() == "1") {
            diags.push(Diagnostic::new(
                Severity::Warning,
                "setup-tag",
                "SetUp \"1\" announces a FEN tag but there is none: the game starts from the standard position",
                setup.span,
            ));
        }
        return (Position::new(), true);
    };
    if strict && game.tag("SetUp").is_none() {
        // The export format pairs a FEN with SetUp "1"; readers take the FEN anyway.
        diags.push(Diagnostic::new(
            Severity::Error,
            "setup-tag",
            "a FEN tag without the SetUp tag \"1\" the export format pairs it with",
            tag.span,
        ));
    }
    let fen = tag.value();
    match Position::from_fen_with_notes(&fen) {
        Ok((pos, notes)) => {
            for n in notes {
                let (severity, kind) = if n.is_repair() {
                    (Severity::Warning, "fen-repair")
                } else {
                    (Severity::Note, "fen-note")
                };
                diags.push(Diagnostic::new(
                    severity,
                    kind,
                    n.to_string(),
                    tag.value_span,
                ));
            }
            if game.tag("SetUp").is_some_and(|t| t.value() != "1") {
                diags.push(Diagnostic::new(
                    Severity::Warning,
                    "setup-tag",
                    "a FEN tag is given but the SetUp tag is not \"1\"",
                    tag.span,
                ));
            }
            (pos, true)
        }
        Err(e) => {
            diags.push(Diagnostic::new(
                Severity::Error,
                "invalid-fen",
                e.to_string(),
                tag.value_span,
            ));
            (Position::new(), false)
        }
    }
}

struct Replayer {
    pos: Position,
    moves: Vec<Move>,
    written: Vec<Span>,
    /// Zobrist hashes since the last capture or pawn move, for repetitions.
    hashes: Vec<u64>,
    diags: Vec<Diagnostic>,
    halted: bool,
    /// A draw by rule (dead position, repetition, move count) was already reported.
    warned_dead: bool,
}

impl Replayer {
    fn ply(&self) -> u32 {
        u32::try_from(self.moves.len() + 1).unwrap_or(u32::MAX)
    }

    fn push(&mut self, mut d: Diagnostic, ply: u32) {
        d.ply = Some(ply);
        self.diags.push(d);
    }

    /// Move numbers must match the full-move number; `N...` must precede a Black move.
    fn check_move_number(&mut self, number: u32, black: bool, span: Span) {
        if number == u32::MAX {
            // Saturated: the number written was too large, which the parser reported.
            return;
        }
        let expected = self.pos.fullmove_number();
        let turn = self.pos.turn();
        let ply = self.ply();
        if number != expected {
            self.push(
                Diagnostic::new(
                    Severity::Warning,
                    "move-number",
                    format!(
                        "move number {number} is written but this is move {expected} ({turn} to move)"
                    ),
                    span,
                ),
                ply,
            );
        } else if black && turn == crate::Color::White {
            self.push(
                Diagnostic::new(
                    Severity::Warning,
                    "move-number",
                    format!("{number}... announces a black move but white is to move"),
                    span,
                ),
                ply,
            );
        }
    }

    fn play(&mut self, mv: &WrittenMove) {
        let ply = self.ply();
        self.written.push(mv.span);
        // Checkmate and stalemate need a legal-move test: only made when the move
        // does not resolve. The other endings are cheap to test every ply.
        if !self.warned_dead {
            if let Some(outcome) = self.over_by_count() {
                // The rules end the game here, but real scores often play on
                // (a dead position nobody claimed): a warning, not a stop.
                self.warned_dead = true;
                let d = Diagnostic::new(
                    Severity::Warning,
                    "move-after-end",
                    format!(
                        "the game was already drawn by rule ({}) before this move",
                        outcome_words(outcome)
                    ),
                    mv.span,
                );
                self.push(d, ply);
            }
        }
        match resolve(&self.pos, mv) {
            Ok(m) => {
                self.pos.play_unchecked(&m);
                let first = self.diags.len();
                suffix_diagnostics(&self.pos, mv, &m, &mut self.diags);
                for d in self.diags.iter_mut().skip(first) {
                    d.ply = Some(ply);
                }
                if m.is_zeroing() {
                    self.hashes.clear();
                }
                self.hashes.push(self.pos.zobrist());
                self.moves.push(m);
            }
            Err(e) => {
                if let Some(outcome) = self.pos.outcome() {
                    self.after_end(mv, outcome, ply);
                } else {
                    let d = resolve_diagnostic(&e, &self.pos);
                    self.push(d, ply);
                    self.halted = true;
                }
            }
        }
    }

    fn after_end(&mut self, mv: &WrittenMove, outcome: Outcome, ply: u32) {
        let d = Diagnostic::new(
            Severity::Error,
            "move-after-end",
            format!(
                "the game is already over ({}), no move may follow",
                outcome_words(outcome)
            ),
            mv.span,
        );
        self.push(d, ply);
        self.halted = true;
    }

    /// Endings by rule that need no legal-move test: insufficient material,
    /// fivefold repetition, the seventy-five-move rule.
    fn over_by_count(&self) -> Option<Outcome> {
        if self.pos.halfmove_clock() >= 16 && self.repetitions() >= 5 {
            return Some(Outcome::FivefoldRepetition);
        }
        if self.pos.halfmove_clock() >= 150 && !self.pos.is_checkmate() {
            return Some(Outcome::SeventyFiveMoves);
        }
        if self.pos.is_insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }

    /// Whether the game ended by rule before the next move.
    fn over(&self) -> Option<Outcome> {
        self.pos.outcome().or_else(|| self.over_by_count())
    }

    fn repetitions(&self) -> usize {
        crate::game::repetitions(&self.hashes)
    }

    fn end_status(&self) -> EndStatus {
        EndStatus {
            outcome: self.over(),
            check: self.pos.is_check(),
            threefold: self.repetitions() >= 3,
            fifty_moves: self.pos.halfmove_clock() >= 100,
        }
    }
}

/// An unresolvable move as an error diagnostic, with the position it was tried in.
fn resolve_diagnostic(e: &ResolveError, pos: &Position) -> Diagnostic {
    let mut d = e.to_diagnostic();
    d.message = format!("{} (position: {})", d.message, pos.to_fen(EpStyle::Always));
    d
}

fn outcome_words(o: Outcome) -> String {
    match o {
        Outcome::Checkmate { winner } => format!("checkmate, {winner} won"),
        Outcome::Stalemate => "stalemate".to_owned(),
        Outcome::InsufficientMaterial => "insufficient material".to_owned(),
        Outcome::FivefoldRepetition => "fivefold repetition".to_owned(),
        Outcome::SeventyFiveMoves => "seventy-five-move rule".to_owned(),
    }
}

/// The result written must be the one a game that ended on the board forces.
fn judge_result(
    outcome: Outcome,
    pos: &Position,
    claimed: GameResult,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) {
    let forced = match outcome {
        Outcome::Checkmate { winner } => winner.fold(GameResult::WhiteWins, GameResult::BlackWins),
        _ => GameResult::Draw,
    };
    if claimed == GameResult::Unknown {
        diags.push(Diagnostic::new(
            Severity::Warning,
            "wrong-result",
            format!(
                "the result is written as * but the game ended in {}: it is {forced}",
                outcome_words(outcome)
            ),
            span,
        ));
    } else if claimed != forced {
        diags.push(Diagnostic::new(
            Severity::Error,
            "wrong-result",
            format!(
                "the result is written as {claimed} but the game ended in {} ({} to move): it must be {forced}",
                outcome_words(outcome),
                pos.turn()
            ),
            span,
        ));
    }
}

/// The result (token, else `Result` tag) must be the one a game that ended on the board forces.
fn check_result(
    game: &PgnGame<'_>,
    pos: &Position,
    end: &EndStatus,
    token: Option<(GameResult, Span)>,
    diags: &mut Vec<Diagnostic>,
) {
    let tag = game.tag("Result").and_then(|t| {
        GameResult::from_ascii(t.value().trim().as_bytes()).map(|r| (r, t.value_span))
    });
    // (The parser already compares the result token with the Result tag.)
    // Only a game that the board says is over has a forced result.
    let Some(outcome) = end.outcome else {
        return;
    };
    if let Some((claimed, span)) = token.or(tag) {
        judge_result(outcome, pos, claimed, span, diags);
    }
}
