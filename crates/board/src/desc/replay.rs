//! A whole book game: every ply resolved in turn, with the lookahead tie-break.

use scoresheet_notation::Kind;
use scoresheet_notation::desc::{Book, BookPly, Odds, write_move};
use scoresheet_notation::{Color, Diagnostic, Severity};

use super::resolve::resolve_desc_silent;
use super::{DescContext, DescResolveError, Origins, Suggestion, resolve_desc, suggest};
use crate::spelling::{TokenReading, read_token_after};
use crate::{EpStyle, Move, Position};

/// The most plies one lookahead decision may resolve while it compares the readings of
/// an ambiguous move: enough for a few nested ambiguities over a long game, small enough
/// that hostile input cannot make it run long.
const LOOKAHEAD_STEPS_PER_DECISION: usize = 20_000;

/// The most plies all lookahead decisions of one game may resolve together.
const LOOKAHEAD_STEPS_PER_GAME: usize = 200_000;

/// The most plies the lookahead may resolve per byte of a game's moves.
const LOOKAHEAD_STEPS_PER_BYTE: usize = 4;

/// The most ambiguous plies one lookahead branch may nest (each is a level of recursion,
/// so this also bounds the stack).
const LOOKAHEAD_MAX_NESTING: usize = 32;

/// One resolved ply of a book game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayedPly {
    /// Its index in [`Book::plies`].
    pub index: usize,
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Its SAN, with `+` or `#`.
    pub san: String,
}

/// A book game replayed on the board.
#[derive(Debug, Clone)]
pub struct BookReplay {
    /// The position before the first ply.
    pub start: Position,
    /// The plies resolved, in order (all of them unless [`BookReplay::error`] is set).
    pub plies: Vec<ReplayedPly>,
    /// The position after the last resolved ply.
    pub position: Position,
    /// Tie-breaks, repairs and remarks, then the error if any, in ply order; each carries
    /// its 1-based ply.
    pub diagnostics: Vec<Diagnostic>,
    /// The first ply that could not be resolved (index in [`Book::plies`]) and why.
    pub error: Option<(usize, Diagnostic)>,
    /// How many of the book's first plies are part of [`BookReplay::start`] rather than
    /// of [`BookReplay::plies`]: 1 at the pawn and two moves (White's first move, made
    /// before Black's first reply), else 0.
    pub folded: usize,
}

impl BookReplay {
    /// The resolved moves as SAN movetext: `1. e4 e5 2. Nf3`, starting from the start
    /// position's move number (`5... Nf6` when Black moves first).
    #[must_use]
    pub fn san_movetext(&self) -> String {
        let mut out = String::new();
        let mut number = self.start.fullmove_number();
        for (i, ply) in self.plies.iter().enumerate() {
            if !out.is_empty() {
                out.push(' ');
            }
            match ply.color {
                Color::White => out.push_str(&format!("{number}. ")),
                Color::Black if i == 0 => out.push_str(&format!("{number}... ")),
                Color::Black => {}
            }
            out.push_str(&ply.san);
            if ply.color == Color::Black {
                number = number.saturating_add(1);
            }
        }
        out
    }

    /// The resolved moves.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|p| p.mv).collect()
    }
}

/// Replays a book game: each ply is resolved with [`resolve_desc`] and played.
///
/// The start is `start`, else the book's `[FEN]` line, else the standard position. In
/// strict mode only the check-marker tie-break applies; otherwise the recapture and
/// lookahead tie-breaks, plain `Castles` as `O-O` and a missing promotion piece as a
/// queen also apply, each reported. The replay stops at the first ply that cannot be
/// resolved, with an error diagnostic giving the move, the position (FEN) and the
/// candidates.
///
/// ```
/// use scoresheet_board::desc::replay_book;
/// use scoresheet_notation::desc::read_book;
/// let book = read_book(b"1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-Kt5 P-QR3\n");
/// let replay = replay_book(&book, None, true);
/// assert!(replay.error.is_none());
/// assert_eq!(replay.san_movetext(), "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
/// ```
#[must_use]
pub fn replay_book(book: &Book, start: Option<Position>, strict: bool) -> BookReplay {
    replay_book_with(
        book,
        start,
        BookOptions {
            strict,
            repair: false,
        },
    )
}

