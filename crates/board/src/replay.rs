//! Algorithm G: play a parsed game out move by move, checking what the text
//! claims against the board.
//!
//! Each main-line move is resolved in the position the moves before it built
//! and played. Besides illegal and ambiguous moves, the replay checks move
//! numbers against the full-move number and side to move, check and mate
//! marks, moves after the game ended, and the result (token and `Result` tag)
//! against the final position. Every variation is then judged too: each of its
//! moves is resolved in the position its line reached, and a move that cannot be
//! played there is an error of the game (see [`Replay::variation_moves`]).

use scoresheet_notation::Kind;
use scoresheet_notation::desc::{Book, BookPly};
use scoresheet_notation::kinds::KindSet;
use scoresheet_notation::pgn::{
    CommentKind, Game as PgnGame, MoveRecord, Readings, Token, first_of_each_name,
};
use scoresheet_notation::{Diagnostic, GameResult, Mode, MoveKind, Severity, Span, WrittenMove};

use crate::desc::{DescContext, Origins, resolve_desc};
use crate::misprint::Change;
use crate::resolve::{over_disambiguation, suffix_diagnostics};
use crate::{EpStyle, Move, Outcome, Position, ResolveError, resolve};

/// How strictly to judge a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReplayOptions {
    /// Turn every warning (relaxed notation, wrong marks, move-number and result
    /// mismatches) into an error.
    pub strict: bool,
    /// A result that contradicts the board (a mate or stalemate scored otherwise)
    /// is a warning naming the result the board gives, which
    /// [`Replay::result`] then is, instead of an error.
    pub fix_results: bool,
    /// A tag value with one clear reading in the standard's form
    /// ([`crate::tags::fix_value`]), and a wrong `PlyCount`, are a `tag-fixed`
    /// note naming the value to write, instead of a warning (`--fix-tags`).
    pub fix_tags: bool,
    /// In a book table, read a misprinted move as its clearly best suggestion when the
    /// rest of the game resolves with it (`BookOptions::repair`); refused when strict.
    pub repair: bool,
    /// Kinds whose warnings and notes are errors (`validate --deny KIND`).
    pub deny: KindSet,
    /// Kinds whose warnings and notes are dropped (`validate --allow KIND`);
    /// before `strict` and `deny`, so an allowed kind is allowed under both.
    pub allow: KindSet,
}

impl ReplayOptions {
    /// The mode to parse a game in for these options: strict when warnings are
    /// errors and no kind is allowed (an allowed kind has to reach [`settle`]
    /// as the warning it is, to be dropped there).
    #[must_use]
    pub fn mode(&self) -> Mode {
        if self.strict && self.allow.is_empty() {
            Mode::Strict
        } else {
            Mode::Lenient
        }
    }
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
    /// The result the board gives when the game is over by rule: the winner of a
    /// checkmate, else a draw; `None` while the game is in play.
    #[must_use]
    pub fn forced_result(&self) -> Option<GameResult> {
        self.outcome.map(|o| match o {
            Outcome::Checkmate { winner } => {
                winner.fold(GameResult::WhiteWins, GameResult::BlackWins)
            }
            _ => GameResult::Draw,
        })
    }

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
    /// The moves of every variation, resolved each in its own line's position, in
    /// text order (empty for a game without variations). With [`Replay::moves`]
    /// these are all the moves of the game, as a converter writes them.
    pub variation_moves: Vec<Move>,
    /// Prose between the main line's moves, skipped with a `skipped-word` note
    /// (a sentence, a note's variation, a page's furniture: [`crate::prose`]),
    /// in text order: every token that starts inside one is no part of the
    /// game's moves.
    pub prose: Vec<Span>,
    /// The whole written move that could not be played, in the main line or a
    /// variation, if any.
    pub failed: Option<Span>,
    /// The result the record carries once judged: the board's when the game is
    /// over by rule (a `*` completed, or a wrong result when
    /// [`ReplayOptions::fix_results`] is set), else the `Result` tag's when it is
    /// a result, else the movetext's, else `*`.
    pub result: GameResult,
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
    replay_from(game, options, None)
}

/// Like [`replay`], with another start position for a game without a `FEN` tag of its
/// own (`--fen`): `start`, when given, replaces the standard position; a game with a
/// `FEN` tag keeps its own.
///
/// ```
/// use scoresheet_board::replay::{replay_from, ReplayOptions};
/// use scoresheet_board::Position;
/// use scoresheet_notation::{pgn::parse_game, Mode};
/// let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
/// let game = parse_game(b"1. O-O-O Kf7 *", 0, Mode::Lenient);
/// let r = replay_from(&game, &ReplayOptions::default(), Some(&start));
/// assert!(r.is_valid());
/// assert_eq!(r.start, start);
/// ```
#[must_use]
pub fn replay_from(
    game: &PgnGame<'_>,
    options: &ReplayOptions,
    start: Option<&Position>,
) -> Replay {
    if game.mainline().any(MoveRecord::is_descriptive) {
        return replay_descriptive(game, options, start);
    }
    let mut fixes: Vec<Fix> = Vec::new();
    loop {
        let (r, blamed) = replay_fixed(game, options, start, &fixes);
        let repair = options.repair && !options.strict && fixes.len() < MAX_REPAIRS;
        let Some(b) = blamed.filter(|b| repair && b.blame.clear) else {
            return r;
        };
        // A repair must move the game on: the same place twice would loop.
        if fixes.iter().any(|f| f.index >= b.origin) {
            return r;
        }
        let best = b.blame.suggestions.first();
        let mv = match (b.blame.change, best) {
            (crate::misprint::Change::Doubled, _) => Move::NULL,
            (_, Some(s)) => s.mv,
            (_, None) => return r,
        };
        fixes.push(Fix {
            index: b.origin,
            change: b.blame.change,
            mv,
            span: b.span,
            shown: best.map(|s| s.shown.clone()).unwrap_or_default(),
            printed: b.text,
            digits: b.digits,
        });
    }
}

/// The blame of a main line's first error, with the place of the printed move
/// blamed among the game's printed moves.
struct Blamed {
    blame: crate::misprint::Blame,
    /// The 0-based index of the printed move blamed (for a missing move, of
    /// the move it was left out before).
    origin: usize,
    /// Where that move is printed.
    span: Span,
    /// Its text.
    text: String,
    /// The blamed text is a move number without a dot (`94` for `g4`).
    digits: bool,
}

/// The most misprints `--repair` reads as their suggestions in one game (each
/// repair replays the game again).
const MAX_REPAIRS: usize = 3;

/// A misprinted main-line move read otherwise (`--repair`).
#[derive(Debug, Clone)]
struct Fix {
    /// The 0-based index of the printed move among the main line's printed moves.
    index: usize,
    /// What is done there.
    change: crate::misprint::Change,
    /// The move it is read as (or, for a missing move, the move put before it).
    mv: Move,
    /// Where it is printed.
    span: Span,
    /// The move as suggestions show it: `Re1 (Rf1-e1)`.
    shown: String,
    /// The move as printed: `Rel`.
    printed: String,
    /// The move was printed as a move number without a dot (`94` for `g4`).
    digits: bool,
}

/// [`replay_from`] with `fixes` read in place of their printed moves; also the
/// blame of the first error in the main line, if any.
fn replay_fixed(
    game: &PgnGame<'_>,
    options: &ReplayOptions,
    start: Option<&Position>,
    fixes: &[Fix],
) -> (Replay, Option<Blamed>) {
    let mut diags: Vec<Diagnostic> = game.diagnostics.clone();
    // The parser's error on a token read as a fix is no longer the game's.
    for f in fixes.iter().filter(|f| f.change != Change::Missing) {
        diags.retain(|d| {
            !(d.severity == Severity::Error
                && f.span.start() <= d.span.start()
                && d.span.end() <= f.span.end())
        });
    }
    let (start, ok) = start_position(game, &mut diags, options, start);
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
        told: false,
        skipped: Vec::new(),
        prose: Vec::new(),
        prose_doubt: false,
        told_in_lines: false,
        ended_by_words: false,
    };
    r.hashes.push(r.pos.zobrist());

    let mut depth = 0usize;
    let mut result_token: Option<(GameResult, Span)> = None;
    // The printed token the main line stopped at that did not read as a move.
    let mut unread: Option<Span> = None;
    let mut stop = game.stop.unwrap_or(usize::MAX);
    // The language of the game's letters, found once, when a token is read by
    // its spelling.
    let mut letters: Option<Option<scoresheet_notation::lang::Language>> = None;
    // The main line's printed moves met so far (what fixes count in).
    let mut printed = 0usize;
    // The last few move numbers without a dot that were not their move's
    // number (`3. 94`), each with the moves played before it: a move misread
    // as digits, if a move soon after fails.
    let mut dotless: Vec<(Span, usize)> = Vec::new();
    let mut number_misprints: Vec<(Span, usize)> = Vec::new();
    // Tokens before this index are prose skipped ([`crate::prose`]).
    let mut prose_to = 0usize;
    for (i, token) in game.tokens.iter().enumerate() {
        if i < prose_to {
            continue;
        }
        if i >= stop && fixes.is_empty() {
            if let Token::Invalid(span) = token {
                if depth == 0 && !r.halted {
                    // Two moves printed with a dash between them (`c3 - d5¹`).
                    if !options.strict
                        && game.dash_pair_at(i).is_some_and(|pair| {
                            r.play_dash_pair(
                                game,
                                None,
                                pair,
                                *letters.get_or_insert_with(|| game_letters(game)),
                            )
                        })
                    {
                        printed += 1;
                        stop = next_invalid(game, i + 1);
                        continue;
                    }
                    // A token no grammar reads may still spell one legal move.
                    if !options.strict
                        && r.read_spelled(
                            span_text(game, *span),
                            *span,
                            word_after(game, i) || crate::prose::in_move_place(game, i, &r.pos),
                            game_goes_on(game, i),
                            *letters.get_or_insert_with(|| game_letters(game)),
                        )
                    {
                        printed += 1;
                        stop = next_invalid(game, i + 1);
                        continue;
                    }
                    // Or start a sentence, a note the game goes on after.
                    if let Some(j) = (!options.strict).then(|| r.skip_prose(game, i)).flatten() {
                        prose_to = j;
                        stop = next_invalid(game, j);
                        continue;
                    }
                    unread = Some(*span);
                }
            }
            break;
        }
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Result(res, span) if depth == 0 => result_token = Some((*res, *span)),
            _ if depth > 0 || r.halted => {}
            Token::MoveNumber {
                number,
                black,
                span,
            } => {
                // A number read as a move (`--repair`) is that move.
                if let Some(f) = fixes.iter().find(|f| f.digits && f.span == *span) {
                    r.play_fix(f);
                    continue;
                }
                // The number first: it is the move's in nearly every game.
                if *number != r.pos.fullmove_number() && !span_text(game, *span).contains(&b'.') {
                    if dotless.len() == NUMBERS_KEPT {
                        dotless.remove(0);
                    }
                    dotless.push((*span, r.moves.len()));
                }
                // A number going back to a move already played, with a
                // sentence after it, opens a note on that move.
                if *number < r.pos.fullmove_number() && !options.strict && fixes.is_empty() {
                    if let Some(j) = r.note_going_back(game, i) {
                        prose_to = j;
                        stop = next_invalid(game, j);
                        continue;
                    }
                }
                r.check_move_number(*number, *black, *span);
            }
            Token::Move(_) | Token::Invalid(_) => {
                let fix = fixes.iter().find(|f| f.index == printed);
                printed += 1;
                match fix {
                    Some(f) if f.change == Change::Replaced => {
                        r.play_fix(f);
                        continue;
                    }
                    Some(f) if f.change == Change::Doubled => {
                        r.skip_fix(f);
                        continue;
                    }
                    // Played where its number stands.
                    Some(f) if f.digits => {}
                    Some(f) => r.play_fix(f),
                    None => {}
                }
                match token {
                    Token::Move(mv)
                        if !options.strict
                            && fixes.is_empty()
                            && game.dash_pair_at(i).is_some_and(|pair| {
                                r.play_dash_pair(
                                    game,
                                    Some(&mv.get()),
                                    pair,
                                    *letters.get_or_insert_with(|| game_letters(game)),
                                )
                            }) => {}
                    Token::Move(mv) => {
                        match game.readings_at(i) {
                            Some(readings) => r.play_readings(readings),
                            None => r.play(&mv.get()),
                        }
                        if r.halted
                            && !options.strict
                            && fixes.is_empty()
                            && r.alternative_after_word(game, i, &start)
                        {
                            printed -= 1;
                            continue;
                        }
                        if let Some(j) = (r.halted && !options.strict && fixes.is_empty())
                            .then(|| r.note_after_failed(game, i))
                            .flatten()
                        {
                            printed -= 1;
                            prose_to = j;
                            stop = next_invalid(game, j);
                            continue;
                        }
                        if r.halted {
                            number_misprints = core::mem::take(&mut dotless);
                        }
                    }
                    Token::Invalid(span)
                        if options.strict
                            || !r.read_spelled(
                                span_text(game, *span),
                                *span,
                                word_after(game, i) || crate::prose::in_move_place(game, i, &r.pos),
                                game_goes_on(game, i),
                                *letters.get_or_insert_with(|| game_letters(game)),
                            ) =>
                    {
                        if let Some(j) = (!options.strict).then(|| r.skip_prose(game, i)).flatten()
                        {
                            printed -= 1;
                            prose_to = j;
                            continue;
                        }
                        unread = Some(*span);
                        break;
                    }
                    _ => {}
                }
            }
            // The game ended at its end words (`Resigns.`, kept as commentary):
            // what stands after them up to the result is a note (`Morán gives
            // the pleasant line 22...Kh8 23 Rf8+`), never the game's moves.
            Token::Comment {
                kind: CommentKind::Commentary,
                text,
                ..
            } if !options.strict && scoresheet_notation::desc::end_phrase(text).is_some() => {
                let j = crate::prose::after_end(game, i);
                r.ended_by_words = true;
                if j > i + 1 && r.skip_region(game, i + 1, j).is_some() {
                    prose_to = j;
                    stop = next_invalid(game, j);
                }
            }
            // Words before moves on their line, after the game's first move
            // (`... as given in the appendix. 5.d4 exd4`): the moves may be
            // the game's or a note's; the game's numbering decides.
            Token::Comment {
                kind: CommentKind::Commentary,
                ..
            } if !options.strict
                && fixes.is_empty()
                && r.ply() > 1
                && moves_on_its_line(game, i) =>
            {
                if let Some(j) = r.note_with_moves(game, i) {
                    prose_to = j;
                    stop = next_invalid(game, j);
                }
            }
            Token::Result(..) | Token::Nag { .. } | Token::Comment { .. } => {}
        }
    }
    // (Under `--strict` too, where the warning refuses the game.)
    if unread.is_none() && !r.halted && fixes.is_empty() {
        r.trailing_moves(game);
    }
    // Text without tags whose every move-like word was skipped as prose: no
    // game was read, and none is said valid (a page of words quoting moves).
    if r.moves.is_empty()
        && game.tags.is_empty()
        && !r.diags.iter().any(|d| d.severity == Severity::Error)
    {
        if let Some(&first) = r.prose.first() {
            r.diags.push(Diagnostic::new(
                Severity::Error,
                Kind::NotChess,
                "no move read: every word here that looks like a move was skipped as prose, so this text holds no game that could be read",
                first,
            ));
        }
    }
    if let Some(span) = unread {
        // The main line stops at a token that is no move: it is this ply's
        // printed move, which the parser's error names.
        let ply = r.ply();
        r.written.push(span);
        for d in &mut r.diags {
            if d.severity == Severity::Error
                && d.ply.is_none()
                && span.start() <= d.span.start()
                && d.span.end() <= span.end()
            {
                d.ply = Some(ply);
            }
        }
    }

    let end = r.end_status();
    // After a move that could not be played the final position says nothing of the result.
    if !r.halted {
        check_result(game, &r.pos, &end, result_token, options, &mut r.diags);
        check_ply_count(game, r.moves.len(), options, &mut r.diags);
    }
    let mut failed = r
        .halted
        .then(|| r.written.get(r.moves.len()).copied())
        .flatten()
        .or(unread);
    if ok {
        explain_marks(game, &start, &mut r, fixes);
    }
    let read_number = if failed.is_some() && ok && fixes.is_empty() {
        number_as_move(game, &start, &mut r, &number_misprints)
    } else {
        None
    };
    let blamed = match read_number {
        Some(b) => {
            failed = Some(b.span);
            Some(b)
        }
        None if failed.is_some() && ok => blame_error(game, &start, &mut r, fixes),
        None => None,
    };
    let variation_moves = if ok {
        let main = MainLine {
            moves: &r.moves,
            written: &r.written,
            skipped: &r.skipped,
            prose: &r.prose,
        };
        judge_variations(game, &start, &main, options, &mut r.diags, &mut failed)
    } else {
        Vec::new()
    };
    settle(&mut r.diags, options);
    let result = record_result(game, &end, options, &mut r.diags);
    let replay = Replay {
        start,
        moves: r.moves,
        written: r.written,
        position: r.pos,
        diagnostics: r.diags,
        end,
        variation_moves,
        prose: r.prose,
        failed,
        result,
    };
    (replay, blamed)
}

/// The language of the main line's piece letters (`None`: English, or no one
/// language), for matching a token by its spelling in the game's letters first.
#[cold]
fn game_letters(game: &PgnGame<'_>) -> Option<scoresheet_notation::lang::Language> {
    // Every main-line move of the game, past the parser's stop too: the
    // first token read by its spelling may come before any piece letter.
    let mut depth = 0usize;
    let moves = game.tokens.iter().filter_map(|t| match t {
        Token::StartVariation(_) => {
            depth += 1;
            None
        }
        Token::EndVariation(_) => {
            depth = depth.saturating_sub(1);
            None
        }
        Token::Move(m) if depth == 0 => Some(span_text(game, m.span())),
        _ => None,
    });
    match scoresheet_notation::lang::detect(moves) {
        scoresheet_notation::lang::Detection::Language { language, .. } => Some(language),
        _ => None,
    }
}

/// Whether the token after token `i` of `game` is a word of prose no grammar
/// reads: two such words together are a sentence, which is never skipped
/// word by word.
/// A word of one letter (`y`, `e`) is skipped where it stands but makes no
/// sentence with the word before it: too little to tell a sentence by.
/// A short word before a move number (`If 17. Kd2 Kd7, White stands well.`)
/// opens a sentence too: the note's moves follow it.
fn word_after(game: &PgnGame<'_>, i: usize) -> bool {
    let short_before_number = matches!(game.tokens.get(i + 1), Some(Token::MoveNumber { .. }))
        && game.tokens.get(i).is_some_and(|t| {
            scoresheet_notation::text::decode(span_text(game, t.span()))
                .trim_matches(NOTE_PUNCTUATION)
                .chars()
                .count()
                < 3
        });
    short_before_number
        || matches!(game.tokens.get(i + 1), Some(Token::Invalid(span)) if {
            let text = scoresheet_notation::text::decode(span_text(game, *span));
            text.trim_matches(NOTE_PUNCTUATION).chars().count() >= 2
                && crate::spelling::not_a_move(&text) == Some("a word")
        })
}

/// Whether a move or a move number follows token `i` of `game` closely (the
/// next few tokens): the game goes on after it, and its count will tell
/// whether a move was left out there.
fn game_goes_on(game: &PgnGame<'_>, i: usize) -> bool {
    game.tokens
        .iter()
        .skip(i + 1)
        .take(4)
        .any(|t| matches!(t, Token::Move(_) | Token::MoveNumber { .. }))
}

/// Whether token `i` of `game` is followed on its line by a move number.
fn moves_on_its_line(game: &PgnGame<'_>, i: usize) -> bool {
    let (Some(token), Some(Token::MoveNumber { span, .. })) =
        (game.tokens.get(i), game.tokens.get(i + 1))
    else {
        return false;
    };
    // A line of words the parser kept as commentary starts its line.
    let start = token.span().start().saturating_sub(game.base);
    let line_start = start == 0
        || game
            .text
            .get(..start)
            .and_then(|t| t.iter().rev().find(|&&b| b != b' ' && b != b'\t'))
            .is_none_or(|&b| b == b'\n');
    line_start
        && span.start() >= token.span().end()
        && !span_text(game, Span::new(token.span().end(), span.start())).contains(&b'\n')
}

/// Whether the text of `game` from token `i` on starts with two words that
/// no reading makes moves (letters only, as a sentence's words are): a
/// sentence, or a page's running title, not a misprinted move.
fn sentence_at(game: &PgnGame<'_>, i: usize) -> bool {
    game.tokens
        .get(i)
        .is_some_and(|token| sentence_from(game, token.span().start()))
}

/// Whether the text of `game` from token `i` on starts with two words of a
/// sentence ([`sentence_at`] without its one-word case).
fn two_words_at(game: &PgnGame<'_>, i: usize) -> bool {
    game.tokens
        .get(i)
        .is_some_and(|token| words_from(game, token.span().start()) == 2)
}

/// Whether token `i` of `game` is one word of three letters or more that no
/// reading makes a move (`feladta`, `uppg.`), punctuation aside.
fn plain_word_at(game: &PgnGame<'_>, i: usize) -> bool {
    game.tokens.get(i).is_some_and(|token| {
        let text = scoresheet_notation::text::decode(span_text(game, token.span()));
        let word = text.trim_matches(NOTE_PUNCTUATION);
        word.chars().count() >= 3
            && word.chars().all(char::is_alphabetic)
            && !crate::spelling::reads_as_move(word)
    })
}

/// [`sentence_at`] from the absolute offset `at` of `game`'s text.
fn sentence_from(game: &PgnGame<'_>, at: usize) -> bool {
    words_from(game, at) > 0
}

/// What stands around a word of a sentence and is not the word.
const NOTE_PUNCTUATION: &[char] = &[
    '.', ',', ';', ':', '!', '?', '(', ')', '"', '\'', '«', '»', '“', '”', '„', '¡', '¿',
];

/// How the text of `game` from the absolute offset `at` starts: with two
/// words of a sentence (2), one word no grammar reads as a move (1), or
/// otherwise (0).
fn words_from(game: &PgnGame<'_>, at: usize) -> u8 {
    let from = at.saturating_sub(game.base);
    let text = game.text.get(from..).unwrap_or_default();
    let text = &text[..text.len().min(256)];
    let text = scoresheet_notation::text::decode(text);
    let mut words = text.split_whitespace();
    let bare = |w: &str| -> String { w.trim_matches(NOTE_PUNCTUATION).to_owned() };
    let wordish = |w: Option<&str>| {
        w.is_some_and(|w| {
            let w = w.trim_matches(NOTE_PUNCTUATION);
            // A word's own apostrophe (`White’s`, `l'avantage`, `L'obertura`)
            // after two letters or more, or before three (an elided article):
            // no move's name has one (`K's` stays no word).
            let letters = w.chars().take_while(|c| c.is_alphabetic()).count();
            let after = w
                .chars()
                .skip(letters + 1)
                .take_while(|c| c.is_alphabetic())
                .count();
            !w.is_empty()
                && w.chars().all(|c| {
                    c.is_alphabetic() || ((letters >= 2 || after >= 3) && matches!(c, '\'' | '’'))
                })
        })
    };
    let first = words.next();
    let second = words.next();
    // Two words (the second of two letters or more), or one word of two
    // letters or more that no grammar reads as a move (`If`, `Or`).
    // A word of three letters or more that no grammar reads as a move: two
    // fragments of moves cut short (`Nf Bc`) are no sentence.
    let plain = |w: Option<&str>| {
        w.is_some_and(|w| {
            let w = bare(w);
            w.chars().count() >= 3 && !crate::spelling::reads_as_move(&w)
        })
    };
    if !wordish(first) {
        0
    } else if second.is_some_and(|w| bare(w).chars().count() >= 2 && wordish(Some(w)))
        && (plain(first) || plain(second))
    {
        2
    } else if first.is_some_and(|w| {
        let w = bare(w);
        w.chars().count() >= 2 && !crate::spelling::reads_as_move(&w)
    }) {
        1
    } else {
        0
    }
}

/// Whether the text of `game` from token `i` to token `j` (or the end)
/// holds a brace: PGN's comment syntax broken (a nested or stray brace), an
/// error of the record, never prose to skip.
fn braced(game: &PgnGame<'_>, i: usize, j: usize) -> bool {
    let Some(start) = game.tokens.get(i).map(|t| t.span().start()) else {
        return false;
    };
    let end = game
        .tokens
        .get(j)
        .map_or(game.base + game.text.len(), |t| t.span().start());
    span_text(game, Span::new(start, end))
        .iter()
        .any(|&b| b == b'{' || b == b'}')
}

/// The index of the first [`Token::Invalid`] of `game` from token `from` on
/// (`usize::MAX` when there is none): where the replay stops next.
fn next_invalid(game: &PgnGame<'_>, from: usize) -> usize {
    game.tokens
        .iter()
        .skip(from)
        .position(|t| matches!(t, Token::Invalid(_)))
        .map_or(usize::MAX, |at| from + at)
}