/// How to replay a book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BookOptions {
    /// Strict mode (docs/DESCRIPTIVE.md §4): no lenient tie-breaks, no repairs.
    pub strict: bool,
    /// Read a misprinted move as its suggestion when exactly one suggestion is clearly
    /// best among those with which the rest of the game resolves, with a `repaired`
    /// warning. Refused in strict mode; the default never guesses.
    pub repair: bool,
}

/// The most misprints one game may have repaired: each repair replays the rest of the
/// game for each suggestion, so this keeps the work linear.
const MAX_REPAIRS: usize = 8;

/// A suggestion is clearly best when the next viable one costs at least this much more.
const CLEAR_MARGIN: u32 = 3;

/// Whether the rest of the game resolves, ply by ply, after `mv` is played: every ply
/// names exactly one legal move (the books' tie-breaks without lookahead).
fn rest_resolves(
    pos: &Position,
    origins: &Origins,
    mv: Move,
    rest: &[BookPly],
    base: &DescContext,
) -> bool {
    let (mut pos, mut origins) = (pos.clone(), origins.clone());
    origins.play(&mv);
    pos.play_unchecked(&mv);
    let mut last = Some(mv);
    for ply in rest {
        let Ok(w) = &ply.result else {
            return false;
        };
        match resolve_desc(&pos, &origins, w, &base.after(last)) {
            Ok(r) => {
                origins.play(&r.mv);
                pos.play_unchecked(&r.mv);
                last = Some(r.mv);
            }
            Err(_) => return false,
        }
    }
    true
}

/// What a replacement of an earlier, resolved ply [`blame_book`] tries may
/// cost: one of the usual misreadings, not a generic edit (any legal move is
/// some edits away from another).
const BLAME_CLOSE: u32 = 5;

/// The earlier printed ply to blame for the error at book ply `failed` (`plies`
/// are those resolved before it, from `start`): within
/// [`crate::misprint::WINDOW`] plies back, the one whose printed text, read
/// with one usual misreading undone, names another legal move with which
/// every ply after it resolves, through [`crate::misprint::LOOKAHEAD`] plies
/// past the error (or the end). The cheapest wins, the earliest among equals
/// (as [`crate::misprint::blame`] chooses). `None` when none fits: the error's
/// own suggestions stand.
fn blame_book(
    book: &Book,
    start: &Position,
    plies: &[ReplayedPly],
    failed: usize,
    base: &DescContext,
) -> Option<scoresheet_notation::Misprint> {
    let from = plies.len().saturating_sub(crate::misprint::WINDOW);
    let mut pos = start.clone();
    let mut origins = Origins::from_position(start);
    let mut last: Option<Move> = None;
    for p in plies.get(..from)? {
        origins.play(&p.mv);
        pos.play_unchecked(&p.mv);
        last = Some(p.mv);
    }
    let end = (failed + 1 + crate::misprint::LOOKAHEAD).min(book.plies.len());
    // (cost, ply, its printed text, its suggestions, the position before it)
    let mut best: Option<(u32, usize, String, Vec<Suggestion>, Position)> = None;
    for p in plies.get(from..)? {
        let printed = match &book.plies.get(p.index)?.result {
            Ok(w) => write_move(w),
            Err(e) => e.written.clone(),
        };
        let rest = book.plies.get(p.index + 1..end).unwrap_or_default();
        let fits: Vec<Suggestion> = super::suggest::suggest_within(
            &pos,
            &origins,
            &printed,
            &base.after(last),
            BLAME_CLOSE,
        )
        .into_iter()
        .filter(|s| s.mv != p.mv && rest_resolves(&pos, &origins, s.mv, rest, base))
        .collect();
        if let Some(first) = fits.first() {
            if best.as_ref().is_none_or(|b| first.cost < b.0) {
                best = Some((first.cost, p.index, printed, fits, pos.clone()));
            }
        }
        origins.play(&p.mv);
        pos.play_unchecked(&p.mv);
        last = Some(p.mv);
    }
    let (_, index, printed, fits, before) = best?;
    Some(scoresheet_notation::Misprint {
        span: book.plies.get(index)?.span,
        ply: u32::try_from(index + 1).ok()?,
        label: format!("{}{printed}", crate::misprint::move_label(&before)),
        change: "replaced",
        suggestions: fits.into_iter().map(|s| s.shown).collect(),
    })
}