/// Whether `spans`, in text order, hold `span`.
#[must_use]
pub fn sorted_contains(spans: &[Span], span: Span) -> bool {
    spans
        .binary_search_by_key(&span.start(), |s| s.start())
        .is_ok_and(|i| spans.get(i) == Some(&span))
}

/// Whether `spans`, in text order, hold one that lies within `span` (a
/// token read as the moves printed in its parts, `c3 - d5`).
#[must_use]
pub fn sorted_holds_within(spans: &[Span], span: Span) -> bool {
    let at = spans.partition_point(|s| s.start() < span.start());
    spans.get(at).is_some_and(|s| s.end() <= span.end())
}

/// The text of `span` in the game.
fn span_text<'t>(game: &PgnGame<'t>, span: Span) -> &'t [u8] {
    let from = span.start().saturating_sub(game.base);
    let to = span.end().saturating_sub(game.base);
    game.text.get(from..to).unwrap_or_default()
}

/// The language of a main line's piece letters, for suggestions spelled in
/// them too (`Lb5` for `Lb6`).
fn letters_of(
    printed: &[crate::misprint::Printed<'_>],
) -> Option<scoresheet_notation::lang::Language> {
    match scoresheet_notation::lang::detect(printed.iter().map(|p| p.text)) {
        scoresheet_notation::lang::Detection::Language { language, .. } => Some(language),
        _ => None,
    }
}

/// The most mark warnings of one game [`explain_marks`] looks into (each
/// replays the rest of the game a few times).
const MAX_MARKS_EXPLAINED: usize = 8;

/// A check mark on a move that gives no check, or a capture mark on a quiet
/// move, points at a misreading even when every move is legal: gives such a
/// warning the legal moves close in spelling to the printed move that do give
/// the check (or mate) or the capture, and with which the rest of the game is
/// played as far as it was.
fn explain_marks(game: &PgnGame<'_>, start: &Position, r: &mut Replayer, fixes: &[Fix]) {
    let played = r.moves.len();
    let marked: Vec<usize> = r
        .diags
        .iter()
        .enumerate()
        .filter(|(_, d)| {
            matches!(d.kind, Kind::WrongCheckMark | Kind::CaptureMarkOnQuietMove)
                && d.ply.is_some_and(|p| p >= 1 && p as usize <= played)
        })
        .map(|(i, _)| i)
        .take(MAX_MARKS_EXPLAINED)
        .collect();
    if marked.is_empty() {
        return;
    }
    let (printed, _) = printed_mainline(game, played, fixes, &r.prose);
    let lang = letters_of(&printed);
    for i in marked {
        let Some(d) = r.diags.get(i) else { continue };
        let index = d.ply.map_or(0, |p| p as usize - 1);
        let Some(p) = printed.get(index) else {
            continue;
        };
        // The warning is about this printed move, not a variation's.
        if p.forced.is_some() || d.span.start() < p.span.start() || d.span.end() > p.span.end() {
            continue;
        }
        let Some(&mv) = r.moves.get(index) else {
            continue;
        };
        let mut pos = start.clone();
        for m in r.moves.get(..index).unwrap_or_default() {
            pos.play_unchecked(m);
        }
        let check = d.kind == Kind::WrongCheckMark;
        let mut bare = p.text.trim_ascii_end();
        while let [before @ .., b'!' | b'?'] = bare {
            bare = before;
        }
        let mate = bare.ends_with(b"#");
        let rest = printed.get(index + 1..).unwrap_or_default();
        let fits = crate::misprint::fitting(
            &pos,
            p.text,
            lang,
            crate::misprint::CLOSE,
            rest,
            played - index - 1,
            |after, m| {
                *m != mv
                    && if check {
                        after.is_check() && (!mate || !after.has_legal_move())
                    } else {
                        m.is_capture()
                    }
            },
        );
        if let Some(d) = r.diags.get_mut(i) {
            d.suggestions = fits.into_iter().map(|s| s.shown).collect();
        }
    }
}

/// How many move numbers without a dot [`number_as_move`] keeps in view.
const NUMBERS_KEPT: usize = 4;

/// A move number without a dot where a move is due (`3. 94 Nf6`: `g4` read as
/// digits; `numbers`, each with the moves played before it), a few plies
/// before the move that failed: when a legal move close to its spelling lets
/// the moves after it be played, the game is read up to the number and the
/// error is the number's, an `invalid-move` naming it with its ply and
/// suggesting that move. Gives it as a blame (a move missing before the next
/// printed move, which `--repair` puts back when one move clearly fits).
fn number_as_move(
    game: &PgnGame<'_>,
    start: &Position,
    r: &mut Replayer,
    numbers: &[(Span, usize)],
) -> Option<Blamed> {
    let failed = r.moves.len();
    let at = r.diags.iter().position(|d| {
        d.severity == Severity::Error && d.ply == Some(u32::try_from(failed + 1).unwrap_or(0))
    })?;
    let (printed, _) = printed_mainline(game, failed, &[], &r.prose);
    let lang = letters_of(&printed);
    // The latest first: the nearer the failure, the likelier the cause.
    let (span, before, pos, fits) = numbers
        .iter()
        .rev()
        .filter(|(_, before)| failed - before < NUMBERS_KEPT)
        .find_map(|&(span, before)| {
            let mut pos = start.clone();
            for m in r.moves.get(..before)? {
                pos.play_unchecked(m);
            }
            let fits = crate::misprint::fitting(
                &pos,
                span_text(game, span),
                lang,
                crate::misprint::MAX_COST,
                printed.get(before..).unwrap_or_default(),
                failed - before + crate::misprint::LOOKAHEAD + 1,
                |_, _| true,
            );
            (!fits.is_empty()).then_some((span, before, pos, fits))
        })?;
    let ply = u32::try_from(before + 1).unwrap_or(u32::MAX);
    let side = if pos.turn() == crate::Color::White {
        "White's"
    } else {
        "Black's"
    };
    let mut d = Diagnostic::new(
        Severity::Error,
        Kind::InvalidMove,
        format!(
            "`{}` stands where {side} move {} is due and reads only as a move number: a misprinted move (the moves after it cannot be played as printed)",
            String::from_utf8_lossy(span_text(game, span)),
            pos.fullmove_number()
        ),
        span,
    );
    d.ply = Some(ply);
    d.suggestions = fits.iter().map(|s| s.shown.clone()).collect();
    let clear = fits
        .get(1)
        .is_none_or(|next| next.cost >= fits[0].cost + crate::misprint::CLEAR_MARGIN);
    // The game is read up to the number, which is this ply's printed move:
    // what was said of the plies from there on (the number's own warning,
    // the moves read for the wrong side) is said of a game misread.
    r.diags.remove(at);
    r.diags.retain(|d| d.ply.is_none_or(|p| p < ply));
    r.diags.push(d);
    r.moves.truncate(before);
    r.written.truncate(before);
    r.written.push(span);
    r.pos = pos;
    Some(Blamed {
        blame: crate::misprint::Blame {
            change: Change::Missing,
            index: before,
            suggestions: fits,
            clear,
        },
        origin: before,
        span,
        text: scoresheet_notation::text::decode(span_text(game, span)).into_owned(),
        digits: true,
    })
}

/// The main line's printed moves as played (`fixes` applied), from the first,
/// through `LOOKAHEAD` plies past ply index `failed`: what
/// [`crate::misprint::blame`] reads; with each one's index among the printed
/// moves.
fn printed_mainline<'t>(
    game: &PgnGame<'t>,
    failed: usize,
    fixes: &[Fix],
    prose: &[Span],
) -> (Vec<crate::misprint::Printed<'t>>, Vec<usize>) {
    let mut out = Vec::new();
    let mut origins = Vec::new();
    let mut depth = 0usize;
    let mut index = 0usize;
    let text = game.text;
    let of = |span: Span| {
        let from = span.start().saturating_sub(game.base);
        let to = span.end().saturating_sub(game.base);
        text.get(from..to).unwrap_or_default()
    };
    for token in &game.tokens {
        if out.len() > failed + crate::misprint::LOOKAHEAD {
            break;
        }
        if crate::prose::in_prose(prose, token.span()) {
            continue;
        }
        let (written, span) = match token {
            Token::StartVariation(_) => {
                depth += 1;
                continue;
            }
            Token::EndVariation(_) => {
                depth = depth.saturating_sub(1);
                continue;
            }
            Token::Move(m) if depth == 0 => {
                let w = m.get().into_owned();
                let span = w.span;
                (Some(w), span)
            }
            Token::Invalid(span) if depth == 0 => (None, *span),
            _ => continue,
        };
        let fix = fixes.iter().find(|f| f.index == index);
        match fix.map(|f| f.change) {
            Some(Change::Doubled) => {}
            Some(Change::Missing) => {
                out.push(crate::misprint::Printed {
                    written: None,
                    forced: fix.map(|f| f.mv),
                    span,
                    text: b"",
                });
                origins.push(index);
            }
            _ => {}
        }
        if fix.is_none_or(|f| f.change != Change::Doubled) {
            out.push(crate::misprint::Printed {
                written,
                forced: fix.filter(|f| f.change == Change::Replaced).map(|f| f.mv),
                span,
                text: of(span),
            });
            origins.push(index);
        }
        index += 1;
    }
    (out, origins)
}

/// Gives the main line's first error its suggestions and, when an earlier
/// printed move is to blame (or a move printed twice or left out), its
/// misprint; gives the blame.
fn blame_error(
    game: &PgnGame<'_>,
    start: &Position,
    r: &mut Replayer,
    fixes: &[Fix],
) -> Option<Blamed> {
    let failed = r.moves.len();
    let ply = u32::try_from(failed + 1).unwrap_or(u32::MAX);
    let at = r
        .diags
        .iter()
        .position(|d| d.severity == Severity::Error && d.ply == Some(ply))?;
    // Binary data is damage to the file, not a misprinted move: no move to
    // suggest. A letter that reads as more than one legal move is no misprint
    // either: its readings are the answer.
    let d = r.diags.get(at)?;
    let clash = d.kind == Kind::UndecidableLanguage
        && game
            .readings
            .iter()
            .any(|x| x.moves.first().is_some_and(|m| m.written.span == d.span));
    if d.kind == Kind::BinaryData || clash {
        return None;
    }
    let (printed, origins) = printed_mainline(game, failed, fixes, &r.prose);
    // Suggestions are spelled in the game's letters too (`Lb5` for `Lb6`).
    let lang = letters_of(&printed);
    let blame = crate::misprint::blame(start, &r.moves, &printed, lang);
    let d = r.diags.get_mut(at)?;
    let shown = |b: &crate::misprint::Blame| -> Vec<String> {
        b.suggestions.iter().map(|s| s.shown.clone()).collect()
    };
    match &blame {
        Some(b) if b.index < failed || b.change != Change::Replaced => {
            let mut pos = start.clone();
            for m in r.moves.get(..b.index).unwrap_or_default() {
                pos.play_unchecked(m);
            }
            let p = printed.get(b.index)?;
            d.misprint = Some(Box::new(scoresheet_notation::Misprint {
                span: p.span,
                ply: u32::try_from(b.index + 1).unwrap_or(u32::MAX),
                label: format!(
                    "{}{}",
                    crate::misprint::move_label(&pos),
                    String::from_utf8_lossy(p.text)
                ),
                change: match b.change {
                    Change::Replaced => "replaced",
                    Change::Doubled => "doubled",
                    Change::Missing => "missing",
                },
                suggestions: shown(b),
            }));
            if d.suggestions.is_empty() && d.candidates.is_empty() {
                d.suggestions = suggestions_at(&r.pos, printed.get(failed)?.text, lang);
            }
        }
        // An ambiguous move's candidates are the answer: no suggestions beside them.
        Some(b) if d.candidates.is_empty() => d.suggestions = shown(b),
        Some(_) => {}
        None if d.suggestions.is_empty() && d.candidates.is_empty() => {
            d.suggestions = suggestions_at(&r.pos, printed.get(failed)?.text, lang);
        }
        None => {}
    }
    let blame = blame?;
    let p = printed.get(blame.index)?;
    let origin = *origins.get(blame.index)?;
    // A move already put back or read otherwise is not repaired again.
    if p.forced.is_some() && blame.change != Change::Missing {
        return None;
    }
    Some(Blamed {
        origin,
        span: p.span,
        text: scoresheet_notation::text::decode(p.text).into_owned(),
        blame,
        digits: false,
    })
}

/// The closest legal moves to `printed` in `pos`, as suggestions show them.
fn suggestions_at(
    pos: &Position,
    printed: &[u8],
    lang: Option<scoresheet_notation::lang::Language>,
) -> Vec<String> {
    crate::misprint::suggest(pos, printed, lang)
        .into_iter()
        .map(|s| s.shown)
        .collect()
}

/// The result a judged game's record carries (see [`Replay::result`]); a `Result`
/// tag that is no result, with no result in the movetext to fall back on, is
/// warned about.
fn record_result(
    game: &PgnGame<'_>,
    end: &EndStatus,
    options: &ReplayOptions,
    diags: &mut Vec<Diagnostic>,
) -> GameResult {
    let token = game.result();
    let written = match game.tag("Result") {
        Some(tag) => match GameResult::from_ascii(tag.value().trim().as_bytes()) {
            Some(r) => r,
            None if let Some(r) = GameResult::from_spelled(tag.value().trim().as_bytes()) => {
                let mut d = Diagnostic::new(
                    Severity::Warning,
                    Kind::UnicodeDash,
                    "a dash other than '-' in the Result tag: PGN writes 1-0, 0-1 or 1/2-1/2",
                    tag.value_span,
                );
                if options.strict {
                    d.severity = Severity::Error;
                }
                let at = diags.partition_point(|e| e.span.start() <= d.span.start());
                diags.insert(at, d);
                r
            }
            None => {
                let r = token.unwrap_or(GameResult::Unknown);
                // With a result in the movetext, the parser already said they differ.
                if token.is_none() {
                    let mut d = Diagnostic::new(
                        Severity::Warning,
                        Kind::InvalidResultTag,
                        format!(
                            "the Result tag {:?} is not a result: {r} is written",
                            tag.value()
                        ),
                        tag.value_span,
                    );
                    if options.strict {
                        d.severity = Severity::Error;
                    }
                    let at = diags.partition_point(|e| e.span.start() <= d.span.start());
                    diags.insert(at, d);
                }
                r
            }
        },
        None => token.unwrap_or(GameResult::Unknown),
    };
    match end.forced_result() {
        Some(forced) if written == GameResult::Unknown || options.fix_results => forced,
        _ => written,
    }
}

/// One open variation: the position its moves reached, and the position before
/// its last move (where a variation on that move starts).
struct VariationLine {
    pos: Position,
    before_last: Option<Position>,
}

/// Judges every variation of `game`: each move is resolved in the position its
/// line reached (the main line's moves are `main`, already judged), its marks and
/// move number checked as the main line's are. The first move that cannot be
/// played ends the walk: an error of the game, which says it is in a variation
/// and at which move, and whose whole move is `failed` unless the main line failed
/// first. Gives the variation moves resolved, in text order.
/// The main line as replayed, for the walk of the variations.
struct MainLine<'r> {
    /// Its moves.
    moves: &'r [Move],
    /// Where each was printed, in text order.
    written: &'r [Span],
    /// The tokens skipped as no move, in text order.
    skipped: &'r [Span],
    /// Prose skipped between its moves.
    prose: &'r [Span],
}

impl MainLine<'_> {
    /// Plays on `pos` the main line's moves printed within `span` from move
    /// `played` on (at least one when `one`: a move token is one move, or
    /// two for a pair printed with a dash between), keeping the position
    /// before the last in `before`. False where the main line stopped.
    fn play_at(
        &self,
        span: Span,
        one: bool,
        played: &mut usize,
        pos: &mut Position,
        before: &mut Option<Position>,
    ) -> bool {
        let within = |w: &Span| span.start() <= w.start() && w.end() <= span.end();
        let mut first = one;
        while first || self.written.get(*played).is_some_and(within) {
            first = false;
            let Some(m) = self.moves.get(*played) else {
                return false;
            };
            match before {
                Some(b) => b.clone_from(pos),
                None => *before = Some(pos.clone()),
            }
            pos.play_unchecked(m);
            *played += 1;
        }
        true
    }
}