/// The repair of a misprinted ply, if one suggestion is clearly best among those with
/// which the rest of the game resolves: the move and its `repaired` warning.
fn repair(
    pos: &Position,
    origins: &Origins,
    printed: &str,
    rest: &[BookPly],
    ctx: &DescContext,
    base: &DescContext,
    span: scoresheet_notation::Span,
) -> Option<(Move, Diagnostic)> {
    let viable: Vec<Suggestion> = suggest(pos, origins, printed, ctx)
        .into_iter()
        .filter(|s| rest_resolves(pos, origins, s.mv, rest, base))
        .collect();
    let best = viable.first()?;
    if viable
        .get(1)
        .is_some_and(|next| next.cost < best.cost + CLEAR_MARGIN)
    {
        return None;
    }
    let note = Diagnostic::new(
        Severity::Warning,
        Kind::Repaired,
        format!(
            "repaired: read `{printed}` as `{}` ({}), the closest legal move with which the rest of the game resolves",
            best.spelling,
            pos.san(&best.mv)
        ),
        span,
    );
    Some((best.mv, note))
}

/// Replays a book like [`replay_book`], with [`BookOptions`].
#[must_use]
pub fn replay_book_with(book: &Book, start: Option<Position>, options: BookOptions) -> BookReplay {
    let strict = options.strict;
    let mut repairs = 0;
    let mut diagnostics = Vec::new();
    let start = match start {
        Some(p) => p,
        None => match book.fen.as_deref().map(Position::from_fen) {
            None => match &book.odds {
                Some(odds) => {
                    let fen = odds_fen(odds);
                    let message = match odds.first_moves {
                        0 => format!(
                            "played at the odds of the {}: given during the game (a rook for a minor piece), not in the start position, which is the usual one",
                            odds.phrase
                        ),
                        2 => format!(
                            "played at the odds of the {}: starts from {fen}, and White's first two moves are made before Black's first reply",
                            odds.phrase
                        ),
                        _ => format!(
                            "played at the odds of the {}: starts from {fen}",
                            odds.phrase
                        ),
                    };
                    let mut d = Diagnostic::new(Severity::Note, Kind::Odds, message, odds.span);
                    d.ply = None;
                    diagnostics.push(d);
                    Position::from_fen(&fen).unwrap_or_default()
                }
                None => Position::new(),
            },
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                let span = book
                    .headers
                    .iter()
                    .find(|h| h.key.eq_ignore_ascii_case("fen"))
                    .map(|h| h.span)
                    .unwrap_or_default();
                let d = Diagnostic::new(
                    Severity::Error,
                    Kind::InvalidFen,
                    format!("the start position cannot be set up: {e}"),
                    span,
                );
                diagnostics.push(d.clone());
                return BookReplay {
                    start: Position::new(),
                    plies: Vec::new(),
                    position: Position::new(),
                    diagnostics,
                    error: Some((0, d)),
                    folded: 0,
                };
            }
        },
    };
    let base = if strict {
        DescContext::strict()
    } else {
        DescContext::lenient()
    };
    let mut start = start;
    let mut folded = 0;
    // At the pawn and two moves (and no FEN of the book's own), White's first move is
    // made before Black's first reply: it becomes part of the start position.
    let two_moves = book.fen.is_none()
        && book.odds.as_ref().is_some_and(|o| o.first_moves == 2)
        && start.turn() == Color::White;
    let mut pos = start.clone();
    let mut origins = Origins::from_position(&start);
    let mut plies = Vec::new();
    let mut last: Option<Move> = None;
    // The lookahead's work is bounded by the game's own text, so that a file of many
    // short games full of ambiguous moves is still read in linear time.
    let text_bytes: usize = book
        .plies
        .iter()
        .map(|p| p.span.end() - p.span.start())
        .sum();
    let mut game_budget =
        LOOKAHEAD_STEPS_PER_GAME.min(LOOKAHEAD_STEPS_PER_BYTE.saturating_mul(text_bytes));
    let mut error = None;
    if let Some(first) = book.plies.first()
        && first.color != pos.turn()
    {
        let mut d = Diagnostic::new(
            Severity::Warning,
            Kind::SideToMove,
            format!(
                "the table starts with a {} move but {} is to move in the start position: plies are taken in turn from {}",
                color_name(first.color),
                color_name(pos.turn()),
                color_name(pos.turn())
            ),
            first.span,
        );
        d.ply = Some(1);
        diagnostics.push(d);
    }
    for (index, ply) in book.plies.iter().enumerate() {
        let ply_number = u32::try_from(index + 1).ok();
        let ctx = base.after(last);
        let outcome = match &ply.result {
            Err(e) => Err(Diagnostic::new(
                Severity::Error,
                Kind::DescSyntax,
                e.to_string(),
                e.span,
            )),
            Ok(w) => match resolve_desc(&pos, &origins, w, &ctx) {
                Ok(r) => Ok((r.mv, r.notes)),
                Err(DescResolveError::Ambiguous {
                    moves,
                    written,
                    position,
                    span,
                    ..
                }) if !strict => {
                    let rest = book.plies.get(index + 1..).unwrap_or_default();
                    match lookahead(&pos, &origins, &moves, rest, &ctx, &mut game_budget) {
                        Ok((m, why)) => {
                            let note = Diagnostic::new(
                                Severity::Warning,
                                Kind::TieBreakLookahead,
                                format!(
                                    "`{written}` fits {}; read as {} because {why}",
                                    moves
                                        .iter()
                                        .map(|m| pos.san(m))
                                        .collect::<Vec<_>>()
                                        .join(", "),
                                    pos.san(&m)
                                ),
                                span,
                            );
                            Ok((m, vec![note]))
                        }
                        Err(why) => {
                            let err = DescResolveError::Ambiguous {
                                position,
                                moves,
                                written,
                                hint: Some(why),
                                span,
                            };
                            Err(err.to_diagnostic())
                        }
                    }
                }
                // Strict: say what the lenient lookahead would take, when it would.
                Err(DescResolveError::Ambiguous {
                    moves,
                    written,
                    span,
                    position,
                    hint: None,
                }) => {
                    let rest = book.plies.get(index + 1..).unwrap_or_default();
                    let lenient = DescContext::lenient().after(last);
                    let hint = lookahead(&pos, &origins, &moves, rest, &lenient, &mut game_budget)
                        .ok()
                        .map(|(m, _)| {
                            format!("a lenient reading takes {} by lookahead", pos.san(&m))
                        });
                    Err(DescResolveError::Ambiguous {
                        written,
                        position,
                        moves,
                        hint,
                        span,
                    }
                    .to_diagnostic())
                }
                Err(e) => Err(e.to_diagnostic()),
            },
        };
        // A printed move no grammar reads may still spell one legal move
        // (a Spanish or Portuguese move in the table, a check word glued on).
        // A move the English grammar reads but no legal move fits (`RxP` in
        // Portuguese, where `R` is the king) is matched by its spelling too.
        let printed = match &ply.result {
            Err(e) => e.written.clone(),
            Ok(w) => write_move(w),
        };
        let outcome = match (outcome, &ply.result) {
            (Err(d), result)
                if !strict
                    && (d.kind == Kind::DescSyntax
                        || (d.kind == Kind::NoLegalReading && result.is_ok())) =>
            {
                /// The ply as printed.
                struct Printed {
                    written: String,
                }
                let e = Printed { written: printed };
                let (reading, scanned) =
                    match read_token_after(&pos, Some(&origins), last, None, &e.written) {
                        // A scan's misreading of an old column (`Kt—Qß3`, `B—Kts`).
                        TokenReading::Unmatched => (
                            crate::spelling::read_scan_misread(
                                &pos,
                                Some(&origins),
                                last,
                                &e.written,
                            ),
                            true,
                        ),
                        other => (other, false),
                    };
                match reading {
                    TokenReading::One {
                        mv,
                        spelling,
                        by_claim,
                        claim,
                    } => {
                        let why = if by_claim {
                            ", the one of the moves spelled so that fits its check mark"
                        } else {
                            ""
                        };
                        let note = Diagnostic::new(
                            Severity::Note,
                            Kind::ReadBySpelling,
                            format!(
                                "`{}` is no move as printed; read as {} ({spelling} spelling{why})",
                                e.written,
                                pos.san(&mv)
                            ),
                            ply.span,
                        );
                        let mut notes = vec![note];
                        notes.extend(crate::spelling::unfounded_claim_warning(
                            &pos, &mv, claim, &e.written, ply.span,
                        ));
                        Ok((mv, notes))
                    }
                    TokenReading::RankMisread { mv, read, claim } => {
                        let mut notes = vec![Diagnostic::new(
                            Severity::Warning,
                            Kind::ReadBySpelling,
                            crate::spelling::rank_misread_message(&e.written, &read, &pos.san(&mv)),
                            ply.span,
                        )];
                        notes.extend(crate::spelling::unfounded_claim_warning(
                            &pos, &mv, claim, &e.written, ply.span,
                        ));
                        Ok((mv, notes))
                    }
                    // A capital alone in a table's column may be its ply cut
                    // short: the columns, not a count, give the plies their
                    // sides, so nothing after it would tell.
                    TokenReading::NotAMove(crate::spelling::LETTER_ALONE) => Err(d),
                    TokenReading::NotAMove(what) => {
                        // Prose where a move is due may stand for a move
                        // left out: a warning; a mark is harmless: a note.
                        let severity = if crate::spelling::is_prose(what) {
                            Severity::Warning
                        } else {
                            Severity::Note
                        };
                        diagnostics.push(Diagnostic::new(
                            severity,
                            Kind::SkippedWord,
                            format!("`{}` is {what}, not a move: skipped", e.written),
                            ply.span,
                        ));
                        continue;
                    }
                    TokenReading::Several(moves)
                        if !scanned
                            && let Ok((m, why)) = lookahead(
                                &pos,
                                &origins,
                                &moves,
                                book.plies.get(index + 1..).unwrap_or_default(),
                                &ctx,
                                &mut game_budget,
                            ) =>
                    {
                        let note = Diagnostic::new(
                            Severity::Warning,
                            Kind::TieBreakLookahead,
                            format!(
                                "`{}` is no move as printed, and spells {}; read as {} because {why}",
                                e.written,
                                moves
                                    .iter()
                                    .map(|m| pos.san(m))
                                    .collect::<Vec<_>>()
                                    .join(", "),
                                pos.san(&m)
                            ),
                            ply.span,
                        );
                        Ok((m, vec![note]))
                    }
                    TokenReading::Several(moves) => {
                        let names: Vec<String> = moves
                            .iter()
                            .map(|m| crate::desc::describe_candidate(&pos, m))
                            .collect();
                        let mut a = Diagnostic::new(
                            Severity::Error,
                            Kind::AmbiguousMove,
                            format!(
                                "`{}` is no move as printed, and {} {} legal moves: {}",
                                e.written,
                                if scanned {
                                    "as a scan may have misread it fits"
                                } else {
                                    "spells"
                                },
                                moves.len(),
                                names.join(", ")
                            ),
                            ply.span,
                        );
                        // A scan's readings are what the printer meant, as far
                        // as the board can tell: the misprint's suggestions too.
                        if scanned {
                            a.suggestions = names
                                .iter()
                                .take(crate::desc::MAX_SUGGESTIONS)
                                .cloned()
                                .collect();
                        }
                        a.candidates = names;
                        Err(a)
                    }
                    TokenReading::Unmatched => Err(d),
                }
            }
            (o, _) => o,
        };
        // A misprint read as its clearly best suggestion, when asked to and not strict.
        let outcome = match outcome {
            Err(d)
                if options.repair
                    && !strict
                    && repairs < MAX_REPAIRS
                    && matches!(d.kind, Kind::DescSyntax | Kind::NoLegalReading) =>
            {
                let printed = match &ply.result {
                    Err(e) => e.written.clone(),
                    Ok(w) => write_move(w),
                };
                let rest = book.plies.get(index + 1..).unwrap_or_default();
                match repair(&pos, &origins, &printed, rest, &ctx, &base, ply.span) {
                    Some((mv, note)) => {
                        repairs += 1;
                        Ok((mv, vec![note]))
                    }
                    None => Err(d),
                }
            }
            o => o,
        };
        match outcome {
            Ok((mv, notes)) => {
                for mut n in notes {
                    n.ply = ply_number;
                    diagnostics.push(n);
                }
                plies.push(ReplayedPly {
                    index,
                    color: pos.turn(),
                    mv,
                    san: pos.san(&mv),
                });
                origins.play(&mv);
                pos.play_unchecked(&mv);
                last = Some(mv);
                if two_moves && index == 0 {
                    if let Some(folded_start) = white_again(&pos) {
                        let mut d = Diagnostic::new(
                            Severity::Note,
                            Kind::Odds,
                            format!(
                                "White's first move {} is made before Black's first reply (pawn and two moves): the game starts from {}",
                                plies.last().map_or("", |p: &ReplayedPly| p.san.as_str()),
                                folded_start.to_fen(EpStyle::Legal)
                            ),
                            ply.span,
                        );
                        // The move is part of the start now, not a ply of the replay.
                        d.ply = None;
                        diagnostics.push(d);
                        plies.clear();
                        pos = folded_start.clone();
                        start = folded_start;
                        last = None;
                        folded = 1;
                    }
                }
            }
            Err(mut d) => {
                d.ply = ply_number;
                // A misprint: the legal moves spelled closest to what was printed.
                if matches!(d.kind, Kind::DescSyntax | Kind::NoLegalReading) {
                    let printed = match &ply.result {
                        Err(e) => e.written.clone(),
                        Ok(w) => write_move(w),
                    };
                    d.suggestions = suggest(&pos, &origins, &printed, &ctx)
                        .into_iter()
                        .map(|s| s.shown)
                        .collect();
                }
                // An ambiguous move's candidates are the answer, and a move
                // after the game ended is one too many; any other error may
                // come from an earlier misprint that still read.
                if folded == 0 && d.kind != Kind::AmbiguousMove && pos.has_legal_move() {
                    d.misprint = blame_book(book, &start, &plies, index, &base).map(Box::new);
                }
                d.message = format!("{} (position {})", d.message, pos.to_fen(EpStyle::Legal));
                diagnostics.push(d.clone());
                error = Some((index, d));
                break;
            }
        }
    }
    BookReplay {
        start,
        folded,
        plies,
        position: pos,
        diagnostics,
        error,
    }
}