fn judge_variations(
    game: &PgnGame<'_>,
    start: &Position,
    main: &MainLine<'_>,
    options: &ReplayOptions,
    diags: &mut Vec<Diagnostic>,
    failed: &mut Option<Span>,
) -> Vec<Move> {
    // Every token: the main line may have read on past the parser's stop
    // (tokens read by their spelling), and stops the walk where it stopped.
    let tokens = game.tokens.as_slice();
    if !tokens.iter().any(|t| matches!(t, Token::StartVariation(_))) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    let mut pos = start.clone();
    let mut before_main: Option<Position> = None;
    let mut played = 0usize;
    let mut open: Vec<VariationLine> = Vec::new();
    let mut number: Option<(u32, bool, Span)> = None;
    let desc = if options.strict {
        DescContext::strict()
    } else {
        DescContext::lenient()
    };
    for (index, token) in tokens.iter().enumerate() {
        if crate::prose::in_prose(main.prose, token.span()) {
            continue;
        }
        match token {
            Token::StartVariation(span) => {
                number = None;
                let before = match open.last() {
                    None => before_main.clone(),
                    Some(line) => line.before_last.clone(),
                };
                let Some(pos) = before else {
                    diags.push(Diagnostic::new(
                        Severity::Error,
                        Kind::VariationWithoutMove,
                        "a variation must follow the move it replaces",
                        *span,
                    ));
                    break;
                };
                open.push(VariationLine {
                    pos,
                    before_last: None,
                });
            }
            Token::EndVariation(_) => {
                number = None;
                open.pop();
            }
            Token::MoveNumber {
                number: n,
                black,
                span,
            } if !open.is_empty() => number = Some((*n, *black, *span)),
            // A main-line token read by its spelling is a move; one skipped
            // as no move is nothing; any other stops the walk, as the parser
            // stopped (its error is the game's).
            Token::Invalid(span) if open.is_empty() && sorted_contains(main.skipped, *span) => {}
            Token::Invalid(span) if open.is_empty() && sorted_holds_within(main.written, *span) => {
                // Every move read from it (two for `c3 - d5¹`).
                let read_on = main.play_at(*span, false, &mut played, &mut pos, &mut before_main);
                if !read_on {
                    break;
                }
            }
            Token::Invalid(_) => break,
            Token::Move(mv) => {
                let Some(line) = open.last_mut() else {
                    // A main-line move: already judged; stop where the main line
                    // stopped. A pair printed with a dash between (`e4 – e5`) is
                    // two moves of one token.
                    if !main.play_at(mv.span(), true, &mut played, &mut pos, &mut before_main) {
                        break;
                    }
                    continue;
                };
                let record = mv.get();
                let mut mv = &*record;
                let mut refused = None;
                if let Some(readings) = game.readings_at(index) {
                    match crate::told::choose(&line.pos, readings) {
                        crate::told::Choice::One(i) => {
                            if let Some(r) = readings.moves.get(i) {
                                mv = &r.written;
                            }
                        }
                        crate::told::Choice::Refused(d) => refused = Some(d),
                    }
                }
                if let Some((n, black, span)) = number.take() {
                    if n != u32::MAX {
                        diags.extend(move_number_diagnostic(&line.pos, n, black, span));
                    }
                }
                let resolved = match &mv.kind {
                    _ if let Some(d) = refused => Err(d),
                    MoveKind::Descriptive(_) => {
                        resolve_desc(&line.pos, &Origins::from_position(&line.pos), mv, &desc)
                            .map(|r| r.mv)
                            .map_err(|e| e.to_diagnostic())
                    }
                    _ => resolve(&line.pos, mv).map_err(|e| e.to_diagnostic()),
                };
                let at = move_label(&line.pos);
                match resolved {
                    Ok(m) => {
                        match &mut line.before_last {
                            Some(b) => b.clone_from(&line.pos),
                            None => line.before_last = Some(line.pos.clone()),
                        }
                        diags.extend(over_disambiguation(&line.pos, mv, &m));
                        line.pos.play_unchecked(&m);
                        suffix_diagnostics(&line.pos, mv, &m, diags);
                        moves.push(m);
                    }
                    Err(mut d) => {
                        d.message = match line.pos.outcome() {
                            Some(outcome) => {
                                d.kind = Kind::MoveAfterEnd;
                                d.span = mv.span;
                                d.candidates.clear();
                                format!(
                                    "in a variation, at {at}: the line is already over ({}), no move may follow",
                                    outcome_words(outcome)
                                )
                            }
                            None => format!(
                                "in a variation, at {at}: {} (position: {})",
                                d.message,
                                line.pos.to_fen(EpStyle::Always)
                            ),
                        };
                        diags.push(d);
                        failed.get_or_insert(mv.span);
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    moves
}

/// `12.` before a white move, `12...` before a black one.
fn move_label(pos: &Position) -> String {
    let dots = if pos.turn() == crate::Color::White {
        "."
    } else {
        "..."
    };
    format!("move {}{dots}", pos.fullmove_number())
}

/// A move number that is not the position's full-move number, or `N...` before a
/// white move: a warning.
fn move_number_diagnostic(
    pos: &Position,
    number: u32,
    black: bool,
    span: Span,
) -> Option<Diagnostic> {
    let expected = pos.fullmove_number();
    let turn = pos.turn();
    let message = if number != expected {
        format!("move number {number} is written but this is move {expected} ({turn} to move)")
    } else if black && turn == crate::Color::White {
        format!("{number}... announces a black move but white is to move")
    } else {
        return None;
    };
    Some(Diagnostic::new(
        Severity::Warning,
        Kind::MoveNumber,
        message,
        span,
    ))
}

/// Grades the diagnostics of a replay by `options`, the one place severities
/// change: the warnings and notes of an allowed kind are dropped, those of a
/// denied kind become errors, and every warning does when `options` is strict;
/// then puts them in text order (an error before a warning at the same place):
/// the last step of [`replay`], for diagnostics found another way (the quick lane's).
///
/// ```
/// use scoresheet_board::replay::{settle, ReplayOptions};
/// use scoresheet_notation::{Diagnostic, Kind, Severity, Span};
/// let warning = Diagnostic::new(Severity::Warning, Kind::WrongCheckMark, "m".to_owned(), Span::new(3, 4));
/// let mut diags = vec![warning];
/// settle(&mut diags, &ReplayOptions { strict: true, ..ReplayOptions::default() });
/// assert_eq!(diags[0].severity, Severity::Error);
/// ```
pub fn settle(diags: &mut Vec<Diagnostic>, options: &ReplayOptions) {
    options.deny.grade(&options.allow, diags);
    if options.strict {
        for d in diags.iter_mut() {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
            }
        }
    }
    diags.sort_by_key(|d| (d.span.start(), d.severity != Severity::Error));
}

/// A game whose main line is written in English descriptive notation: its moves
/// are replayed as a book game, with the descriptive resolution rules and the
/// books' documented tie-breaks (see [`crate::desc::replay_book`]).
fn replay_descriptive(
    game: &PgnGame<'_>,
    options: &ReplayOptions,
    start: Option<&Position>,
) -> Replay {
    let mut diags: Vec<Diagnostic> = game.diagnostics.clone();
    let (start, ok) = start_position(game, &mut diags, options, start);
    if !ok {
        return Replay {
            start: start.clone(),
            moves: Vec::new(),
            written: Vec::new(),
            position: start,
            diagnostics: diags,
            end: EndStatus::default(),
            variation_moves: Vec::new(),
            prose: Vec::new(),
            failed: None,
            result: game.result().unwrap_or(GameResult::Unknown),
        };
    }
    let mut color = start.turn();
    let plies: Vec<BookPly> = game
        .mainline()
        .map(|m| {
            let ply = BookPly {
                color,
                number: None,
                result: Ok(m.get().into_owned()),
                span: m.span(),
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
        ..Book::default()
    };
    let token = game.tokens.iter().rev().find_map(|t| match t {
        Token::Result(res, span) => Some((*res, *span)),
        _ => None,
    });
    let tag = game.tag("Result").and_then(|t| {
        GameResult::from_ascii(t.value().trim().as_bytes()).map(|r| (r, t.value_span))
    });
    let mut r = replay_book_game(&book, Some(start.clone()), options, token.or(tag));
    diags.append(&mut r.diagnostics);
    if r.failed.is_none() {
        check_ply_count(game, r.moves.len(), options, &mut diags);
    }
    r.variation_moves = judge_variations(
        game,
        &start,
        &MainLine {
            moves: &r.moves,
            written: &[],
            skipped: &[],
            prose: &[],
        },
        options,
        &mut diags,
        &mut r.failed,
    );
    settle(&mut diags, options);
    r.result = record_result(game, &r.end, options, &mut diags);
    r.diagnostics = diags;
    r
}

/// The start of a book game when every game is given `start` (`--fen`):
/// `start`, unless the book has a start of its own (a `[FEN]` line, or odds
/// named in its title or a note), which it keeps (`None`: the book's own).
#[must_use]
pub fn book_start(book: &Book, start: Option<&Position>) -> Option<Position> {
    if book.fen.is_some() || book.odds.is_some() {
        None
    } else {
        start.cloned()
    }
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
    let r = crate::desc::replay_book_with(
        book,
        start,
        crate::desc::BookOptions {
            strict: options.strict,
            repair: options.repair,
        },
    );
    let moves = r.moves();
    let tried = moves.len() + usize::from(r.error.is_some());
    let mut diags = book.diagnostics();
    // The replay reports the unreadable ply it stopped at itself, with its position.
    if let Some((_, e)) = &r.error {
        diags.retain(|d| !(d.kind == e.kind && d.span == e.span));
    }
    // A misprint read as its suggestion (`--repair`) is a warning, no longer an error.
    // So is a ply read by its spelling, skipped as no move, or found to spell
    // several moves (whose error names them).
    for fixed in r.diagnostics.iter().filter(|d| {
        matches!(
            d.kind,
            Kind::Repaired
                | Kind::ReadBySpelling
                | Kind::SkippedWord
                | Kind::AmbiguousMove
                | Kind::TieBreakLookahead
        )
    }) {
        diags.retain(|d| !(d.kind == Kind::DescSyntax && d.span == fixed.span));
    }
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
            judge_result(outcome, &position, claimed, span, options, &mut diags);
        }
    }
    settle(&mut diags, options);
    diags.dedup();
    let failed = r
        .error
        .as_ref()
        .and_then(|(i, _)| book.plies.get(*i))
        .map(|p| p.span);
    let written = claimed.map(|(c, _)| c).unwrap_or(GameResult::Unknown);
    let result = match end.forced_result() {
        Some(forced) if written == GameResult::Unknown || options.fix_results => forced,
        _ => written,
    };
    Replay {
        start: r.start,
        moves,
        written: book
            .plies
            .iter()
            .skip(r.folded)
            .map(|p| p.span)
            .take(tried)
            .collect(),
        position,
        diagnostics: diags,
        end,
        variation_moves: Vec::new(),
        prose: Vec::new(),
        failed,
        result,
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

/// The warning about a tag value without the standard's form.
fn tag_value_diagnostic(
    t: &scoresheet_notation::pgn::Tag<'_>,
    kind: Kind,
    fix: bool,
) -> Diagnostic {
    let name = t.name_str();
    let value = t.value();
    let message = match crate::tags::fix_value(t.name, t.raw_value) {
        Some(fixed) if fix => {
            return Diagnostic::new(
                Severity::Note,
                Kind::TagFixed,
                format!("the {name} tag {value:?} is written {fixed:?}"),
                t.value_span,
            );
        }
        Some(fixed) => format!(
            "the {name} tag {value:?} is not {}: {fixed:?} is meant",
            crate::tags::expected(kind)
        ),
        None => format!(
            "the {name} tag {value:?} is not {}",
            crate::tags::expected(kind)
        ),
    };
    Diagnostic::new(Severity::Warning, kind, message, t.value_span)
}

/// A `PlyCount` tag (the first) must be the number of plies of the main line.
fn check_ply_count(
    game: &PgnGame<'_>,
    plies: usize,
    options: &ReplayOptions,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(t) = game.tag("PlyCount") else {
        return;
    };
    if !crate::tags::ply_count_problem(t.raw_value, plies) {
        return;
    }
    if options.fix_tags {
        diags.push(Diagnostic::new(
            Severity::Note,
            Kind::TagFixed,
            format!("the PlyCount tag {:?} is written \"{plies}\"", t.value()),
            t.value_span,
        ));
    } else {
        diags.push(Diagnostic::new(
            Severity::Warning,
            Kind::WrongPlyCount,
            format!(
                "the PlyCount tag {:?} is not the {plies} plies of the main line",
                t.value()
            ),
            t.value_span,
        ));
    }
}

/// The starting position: the `FEN` tag's when there is one, else `default` (`--fen`),
/// else the standard one. A bad FEN is an error and nothing is replayed.
fn start_position(
    game: &PgnGame<'_>,
    diags: &mut Vec<Diagnostic>,
    options: &ReplayOptions,
    default: Option<&Position>,
) -> (Position, bool) {
    let strict = options.strict;
    let firsts = first_of_each_name(&game.tags);
    for (t, first) in game.tags.iter().zip(firsts) {
        if first && let Some(kind) = crate::tags::value_problem(t.name, t.raw_value) {
            diags.push(tag_value_diagnostic(t, kind, options.fix_tags));
        }
        if !first {
            diags.push(Diagnostic::new(
                Severity::Warning,
                Kind::DuplicateTag,
                format!(
                    "the tag {} is repeated: only the first is kept",
                    t.name_str()
                ),
                t.span,
            ));
        }
    }
    if let Some(variant) = game.tag("Variant") {
        if variant_of(&variant.value()) == Variant::Unsupported {
            // Other rules: replaying them as chess would report legal moves as
            // illegal (or worse, accept the game). Not replayed, never valid.
            diags.push(Diagnostic::new(
                Severity::Error,
                Kind::UnsupportedVariant,
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
                Kind::SetupTag,
                if default.is_some() {
                    "SetUp \"1\" announces a FEN tag but there is none: the game starts from the given start position (--fen)"
                } else {
                    "SetUp \"1\" announces a FEN tag but there is none: the game starts from the standard position"
                },
                setup.span,
            ));
        }
        return (default.cloned().unwrap_or_default(), true);
    };
    if strict && game.tag("SetUp").is_none() {
        // The export format pairs a FEN with SetUp "1"; readers take the FEN anyway.
        diags.push(Diagnostic::new(
            Severity::Error,
            Kind::SetupTag,
            "a FEN tag without the SetUp tag \"1\" the export format pairs it with",
            tag.span,
        ));
    }
    let fen = tag.value();
    match Position::from_fen_with_notes(&fen) {
        Ok((pos, notes)) => {
            for n in notes {
                let (severity, kind) = if n.is_repair() {
                    (Severity::Warning, Kind::FenRepair)
                } else {
                    (Severity::Note, Kind::FenNote)
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
                    Kind::SetupTag,
                    "a FEN tag is given but the SetUp tag is not \"1\"",
                    tag.span,
                ));
            }
            (pos, true)
        }
        Err(e) => {
            diags.push(Diagnostic::new(
                Severity::Error,
                Kind::InvalidFen,
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
    /// A token was read otherwise than its first reading (said once a game).
    told: bool,
    /// Main-line tokens no grammar reads that are plainly no move, skipped
    /// (`skipped-word`), in text order.
    skipped: Vec<Span>,
    /// Prose skipped between the main line's moves ([`crate::prose`]), in text order.
    prose: Vec<Span>,
    /// A number prose was skipped to is printed again after it
    /// ([`crate::prose::anchor_doubt`]).
    prose_doubt: bool,
    /// The game went on from moves after a line's opening words whose count
    /// went on past that line ([`Replayer::note_with_moves`]): its text tells
    /// it in sentences, a line each, so its last such line is the game's too.
    told_in_lines: bool,
    /// The game ended at its end words (`Resigns.`, a word where the move
    /// due stands): what stands after them is a note, never the game's.
    ended_by_words: bool,
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
        if let Some(mut d) = move_number_diagnostic(&self.pos, number, black, span) {
            if self.prose_doubt {
                // After a note skipped, a number that does not continue the
                // count says the moves read may be the note's.
                d.severity = Severity::Error;
                d.message
                    .push_str(": after the prose skipped before, the moves read may be a note's");
            }
            let ply = self.ply();
            self.push(d, ply);
        }
    }

    /// Plays a token the game's languages read differently: the one legal
    /// reading ([`crate::told::choose`]), said in a note the first time the
    /// board reads a token otherwise than its first reading; or the token's
    /// error.
    fn play_readings(&mut self, readings: &Readings) {
        let ply = self.ply();
        match crate::told::choose(&self.pos, readings) {
            crate::told::Choice::One(i) => {
                let Some(chosen) = readings.moves.get(i) else {
                    return;
                };
                if i != 0 && !self.told {
                    self.told = true;
                    let names: Vec<&str> = chosen.languages.iter().map(|l| l.name()).collect();
                    let mut d = Diagnostic::new(
                        Severity::Note,
                        Kind::LanguageByMoves,
                        format!(
                            "this move's letter reads differently in the game's languages ({}): only {} ({}) is legal, read so (said once a game)",
                            readings.describe(),
                            chosen.written,
                            names.join(", ")
                        ),
                        chosen.written.span,
                    );
                    d.candidates = chosen
                        .languages
                        .iter()
                        .map(|l| l.code().to_owned())
                        .collect();
                    self.push(d, ply);
                }
                if i != 0 {
                    // What the parser said of the first reading is not said of this one.
                    if let Some(first) = readings.moves.first() {
                        for said in &first.diagnostics {
                            if let Some(at) = self
                                .diags
                                .iter()
                                .position(|d| d.kind == said.kind && d.span == said.span)
                            {
                                self.diags.remove(at);
                            }
                        }
                    }
                    for d in &chosen.diagnostics {
                        self.push(d.clone(), ply);
                    }
                }
                self.play(&chosen.written);
            }
            crate::told::Choice::Refused(d) => {
                let Some(first) = readings.moves.first() else {
                    return;
                };
                self.written.push(first.written.span);
                if let Some(outcome) = self.pos.outcome() {
                    self.after_end(&first.written, outcome, ply);
                } else {
                    self.push(d, ply);
                    self.halted = true;
                }
            }
        }
    }

    fn play(&mut self, mv: &WrittenMove) {
        let ply = self.ply();
        self.written.push(mv.span);
        // Checkmate and stalemate need a legal-move test: only made when the move
        // does not resolve. The other endings are cheap to test every ply.
        if !self.warned_dead {
            if let Some(outcome) = self.over_by_count() {
                // The rules end the game here (FIDE 5.2.2, 9.6), but real
                // scores play on where nobody stopped them: the record is
                // still what was played, in any spelling, so it is a note of
                // the game, not a fault of its record (strict export writes
                // the same moves), and the replay goes on.
                self.warned_dead = true;
                let d = Diagnostic::new(
                    Severity::Note,
                    Kind::MoveAfterEnd,
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
                let first = self.diags.len();
                self.diags.extend(over_disambiguation(&self.pos, mv, &m));
                self.pos.play_unchecked(&m);
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

    /// `e4 – e5` ([`scoresheet_notation::pgn::DashPair`]): when the move as
    /// read (from e4 to e5) is not legal here but the two halves read as
    /// this ply's move and the next one's (by their spelling, in the game's
    /// letters), both are played, with a `dash-between-moves` note, and what
    /// the parser said of the pair as one long-algebraic move is withdrawn.
    /// Whether it played them.
    #[cold]
    fn play_dash_pair(
        &mut self,
        game: &PgnGame<'_>,
        mv: Option<&WrittenMove>,
        pair: &scoresheet_notation::pgn::DashPair,
        letters: Option<scoresheet_notation::lang::Language>,
    ) -> bool {
        if mv.is_some_and(|mv| resolve(&self.pos, mv).is_ok()) || self.pos.outcome().is_some() {
            return false;
        }
        // The pair fills a numbered row: White's number before it, the next
        // number (or the end) after it. In a long-algebraic game a misprinted
        // move (`5. Lf2-c4 Sg8-f6`) has Black's move after it: never split.
        let at = pair.token;
        let numbered = matches!(
            at.checked_sub(1).and_then(|k| game.tokens.get(k)),
            Some(Token::MoveNumber { black: false, .. })
        );
        let row_ends = game.tokens[at + 1..]
            .iter()
            .find(|t| !matches!(t, Token::Nag { .. } | Token::Comment { .. }))
            .is_none_or(|t| matches!(t, Token::MoveNumber { .. } | Token::Result(..)));
        if !numbered || !row_ends {
            return false;
        }
        let half = |pos: &Position, span: Span| {
            let text = scoresheet_notation::text::decode(span_text(game, span));
            match crate::spelling::read_token_after(pos, None, None, letters, &text) {
                crate::spelling::TokenReading::One { mv, claim, .. } => Some((mv, claim)),
                _ => None,
            }
        };
        let Some((first, first_claim)) = half(&self.pos, pair.first) else {
            return false;
        };
        let mut after = self.pos.clone();
        after.play_unchecked(&first);
        let Some((second, second_claim)) = half(&after, pair.second) else {
            return false;
        };
        let span = Span::new(pair.first.start(), pair.second.end());
        let shown = scoresheet_notation::text::decode(span_text(game, span));
        // The pair is no long-algebraic move, nor a move written with spaces,
        // and what the parser found wrong in it as one move is withdrawn.
        self.diags.retain(|d| {
            let within = span.start() <= d.span.start() && d.span.end() <= span.end();
            !(within
                && (d.severity == Severity::Error
                    || matches!(
                        d.kind,
                        Kind::SpacedMove | Kind::LongAlgebraic | Kind::UnicodeDash
                    )))
        });
        // The parser counted one ply for the pair: its remarks on the moves
        // after it are one ply later.
        for d in &mut self.diags {
            if d.span.start() >= span.end() {
                if let Some(p) = d.ply.as_mut() {
                    *p += 1;
                }
            }
        }
        let ply = self.ply();
        let (first_san, second_san) = (self.pos.san(&first), after.san(&second));
        let d = Diagnostic::new(
            Severity::Note,
            Kind::DashBetweenMoves,
            format!(
                "`{shown}` is no legal move from one square to the other; read as two moves with a dash between them: {first_san} {second_san}"
            ),
            span,
        );
        self.push(d, ply);
        for (written, m, claim) in [
            (pair.first, first, first_claim),
            (pair.second, second, second_claim),
        ] {
            if let Some(what) = crate::spelling::unfounded_claim(&self.pos, &m, claim) {
                let d = Diagnostic::new(
                    Severity::Warning,
                    Kind::WrongCheckMark,
                    format!("`{}` claims {what}, but it gives none", self.pos.san(&m)),
                    written,
                );
                let ply = self.ply();
                self.push(d, ply);
            }
            self.played(m, written);
        }
        true
    }

    /// Plays `mv`, a legal move found for the text at `written` (by its
    /// spelling, a repair, one of a pair): kept with its place, its position
    /// hashed for repetitions.
    fn played(&mut self, mv: Move, written: Span) {
        self.written.push(written);
        self.pos.play_unchecked(&mv);
        if mv.is_zeroing() {
            self.hashes.clear();
        }
        self.hashes.push(self.pos.zobrist());
        self.moves.push(mv);
    }

    /// Plays the fix `f` (`--repair`): a printed move read as another, or a
    /// move left out put back; with its `repaired` warning.
    fn play_fix(&mut self, f: &Fix) {
        let ply = self.ply();
        let message = if f.digits {
            format!(
                "repaired: read the number `{}` as {}, the closest legal move with which the rest of the game can be played",
                f.printed, f.shown
            )
        } else if f.change == Change::Missing {
            format!(
                "repaired: a move left out before `{}`: read {} before it, the legal move with which the rest of the game can be played",
                f.printed, f.shown
            )
        } else {
            format!(
                "repaired: read `{}` as {}, the closest legal move with which the rest of the game can be played",
                f.printed, f.shown
            )
        };
        let mut d = Diagnostic::new(Severity::Warning, Kind::Repaired, message, f.span);
        d.ply = Some(ply);
        self.diags.push(d);
        self.played(f.mv, f.span);
    }

    /// Plays `mv`, read from the token at `span` (printed `shown`) by its
    /// spelling rather than its grammar, with `said` saying so: the parser's
    /// error on the token is withdrawn, its remarks on later moves moved one
    /// ply on (it counted no ply here), and a check or mate mark the move
    /// does not make warned of.
    fn play_spelled(
        &mut self,
        mv: Move,
        claim: crate::spelling::Claim,
        said: Diagnostic,
        shown: &str,
        span: Span,
        ply: u32,
    ) {
        if let Some(d) =
            crate::spelling::unfounded_claim_warning(&self.pos, &mv, claim, shown, span)
        {
            self.push(d, ply);
        }
        // The parser's errors on the token itself.
        self.diags.retain(|d| {
            !(d.severity == Severity::Error
                && span.start() <= d.span.start()
                && d.span.end() <= span.end())
        });
        for d in &mut self.diags {
            if d.span.start() >= span.end() {
                if let Some(p) = d.ply.as_mut() {
                    *p += 1;
                }
            }
        }
        self.push(said, ply);
        self.played(mv, span);
    }

    /// A printed token that no grammar reads (`text`, at `span`), matched
    /// against the spellings of the legal moves ([`crate::spelling`]): one
    /// legal move spelled so is played, with a `read-by-spelling` note; a
    /// token that is plainly no move is skipped with a `skipped-word` note;
    /// either way the parser's error on it is withdrawn. Several moves spelled
    /// so: the parser's error becomes an `ambiguous-move` naming them. Whether
    /// the replay reads on.
    /// A check or mate word printed apart (`Bxc5 mate.`) is the mark of the
    /// move before it, and said to be wrong when that move does not check
    /// or mate. A word of prose followed by another, or printed where the
    /// move due stands (`sentence`), is a sentence, not skipped; a capital
    /// alone is skipped only where the game `goes_on` after it.
    #[cold]
    fn read_spelled(
        &mut self,
        text: &[u8],
        span: Span,
        sentence: bool,
        goes_on: bool,
        letters: Option<scoresheet_notation::lang::Language>,
    ) -> bool {
        let shown = scoresheet_notation::text::decode(text);
        let parser_error = |d: &Diagnostic| {
            d.severity == Severity::Error
                && span.start() <= d.span.start()
                && d.span.end() <= span.end()
        };
        // A move whose piece letters the reader could not settle (two legal
        // readings in different languages, or a letter the language asked for
        // does not have) was read: its error names the languages and the
        // letter, which a spelling in any language would hide.
        if self.diags.iter().any(|d| {
            parser_error(d)
                && matches!(d.kind, Kind::UndecidableLanguage | Kind::UnknownPieceLetter)
        }) {
            return false;
        }
        if let (Some(claim), false) = (crate::spelling::check_word(&shown), self.moves.is_empty()) {
            self.diags.retain(|d| !parser_error(d));
            let ply = self.ply() - 1;
            let (holds, what) = match claim {
                crate::spelling::Claim::Mate => (self.pos.is_checkmate(), "mate"),
                _ => (self.pos.is_check(), "check"),
            };
            if holds {
                // The mark is printed, apart: the move is marked after all.
                self.diags
                    .retain(|d| !(d.kind == Kind::MissingCheckMark && d.ply == Some(ply)));
            }
            let d = if holds {
                Diagnostic::new(
                    Severity::Note,
                    Kind::SkippedWord,
                    format!(
                        "`{shown}` after the move of ply {ply}: its {what} mark, printed apart"
                    ),
                    span,
                )
            } else {
                Diagnostic::new(
                    Severity::Warning,
                    Kind::WrongCheckMark,
                    format!(
                        "`{shown}` is printed after the move of ply {ply}, which gives no {what}"
                    ),
                    span,
                )
            };
            self.push(d, ply);
            self.skipped.push(span);
            return true;
        }
        let reading = crate::spelling::read_token_after(&self.pos, None, None, letters, &shown);
        let ply = self.ply();
        match reading {
            crate::spelling::TokenReading::NotAMove("a word") if sentence => false,
            // A capital alone with no move after it may be the game's last
            // move cut short to its letter: nothing after it would tell.
            crate::spelling::TokenReading::NotAMove(crate::spelling::LETTER_ALONE) if !goes_on => {
                false
            }
            crate::spelling::TokenReading::One {
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
                let d = Diagnostic::new(
                    Severity::Note,
                    Kind::ReadBySpelling,
                    format!(
                        "`{shown}` is no move as printed; read as {} ({spelling} spelling{why})",
                        self.pos.san(&mv)
                    ),
                    span,
                );
                self.play_spelled(mv, claim, d, &shown, span, ply);
                true
            }
            crate::spelling::TokenReading::NotAMove(what) => {
                self.diags.retain(|d| !parser_error(d));
                // A word where a move is due, in any language (`y`, `og`,
                // `ou`, `I.p.v.`): no legal move, no move misread and no move
                // cut short is spelled so. Skipped, but said as a warning
                // (the text there is prose, which `--strict` refuses); a
                // number off the count after it is an error, as the word
                // may stand where a move was left out.
                let d = if crate::spelling::is_prose(what) {
                    self.prose_doubt = true;
                    let why = if what == "a word" {
                        "no legal move, nor one misprinted or cut short, is spelled so"
                    } else {
                        "it names no square, so no move"
                    };
                    Diagnostic::new(
                        Severity::Warning,
                        Kind::SkippedWord,
                        format!(
                            "`{shown}` is {what} where the move of ply {ply} is due: {why}: skipped"
                        ),
                        span,
                    )
                } else {
                    Diagnostic::new(
                        Severity::Note,
                        Kind::SkippedWord,
                        format!("`{shown}` is {what}, not a move: skipped"),
                        span,
                    )
                };
                self.diags.push(d);
                self.skipped.push(span);
                true
            }
            crate::spelling::TokenReading::RankMisread { mv, read, claim } => {
                let d = Diagnostic::new(
                    Severity::Warning,
                    Kind::ReadBySpelling,
                    crate::spelling::rank_misread_message(&shown, &read, &self.pos.san(&mv)),
                    span,
                );
                self.play_spelled(mv, claim, d, &shown, span, ply);
                true
            }
            crate::spelling::TokenReading::Several(moves) => {
                self.diags.retain(|d| !parser_error(d));
                let names: Vec<String> = moves
                    .iter()
                    .map(|m| crate::desc::describe_candidate(&self.pos, m))
                    .collect();
                let mut d = Diagnostic::new(
                    Severity::Error,
                    Kind::AmbiguousMove,
                    format!(
                        "`{shown}` is no move as printed, and spells {} legal moves: {}",
                        moves.len(),
                        names.join(", ")
                    ),
                    span,
                );
                d.candidates = names;
                self.push(d, ply);
                false
            }
            crate::spelling::TokenReading::Unmatched => false,
        }
    }

    /// Prose that starts at token `i` of `game` (a sentence, [`sentence_at`])
    /// and ends where the game's numbering goes on ([`crate::prose::anchor`]):
    /// skipped with a `skipped-word` note, what the parser said of it
    /// withdrawn. The index of the move number the game goes on at.
    #[cold]
    fn skip_prose(&mut self, game: &PgnGame<'_>, i: usize) -> Option<usize> {
        if !sentence_at(game, i) {
            return None;
        }
        // A note that starts with a book's end words (`Resigns. Morán gives
        // the pleasant line 22...Kh8 ...`) follows the game's last move:
        // nothing after it is the game's.
        let mut first = i;
        while first > 0
            && matches!(game.tokens.get(first - 1), Some(Token::Invalid(b)) if self.skipped.last() == Some(b))
        {
            first -= 1;
        }
        let opening = game.tokens.get(first).map(|t| {
            let text = span_text(game, t.span());
            let end = text
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(text.len());
            scoresheet_notation::desc::is_end_words(&text[..end])
        });
        // Words where the move due is printed (`17.uppg.`) end the game in
        // any language, unless the game plainly goes on after them.
        let in_place = crate::prose::in_move_place(game, i, &self.pos);
        // The game is over by rule (mate, stalemate): no move can follow, so
        // the prose after it is a note to the game's end, whatever numbers
        // it names (`4. Dxf7# sebbene siano possibili altri ordini ... 4.Df3`).
        // Unless it numbers a first move with a move after it: another game
        // may start there, printed without a result between (a game in the
        // prose before the real one, `... po 1.f4 e6 2.g4 Dh4 mat by ...`),
        // which is never swallowed: the rules below judge the text.
        if !self.moves.is_empty() && !self.pos.has_legal_move() {
            let j = crate::prose::after_end(game, i);
            let numbered = game.tokens.get(i..j).is_some_and(|t| {
                t.windows(2)
                    .any(|w| matches!(w, [Token::MoveNumber { number: 1, .. }, Token::Move(_)]))
            });
            if !numbered && !braced(game, i, j) {
                self.ended_by_words = true;
                return self.skip_region(game, i, j);
            }
        }
        let j = if opening == Some(true) {
            self.ended_by_words = true;
            crate::prose::after_end(game, i)
        } else {
            match crate::prose::anchor_run(game, i, &self.pos) {
                // (A number opening a line of moves after the words, `1. it
                // takes the centre` / `1... e5` / `2. Nf3 Nc6`, moves alone
                // to the text's end, is the game's row: the words were a
                // list's, not the game's end.)
                Some((j, again, went_on))
                    if went_on
                        || !in_place
                        || (crate::prose::opens_line(game, j)
                            && !game
                                .tokens
                                .get(j..)
                                .unwrap_or_default()
                                .iter()
                                .any(|t| matches!(t, Token::Invalid(_)))) =>
                {
                    self.prose_doubt |= again;
                    j
                }
                // A short line after them that repeats the number is a
                // note's (`17.uppg. Jodå, 17.h3 Sf2+ med damvinst.`).
                Some(_) => {
                    self.ended_by_words = true;
                    crate::prose::after_end(game, i)
                }
                None if in_place && (two_words_at(game, i) || plain_word_at(game, i)) => {
                    self.ended_by_words = true;
                    crate::prose::after_end(game, i)
                }
                // A closing note is a sentence: one word alone after the
                // last move (`2. Nf`) may be a move cut short.
                None if two_words_at(game, i) => crate::prose::closing(game, i, &self.pos)?,
                None => return None,
            }
        };
        if braced(game, i, j) {
            return None;
        }
        self.skip_region(game, i, j)
    }

    /// A move at token `i` that cannot be played, right after a word skipped
    /// where a move was due (`Cc6 ou d6 3. Bc4`, Portuguese `or`; `e5 or c5`),
    /// and that is legal where the move before the word was played: the other
    /// move the text names in that move's place (`X or Y`), not the game's.
    /// The word and the move are skipped together with a `skipped-word`
    /// warning, the move's error withdrawn, and the game read on (the word's
    /// skip already made a number off the count after it an error). A move
    /// with no legal reading there either stays the error it is.
    #[cold]
    fn alternative_after_word(&mut self, game: &PgnGame<'_>, i: usize, start: &Position) -> bool {
        let Some(Token::Invalid(word)) = i.checked_sub(1).and_then(|k| game.tokens.get(k)) else {
            return false;
        };
        let (Some(Token::Move(mv)), Some(played)) =
            (game.tokens.get(i), self.moves.len().checked_sub(1))
        else {
            return false;
        };
        if self.skipped.last() != Some(word)
            || self.diags.iter().all(|d| {
                d.span != *word || d.kind != Kind::SkippedWord || d.severity != Severity::Warning
            })
        {
            return false;
        }
        let mut before = start.clone();
        for m in &self.moves[..played] {
            before.play_unchecked(m);
        }
        let legal_before = match game.readings_at(i) {
            Some(readings) => readings
                .moves
                .iter()
                .any(|r| crate::resolve(&before, &r.written).is_ok()),
            None => crate::resolve(&before, &mv.get()).is_ok(),
        };
        if !legal_before {
            return false;
        }
        let failed = mv.span();
        if self.written.last() == Some(&failed) {
            self.written.pop();
        }
        self.halted = false;
        self.skipped.pop();
        let region = Span::new(word.start(), failed.end());
        self.diags
            .retain(|d| !(region.start() <= d.span.start() && d.span.start() < region.end()));
        let shown = scoresheet_notation::text::decode(span_text(game, region));
        let ply = self.ply() - 1;
        let d = Diagnostic::new(
            Severity::Warning,
            Kind::SkippedWord,
            format!(
                "`{}` names another move in place of the move of ply {ply}, which the game played: a note's, skipped",
                shown.trim()
            ),
            region,
        );
        self.diags.push(d);
        self.prose.push(region);
        true
    }

    /// A move the parser read at token `i` that has no legal reading and is
    /// followed by a sentence, where the game's numbering goes on after the
    /// sentence with the number of the move due (`6. P. takes P.` `P. to
    /// K's 5th is the correct move ...` `6. B. to Kt's 5th`): the move is the
    /// note's first words, not the game's move; its error is withdrawn and
    /// the note skipped ([`Replayer::skip_prose`]). Only where the numbering
    /// says so: a misprinted move followed by a note stays the error it is.
    #[cold]
    fn note_after_failed(&mut self, game: &PgnGame<'_>, i: usize) -> Option<usize> {
        let token = game.tokens.get(i)?;
        let after = token.span().end();
        if !sentence_from(game, after) {
            return None;
        }
        let (j, again) = crate::prose::anchor_doubt(game, i, &self.pos)?;
        if braced(game, i, j) {
            return None;
        }
        let failed = token.span();
        if self.written.last() == Some(&failed) {
            self.written.pop();
        }
        self.halted = false;
        self.prose_doubt |= again;
        self.skip_region(game, i, j)
    }

    /// A note that opens with a move number going back to a move already
    /// played (`8...Fd7, déplaçant une pièce ...` after `8...Re7`, `3...Sf6
    /// är ett mer aggressivt motangrepp än 3...Lc5` after the game's `3...Sf6`):
    /// the other move there, or the move played named again, and words on it.
    /// It ends where the game's numbering goes on ([`crate::prose::anchor`]),
    /// or, when nothing after it continues the game, at the game's end
    /// ([`crate::prose::closing`]). Only where a sentence follows the
    /// number's moves and its first move cannot be played where the game
    /// stands: a number misprinted on the game's own move, or a game printed
    /// again, stays what it was.
    #[cold]
    fn note_going_back(&mut self, game: &PgnGame<'_>, i: usize) -> Option<usize> {
        // The note's words follow the number's own moves, before any other
        // number: a game printed again from its start (`1. d4 Žf6 2. c4 Žc6`)
        // is no note.
        let words = i
            + 1
            + game
                .tokens
                .iter()
                .skip(i + 1)
                .take_while(|t| matches!(t, Token::Move(_) | Token::Nag { .. }))
                .count();
        if words == i + 1 || !two_words_at(game, words) {
            return None;
        }
        // The board decides between a note and a misprinted number: the
        // number's first move played where the game stands (`2. Bb5 a6 ...`
        // printed for `3. Bb5`) keeps the game's reading and its warning.
        if let Some(Token::Move(mv)) = game.tokens.get(i + 1) {
            let legal = match game.readings_at(i + 1) {
                Some(readings) => readings
                    .moves
                    .iter()
                    .any(|r| crate::resolve(&self.pos, &r.written).is_ok()),
                None => crate::resolve(&self.pos, &mv.get()).is_ok(),
            };
            if legal {
                return None;
            }
        }
        let (j, again) = match crate::prose::anchor_doubt(game, i, &self.pos) {
            Some(found) => found,
            None => (crate::prose::closing(game, i, &self.pos)?, false),
        };
        if j <= words || braced(game, i, j) {
            return None;
        }
        self.prose_doubt |= again;
        self.skip_region(game, i, j)
    }

    /// Words kept as commentary at token `i` of `game`, the moves after them
    /// on their line (the parser reads moves in a line of prose that holds
    /// the number due): the game goes on there when its numbering goes on
    /// from them ([`crate::prose::anchor_run`]). Where it goes on after a
    /// note's variation instead (the number due printed again), the words
    /// and the note's moves are skipped to there; where nothing goes on from
    /// them, the line is skipped whole, as the words of a note. The index to
    /// go on at, when anything is skipped.
    #[cold]
    fn note_with_moves(&mut self, game: &PgnGame<'_>, i: usize) -> Option<usize> {
        let (mut j, again, went_on) =
            crate::prose::anchor_run(game, i, &self.pos).unwrap_or((i + 1, false, false));
        // The moves after the words, read on under the game's count, go on
        // past their line (`Then 2. Nf3 Nc6` / `and 3. Bb5 a6`: a game told a
        // line a sentence), or, in a game told so, play out to its result
        // (`after which 4. Ba4 Nf6 *`): the game's, the words skipped.
        let reach = (j == i + 1).then(|| crate::prose::run_reach(game, j, &self.pos));
        let told = reach.is_some_and(|r| r.past_line || (self.told_in_lines && r.to_result));
        self.told_in_lines |= reach.is_some_and(|r| r.past_line);
        if j == i + 1 && !went_on && !told {
            // Nothing after the moves on the line goes on from them (they do
            // not play out, or words close the sentence they stand in and the
            // game's count is not seen again: `nakon uobičajenog 3...Sf6.`):
            // the line is a note's, as a whole.
            let line_end = game.tokens.get(i)?.span().end();
            let from = game.text.get(line_end.saturating_sub(game.base)..)?;
            let eol = line_end + from.iter().position(|&b| b == b'\n').unwrap_or(from.len());
            j = i + game.tokens[i..]
                .iter()
                .take_while(|t| t.span().start() < eol)
                .count();
        }
        if j == i + 1 || braced(game, i, j) {
            return None;
        }
        self.prose_doubt |= again;
        self.skip_region(game, i, j)
    }

    /// Lines of prose the parser kept whole after the game's last move that
    /// still name the move due with a legal move ([`crate::prose::due_move_in`]:
    /// `White played 4. c3 and Black replied 4...Nf6` after `3...Bc5`): the
    /// game may go on there as well as a note name it, and nothing tells
    /// which; the first such line is a warning (in place of the parser's
    /// note), so that a game read short is never read so silently.
    #[cold]
    fn trailing_moves(&mut self, game: &PgnGame<'_>) {
        let Some(&last) = self.written.last() else {
            return;
        };
        if self.ended_by_words {
            return;
        }
        // The tokens after the last move played, found from the end: a clean
        // game has none but its result, and pays for that one alone.
        let from = game
            .tokens
            .iter()
            .rposition(|t| t.span().start() < last.end())
            .map_or(0, |k| k + 1);
        let trailing = game.tokens.get(from..).unwrap_or_default();
        let commentary = |t: &Token<'_>| {
            matches!(
                t,
                Token::Comment {
                    kind: CommentKind::Commentary,
                    ..
                }
            )
        };
        if !trailing.iter().any(commentary) {
            return;
        }
        // The game's end words after its last move (`Resigns.`): it is over,
        // and what stands around them is a note.
        if trailing.iter().any(|t| {
            matches!(t, Token::Comment { kind: CommentKind::Commentary, text, .. }
                if scoresheet_notation::desc::end_phrase(text).is_some())
        }) {
            return;
        }
        let mut depth = 0usize;
        for token in trailing {
            match token {
                Token::StartVariation(_) => depth += 1,
                Token::EndVariation(_) => depth = depth.saturating_sub(1),
                Token::Comment {
                    kind: CommentKind::Commentary,
                    text,
                    span,
                } if depth == 0
                    // A line of words, not a note in brackets or parentheses.
                    && !matches!(span_text(game, *span).first(), Some(b'[' | b'('))
                    && !crate::prose::in_prose(&self.prose, *span) =>
                {
                    let Some((from, to)) = crate::prose::due_move_in(text, &self.pos) else {
                        continue;
                    };
                    let line = scoresheet_notation::text::decode(text);
                    let named = String::from_utf8_lossy(&text[from..to]);
                    let span = *span;
                    self.diags
                        .retain(|d| !(d.kind == Kind::Commentary && d.span == span));
                    self.diags.push(Diagnostic::new(
                        Severity::Warning,
                        Kind::Commentary,
                        format!(
                            "`{}` after the game's last move names `{named}`, legal where the game stands and continuing its count: kept as commentary, not read as the game's moves (if the game goes on there, it is read short)",
                            crate::prose::shown(line.trim())
                        ),
                        span,
                    ));
                    return;
                }
                _ => {}
            }
        }
    }

    /// Skips tokens `i..j` of `game` as prose (see [`Replayer::skip_prose`]).
    /// A note that holds move numbers may have been read for the game's
    /// moves where it goes on: a number off the count after it is an error.
    fn skip_region(&mut self, game: &PgnGame<'_>, i: usize, j: usize) -> Option<usize> {
        self.prose_doubt |= game
            .tokens
            .get(i..j)
            .is_some_and(|t| t.iter().any(|t| matches!(t, Token::MoveNumber { .. })));
        // Words just before, each skipped alone, are the note's first words.
        let mut first = i;
        while let Some(Token::Invalid(before)) =
            first.checked_sub(1).and_then(|b| game.tokens.get(b))
        {
            if self.skipped.last() != Some(before) {
                break;
            }
            self.skipped.pop();
            first -= 1;
        }
        let start = game.tokens.get(first)?.span().start();
        let next = game
            .tokens
            .get(j)
            .map_or(game.base + game.text.len(), |t| t.span().start());
        let text = scoresheet_notation::text::decode(span_text(game, Span::new(start, next)));
        let end = start + text.trim_end().len().min(next - start);
        let region = Span::new(start, end);
        self.diags
            .retain(|d| !(start <= d.span.start() && d.span.start() < next));
        // No move follows the prose (only the result, other lines of prose,
        // or nothing): it stands after the game's last move. (The search
        // stops at the first move or number, where the game goes on.)
        let to_end = !game
            .tokens
            .get(j..)
            .unwrap_or_default()
            .iter()
            .any(|t| matches!(t, Token::Move(..) | Token::MoveNumber { .. }));
        let message = match game.tokens.get(j) {
            Some(Token::MoveNumber { span, .. }) => format!(
                "`{}` is prose between the moves, not moves: skipped to `{}`, where the game's numbering goes on",
                crate::prose::shown(text.trim()),
                String::from_utf8_lossy(span_text(game, *span))
            ),
            _ if to_end => format!(
                "`{}` is prose after the game's last move, not moves: skipped (nothing after it continues the game)",
                crate::prose::shown(text.trim())
            ),
            _ => format!(
                "`{}` is prose between the moves, not moves: skipped to the end of its line",
                crate::prose::shown(text.trim())
            ),
        };
        // Skipped after the game's last move, the prose still names the move
        // due with a legal move: the game may go on there (a game told in
        // sentences) as well as a note name it. Said, never dropped silently.
        // (Where the game goes on after the prose, its moves say so.)
        let due = if to_end && !self.ended_by_words {
            crate::prose::due_move_in(text.as_bytes(), &self.pos)
        } else {
            None
        };
        let (severity, message) = match due {
            Some((from, to)) => (
                Severity::Warning,
                format!(
                    "{message}; but it names `{}`, legal where the game stands and continuing its count: if the game goes on there, it is read short",
                    text.get(from..to).unwrap_or_default()
                ),
            ),
            None => (Severity::Note, message),
        };
        let d = Diagnostic::new(severity, Kind::SkippedWord, message, region);
        self.diags.push(d);
        self.prose.push(region);
        Some(j)
    }

    /// Leaves out a move printed twice (`--repair`), with its `repaired` warning.
    fn skip_fix(&mut self, f: &Fix) {
        let mut d = Diagnostic::new(
            Severity::Warning,
            Kind::Repaired,
            format!(
                "repaired: `{}` is printed twice: the second is left out",
                f.printed
            ),
            f.span,
        );
        d.ply = Some(self.ply());
        self.diags.push(d);
    }

    fn after_end(&mut self, mv: &WrittenMove, outcome: Outcome, ply: u32) {
        let d = Diagnostic::new(
            Severity::Error,
            Kind::MoveAfterEnd,
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
    options: &ReplayOptions,
    diags: &mut Vec<Diagnostic>,
) {
    let forced = match outcome {
        Outcome::Checkmate { winner } => winner.fold(GameResult::WhiteWins, GameResult::BlackWins),
        _ => GameResult::Draw,
    };
    if claimed == GameResult::Unknown {
        diags.push(Diagnostic::new(
            Severity::Warning,
            Kind::WrongResult,
            format!(
                "the result is written as * but the game ended in {}: it is {forced}",
                outcome_words(outcome)
            ),
            span,
        ));
    } else if claimed != forced && options.fix_results {
        diags.push(Diagnostic::new(
            Severity::Warning,
            Kind::WrongResult,
            format!(
                "the result is written as {claimed} but the game ended in {} ({} to move): {forced} is written instead",
                outcome_words(outcome),
                pos.turn()
            ),
            span,
        ));
    } else if claimed != forced {
        diags.push(Diagnostic::new(
            Severity::Error,
            Kind::WrongResult,
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
    options: &ReplayOptions,
    diags: &mut Vec<Diagnostic>,
) {
    let tag = game.tag("Result").and_then(|t| {
        GameResult::from_ascii(t.value().trim().as_bytes()).map(|r| (r, t.value_span))
    });
    // Only a game that the board says is over has a forced result.
    let Some(outcome) = end.outcome else {
        return;
    };
    // The token and the tag are both judged (the parser already said that they
    // differ): a record carries the tag's result, so a tag that contradicts the
    // board is as wrong as a token that does. The same result written twice is
    // judged once, at the token.
    let mut found = Vec::new();
    let mut judged = None;
    for (claimed, span) in [token, tag].into_iter().flatten() {
        if judged != Some(claimed) {
            judged = Some(claimed);
            judge_result(outcome, pos, claimed, span, options, &mut found);
        }
    }
    for d in found {
        let at = diags.partition_point(|e| e.span.start() <= d.span.start());
        diags.insert(at, d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use scoresheet_notation::Mode;
    use scoresheet_notation::pgn::parse_game;

    fn judge(text: &str, options: ReplayOptions) -> Replay {
        replay(&parse_game(text.as_bytes(), 0, Mode::Lenient), &options)
    }

    /// `(kind, severity, text under the span, message)` of each diagnostic.
    fn said(text: &str, r: &Replay) -> Vec<(&'static str, Severity, String, String)> {
        r.diagnostics
            .iter()
            .map(|d| {
                let under = String::from_utf8_lossy(d.span.slice(text.as_bytes())).into_owned();
                (d.kind.name(), d.severity, under, d.message.clone())
            })
            .collect()
    }

    #[test]
    fn every_move_of_every_variation_is_resolved_in_its_own_position() {
        let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 Nc6 *";
        let r = judge(text, ReplayOptions::default());
        assert_eq!(said(text, &r), []);
        assert_eq!(r.plies(), 4);
        let start = Position::new();
        let after_e4 = {
            let mut p = start.clone();
            p.play_unchecked(&r.moves[0]);
            p
        };
        assert_eq!(after_e4.san(&r.variation_moves[0]), "c5");
        assert_eq!(r.variation_moves.len(), 6);
    }

    #[test]
    fn an_illegal_move_in_a_variation_is_an_error_of_the_game() {
        let text = "1. e4 e5 (1... c5 2. Nf3 (2. Ke3 d6) d6) 2. Nf3 *";
        let r = judge(text, ReplayOptions::default());
        assert!(!r.is_valid());
        let e = r.first_error().unwrap();
        assert_eq!(e.kind, "illegal-move");
        assert!(
            e.message
                .starts_with("in a variation, at move 2.: no white king can move to e3"),
            "{}",
            e.message
        );
        assert_eq!(e.ply, None);
        assert_eq!(
            r.failed.map(|s| s.slice(text.as_bytes())),
            Some(&b"Ke3"[..])
        );
        // The main line is still judged in full.
        assert_eq!(r.plies(), 3);
    }

    #[test]
    fn a_move_after_mate_in_a_variation_is_an_error() {
        let text = "1. f3 e5 2. g4 d6 (2... Qh4# 3. e4) 3. e4 *";
        let r = judge(text, ReplayOptions::default());
        let e = r.first_error().unwrap();
        assert_eq!(e.kind, "move-after-end");
        assert_eq!(
            e.message,
            "in a variation, at move 3.: the line is already over (checkmate, black won), no move may follow"
        );
    }

    #[test]
    fn a_variation_needs_a_move_to_replace() {
        let text = "1. e4 e5 ((1... c5) 1... d5) *";
        let r = judge(text, ReplayOptions::default());
        let e = r.first_error().unwrap();
        assert_eq!(
            (e.kind.name(), e.span.start()),
            ("variation-without-move", 10)
        );
        let first = judge("(1. d4) 1. e4 *", ReplayOptions::default());
        assert_eq!(first.first_error().unwrap().kind, "variation-without-move");
    }

    #[test]
    fn marks_and_numbers_in_variations_are_checked_as_in_the_main_line() {
        let text = "1. e4 f5 (1... e5 2. Qh5+ g6 3. Qxe5) 2. Qh5 *";
        let r = judge(text, ReplayOptions::default());
        let kinds: Vec<_> = r.diagnostics.iter().map(|d| d.kind.name()).collect();
        assert_eq!(
            kinds,
            [
                "wrong-check-mark",
                "missing-check-mark",
                "missing-check-mark"
            ]
        );
        let numbers = judge("1. e4 e5 (4... c5) *", ReplayOptions::default());
        assert_eq!(numbers.diagnostics[0].kind, "move-number");
        let strict = judge(
            text,
            ReplayOptions {
                strict: true,
                ..ReplayOptions::default()
            },
        );
        assert!(!strict.is_valid());
    }

    #[test]
    fn descriptive_variations_are_judged_too() {
        let ok = judge(
            "1. P-K4 P-K4 (1... P-QB4 2. Kt-KB3) 2. Kt-KB3 *",
            ReplayOptions::default(),
        );
        assert!(ok.is_valid(), "{:?}", ok.diagnostics);
        assert_eq!(ok.variation_moves.len(), 2);
        let bad = judge(
            "1. P-K4 P-K4 (1... K-K3) 2. Kt-KB3 *",
            ReplayOptions::default(),
        );
        assert!(
            bad.first_error()
                .is_some_and(|e| e.message.starts_with("in a variation, at move 1...")),
            "{:?}",
            bad.diagnostics
        );
    }

    #[test]
    fn the_result_a_record_carries() {
        let mated = "1. f3 e5 2. g4 Qh4# *";
        let r = judge(mated, ReplayOptions::default());
        assert_eq!(r.result, GameResult::BlackWins);
        assert_eq!(r.diagnostics[0].kind, "wrong-result");
        assert_eq!(r.diagnostics[0].severity, Severity::Warning);

        let wrong = "[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0";
        let refused = judge(wrong, ReplayOptions::default());
        assert_eq!(
            refused.first_error().map(|e| e.kind.name()),
            Some("wrong-result")
        );
        assert_eq!(refused.result, GameResult::WhiteWins);
        let fixed = judge(
            wrong,
            ReplayOptions {
                fix_results: true,
                ..ReplayOptions::default()
            },
        );
        assert!(fixed.is_valid());
        assert_eq!(fixed.result, GameResult::BlackWins);
        assert!(
            fixed.diagnostics[0]
                .message
                .ends_with("0-1 is written instead")
        );

        let in_play = judge(
            "[Result \"1/2-1/2\"]\n1. e4 e5 1/2-1/2",
            ReplayOptions::default(),
        );
        assert_eq!(in_play.result, GameResult::Draw);
        let bad_tag = judge("[Result \"draw\"]\n1. e4 e5", ReplayOptions::default());
        assert!(
            bad_tag
                .diagnostics
                .iter()
                .any(|d| d.kind == "invalid-result-tag")
        );
    }

    #[test]
    fn a_repeated_tag_is_a_warning() {
        let text = "[White \"A\"]\n[White \"B\"]\n1. e4 *";
        let r = judge(text, ReplayOptions::default());
        assert_eq!(
            said(text, &r),
            [(
                "duplicate-tag",
                Severity::Warning,
                "[White \"B\"]".to_owned(),
                "the tag White is repeated: only the first is kept".to_owned()
            )]
        );
    }

    #[test]
    fn variant_spellings() {
        for v in [
            "chess960",
            "Chess 960",
            "960",
            "fischerandom",
            "Fischer Random Chess",
            "FRC",
        ] {
            assert_eq!(variant_of(v), Variant::Chess960, "{v}");
        }
        for v in ["", "Standard", "normal", "chess", "From Position"] {
            assert_eq!(variant_of(v), Variant::Standard, "{v}");
        }
        for v in ["Atomic", "Crazyhouse", "antichess", "three-check"] {
            assert_eq!(variant_of(v), Variant::Unsupported, "{v}");
        }
    }

    #[test]
    fn prose_skipped_to_where_the_game_goes_on_warns_of_no_move_due() {
        // The line names Black's move due (`2...Nc6`), but the game goes on
        // after it with that move: nothing is read short, nothing to warn of.
        let text = "1. e4 e5 2. Nf3\nHere some play 2...Nc6 3. Bc4 quietly\nNc6 3. Bb5 a6 *";
        let r = judge(text, ReplayOptions::default());
        assert_eq!(r.moves.len(), 6, "{:?}", said(text, &r));
        let skipped: Vec<_> = said(text, &r)
            .into_iter()
            .filter(|d| d.0 == "skipped-word")
            .collect();
        assert_eq!(skipped.len(), 1, "{skipped:?}");
        assert_eq!(skipped[0].1, Severity::Note, "{skipped:?}");
        assert!(
            skipped[0].3.contains("prose between the moves"),
            "{skipped:?}"
        );
        // At the game's end the same line is a warning naming the move, also
        // when more lines of prose follow it and no result (a blog's post).
        for text in [
            "1. e4 e5 2. Nf3\nHere some play 2...Nc6 3. Bc4 quietly\n*",
            "1. e4 e5 2. Nf3\nHere some play 2...Nc6 3. Bc4 quietly\nA basic trap.\nNo comments:\n",
        ] {
            let r = judge(text, ReplayOptions::default());
            assert!(
                r.diagnostics
                    .iter()
                    .any(|d| d.severity == Severity::Warning && d.message.contains("`2...Nc6`")),
                "{text}: {:?}",
                said(text, &r)
            );
        }
    }
}