/// The start position less the pieces the odds remove, as FEN: castling on a wing whose
/// rook is gone is lost.
/// The position `pos` (Black to move) with White to move again: Black's first reply is
/// not made at the pawn and two moves.
fn white_again(pos: &Position) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.turn = Color::White;
    setup.ep_square = None;
    setup.fullmove_number = setup.fullmove_number.saturating_add(1);
    Position::from_setup(setup).ok()
}

fn odds_fen(odds: &Odds) -> String {
    let mut board: Vec<u8> =
        b"rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR".to_vec();
    for sq in &odds.removed {
        if let Some(c) = board.get_mut(usize::from(sq.index())) {
            *c = b'.';
        }
    }
    let mut placement = String::new();
    for (r, row) in board.chunks(8).enumerate() {
        if r > 0 {
            placement.push('/');
        }
        let mut empty = 0;
        for &c in row {
            if c == b'.' {
                empty += 1;
            } else {
                if empty > 0 {
                    placement.push_str(&empty.to_string());
                    empty = 0;
                }
                placement.push(char::from(c));
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
    }
    let at = |i: usize| board.get(i).copied();
    let castling: String = [(63, 'K'), (56, 'Q'), (7, 'k'), (0, 'q')]
        .iter()
        .filter(|&&(i, c)| at(i) == Some(if c.is_ascii_uppercase() { b'R' } else { b'r' }))
        .map(|&(_, c)| c)
        .collect();
    let castling = if castling.is_empty() {
        "-".to_owned()
    } else {
        castling
    };
    format!("{placement} w {castling} - 0 1")
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Picks the reading of an ambiguous move under which the rest of the game resolves
/// farthest (docs/DESCRIPTIVE.md §4, the third tie-break), or says why none can be picked.
fn lookahead(
    pos: &Position,
    origins: &Origins,
    candidates: &[Move],
    rest: &[BookPly],
    ctx: &DescContext,
    game_budget: &mut usize,
) -> Result<(Move, String), String> {
    let mut budget = LOOKAHEAD_STEPS_PER_DECISION.min(*game_budget);
    let before = budget;
    let mut reaches = Vec::with_capacity(candidates.len());
    for m in candidates {
        let mut next = pos.clone();
        let mut next_origins = origins.clone();
        next_origins.play(m);
        next.play_unchecked(m);
        let reach = reach(&next, &next_origins, Some(*m), rest, ctx, &mut budget, 0);
        reaches.push(reach);
    }
    *game_budget -= before - budget;
    let Some(reaches) = reaches.into_iter().collect::<Option<Vec<usize>>>() else {
        return Err("the lookahead over the rest of the game reached its work limit".to_owned());
    };
    let best = reaches.iter().copied().max().unwrap_or(0);
    let winners: Vec<usize> = (0..reaches.len()).filter(|&i| reaches[i] == best).collect();
    match winners.as_slice() {
        [i] if best == rest.len() => Ok((
            candidates[*i],
            "only with it does the rest of the game resolve".to_owned(),
        )),
        [i] => Ok((
            candidates[*i],
            format!(
                "with it the next {best} plies resolve, with the others fewer (the game has a later error)"
            ),
        )),
        _ if best == rest.len() => {
            Err("the rest of the game resolves with more than one of them".to_owned())
        }
        _ => Err(format!(
            "the rest of the game resolves equally far ({best} plies) with more than one of them"
        )),
    }
}

/// How many of `plies` resolve in a row from `pos`, taking the best reading at each
/// ambiguous ply; `None` when the budget runs out or the ambiguities nest too deep.
fn reach(
    pos: &Position,
    origins: &Origins,
    last: Option<Move>,
    plies: &[BookPly],
    ctx: &DescContext,
    budget: &mut usize,
    nesting: usize,
) -> Option<usize> {
    let mut pos = pos.clone();
    let mut origins = origins.clone();
    let mut last = last;
    for (i, ply) in plies.iter().enumerate() {
        *budget = budget.checked_sub(1)?;
        let resolved = match &ply.result {
            Ok(written) => match resolve_desc_silent(&pos, &origins, written, &ctx.after(last)) {
                Ok(r) => Ok(r.mv),
                Err(DescResolveError::Ambiguous { moves, .. }) => Err(moves),
                Err(DescResolveError::NoMove { .. }) => {
                    *budget = budget.checked_sub(1)?;
                    match read_token_after(&pos, Some(&origins), last, None, &write_move(written)) {
                        TokenReading::One { mv, .. } | TokenReading::RankMisread { mv, .. } => {
                            Ok(mv)
                        }
                        TokenReading::Several(moves) => Err(moves),
                        _ => Err(Vec::new()),
                    }
                }
                Err(_) => Err(Vec::new()),
            },
            // A ply no grammar reads, by its spelling (one more step: it spells
            // every legal move).
            Err(e) => {
                *budget = budget.checked_sub(1)?;
                match read_token_after(&pos, Some(&origins), last, None, &e.written) {
                    TokenReading::One { mv, .. } | TokenReading::RankMisread { mv, .. } => Ok(mv),
                    TokenReading::Several(moves) => Err(moves),
                    TokenReading::NotAMove(_) => continue,
                    TokenReading::Unmatched => Err(Vec::new()),
                }
            }
        };
        match resolved {
            Ok(mv) => {
                origins.play(&mv);
                pos.play_unchecked(&mv);
                last = Some(mv);
            }
            Err(moves) if !moves.is_empty() => {
                if nesting >= LOOKAHEAD_MAX_NESTING {
                    return None;
                }
                let rest = plies.get(i + 1..).unwrap_or_default();
                let mut best = 0;
                for m in &moves {
                    let mut next = pos.clone();
                    let mut next_origins = origins.clone();
                    next_origins.play(m);
                    next.play_unchecked(m);
                    let r = reach(
                        &next,
                        &next_origins,
                        Some(*m),
                        rest,
                        ctx,
                        budget,
                        nesting + 1,
                    )?;
                    best = best.max(r);
                    if best == rest.len() {
                        break;
                    }
                }
                return Some(i + 1 + best);
            }
            Err(_) => return Some(i),
        }
    }
    Some(plies.len())
}
