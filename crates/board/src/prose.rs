//! Prose between a game's moves: where the game goes on.
//!
//! Books, columns and web pages print notes between the moves (`The best move
//! here.`, `If 12 ... Kt x P, 13 Q-R5 wins`), a page's running title or
//! number, a caption. The parser reads such text as it reads anything, word by
//! word: most words are no move, a few happen to be one (`de`, `a6` in a
//! sentence, a note's `Kt x P`). So the text is not read as moves until the
//! game's own numbering says where it goes on: a sentence (two words together
//! that no reading makes moves) starts a note, and the note ends at the move
//! number that continues the game's count (`7.` when White's seventh move is
//! due, `9...` or `9. ...` for Black's ninth). A note's own variation repeats
//! or goes back in that count (`If 12 ... Kt x P, 13 Q-R5 wins. 12 ... P-Q3`):
//! of the numbers that continue the count, the last before the count is two
//! moves past it is the game's. Where no number continues the count, nothing is
//! skipped and the sentence is the error it was: a move hidden in prose is
//! never dropped silently (the judge also makes a wrong move number after a
//! skipped note an error: the note may hold the game).
//!
//! ```
//! use scoresheet_board::prose::anchor;
//! use scoresheet_board::Position;
//! use scoresheet_notation::{pgn::parse_game, Mode};
//! let text = b"1. e4 e5 2. Nf3 Nc6 The best move. If 3. Bc4 Nf6 4. Ng5 d5 then White must play well. 3. Bb5 a6 *";
//! let game = parse_game(text, 0, Mode::Lenient);
//! let mut pos = Position::new();
//! for uci in ["e2e4", "e7e5", "g1f3", "b8c6"] {
//!     let mv = pos.legal_moves().iter().copied().find(|m| m.to_uci() == uci).unwrap();
//!     pos.play_unchecked(&mv);
//! }
//! // The sentence starts at the first token the parser could not read.
//! let from = game.tokens.iter().position(|t| matches!(t, scoresheet_notation::pgn::Token::Invalid(_))).unwrap();
//! let at = anchor(&game, from, &pos).unwrap();
//! // The game's `3.` is the second one: the first starts the note's variation.
//! let span = game.tokens[at].span();
//! assert_eq!(&text[span.start()..span.end()], b"3.");
//! assert!(span.start() > 80);
//! ```

use scoresheet_notation::Span;
use scoresheet_notation::pgn::{Game as PgnGame, Token};

use crate::{Color, Position};

/// The most tokens looked at for where the game goes on after prose: a note
/// is rarely longer, and the bound keeps the search linear.
pub const MAX_PROSE_TOKENS: usize = 1024;

/// The most plies read on from a number to see whether the game goes on there.
const RUN_PLIES: usize = 8;

/// The most plies a note's mention of the move due reads on for after the
/// game's last move (`... play after 3...Bc5.`): a move, or a turn. A longer
/// run continuing the count may be the game going on, as printed in prose.
const NOTE_PLIES: usize = 2;

/// The most numbers tried as where the game goes on after one note.
const MAX_CANDIDATES: usize = 8;

/// The index of the move number token after which the game goes on, when
/// prose starts at token `from` of `game` with `pos` the position before it:
/// see the module's documentation. `None` when no number continues the count
/// (before a result, or within [`MAX_PROSE_TOKENS`] tokens).
#[must_use]
pub fn anchor(game: &PgnGame<'_>, from: usize, pos: &Position) -> Option<usize> {
    anchor_doubt(game, from, pos).map(|(j, _)| j)
}

/// Whether token `token` is the number of the move due in `pos`: `N.` for
/// White's, `N...` (or a book's `N.` again) for Black's.
fn names_due(token: &Token<'_>, pos: &Position) -> bool {
    let due = pos.fullmove_number();
    match token {
        Token::MoveNumber { number, black, .. } => {
            *number == due && (pos.turn() == Color::Black || !*black)
        }
        _ => false,
    }
}

/// The 0-based ply of a position's move due (White's first is 0).
fn ply_due(pos: &Position) -> u64 {
    2 * u64::from(pos.fullmove_number()).saturating_sub(1) + u64::from(pos.turn() == Color::Black)
}

/// The ply a printed move number names (a book's `N.` before Black's move
/// names White's: the earlier of the two).
fn ply_named(number: u32, black: bool) -> u64 {
    2 * u64::from(number).saturating_sub(1) + u64::from(black)
}

/// The moves read on from a number ([`run`]).
struct Run {
    /// The index of the token where the run stops.
    end: usize,
    /// The ply of its last move.
    last: u64,
    /// How many moves it played.
    plies: usize,
    /// It stopped at a move that cannot be played.
    stuck: bool,
    /// Its last move ended the game by rule (mate, stalemate): nothing can
    /// follow it, so no count goes on from it.
    over: bool,
}

/// The moves read on from the number at token `at` in `pos`: legal moves
/// under numbers that continue the count, at most `RUN_PLIES` (8).
fn run(game: &PgnGame<'_>, at: usize, pos: &Position) -> Run {
    let mut pos = pos.clone();
    let mut last = ply_due(&pos);
    let mut plies = 0usize;
    let mut depth = 0usize;
    let mut j = at + 1;
    while let Some(token) = game.tokens.get(j) {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Token::Comment { .. } | Token::Nag { .. } => {}
            Token::MoveNumber { number, black, .. } => {
                let fits =
                    *number == pos.fullmove_number() && (pos.turn() == Color::Black || !*black);
                if !fits {
                    break;
                }
            }
            Token::Move(m) => {
                let Ok(mv) = crate::resolve(&pos, &m.get()) else {
                    return Run {
                        end: j,
                        last,
                        plies,
                        stuck: true,
                        over: false,
                    };
                };
                last = ply_due(&pos);
                pos.play_unchecked(&mv);
                plies += 1;
                if plies >= RUN_PLIES {
                    j += 1;
                    break;
                }
            }
            Token::Result(..) | Token::Invalid(_) => break,
        }
        j += 1;
    }
    Run {
        end: j,
        last,
        plies,
        stuck: false,
        over: plies > 0 && !pos.has_legal_move(),
    }
}

/// Where the moves read on from a number go ([`run_reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// A move of the run stands on a later line than its number: the count
    /// went on past the number's line (through a line's opening words, which
    /// the parser keeps apart, or a comment).
    pub past_line: bool,
    /// Every move up to the game's result was played, and the result follows
    /// the last (at most `RUN_PLIES` (8) plies).
    pub to_result: bool,
}

/// How far the moves read on from the number at token `at` of `game` go
/// in `pos` (legal moves under numbers that continue the count, as
/// [`anchor_run`] reads them): past the number's line, or to the result.
#[must_use]
pub fn run_reach(game: &PgnGame<'_>, at: usize, pos: &Position) -> Reach {
    let Run {
        end, plies, stuck, ..
    } = run(game, at, pos);
    // The run's last move played (outside variations).
    let mut depth = 0usize;
    let mut played = None;
    for token in game.tokens.get(at + 1..end).unwrap_or_default() {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Move(_) if depth == 0 => played = Some(token),
            _ => {}
        }
    }
    let past_line = match (game.tokens.get(at), played) {
        (Some(number), Some(last)) => {
            let from = number.span().end().saturating_sub(game.base);
            let to = last.span().start().saturating_sub(game.base);
            game.text
                .get(from..to)
                .is_some_and(|between| between.contains(&b'\n'))
        }
        _ => false,
    };
    Reach {
        past_line,
        to_result: plies > 0 && !stuck && matches!(game.tokens.get(end), Some(Token::Result(..))),
    }
}

/// [`anchor`], and whether the number it gives is printed more than once
/// (within [`MAX_PROSE_TOKENS`] tokens of `from`): a later note may name the
/// move again, or the number chosen may be a note's, with the game's later;
/// a number that does not continue the count after it is then an error.
///
/// Each number of the move due is tried in text order: the game goes on there
/// when a legal move follows it under numbers that continue the count, unless
/// the number due is printed again after that run before the count is two
/// plies past it (a note's variation is followed by the game's own number:
/// the text goes back to before the run's last move). A number naming the
/// run's last ply again is a note's other move there (`17. Cd5? Better was
/// 17. d4`), and does not go back.
#[must_use]
pub fn anchor_doubt(game: &PgnGame<'_>, from: usize, pos: &Position) -> Option<(usize, bool)> {
    anchor_run(game, from, pos).map(|(j, again, _)| (j, again))
}

/// Whether the prose at token `from` of `game` stands where the move due in
/// `pos` is printed: right after its number (`16…Dh5! 17.uppg.`, `23.
/// feladta`, `31. terk etti`). A word in a move's place that no reading
/// makes a move is how the game ended, in whatever language: the game's end
/// words, whether or not a list knows them. Words only: a token read as a
/// move among them up to the next number (`17. Rook e1`) may be the move
/// misprinted, which stays the error it is.
#[must_use]
pub fn in_move_place(game: &PgnGame<'_>, from: usize, pos: &Position) -> bool {
    if !from
        .checked_sub(1)
        .and_then(|k| game.tokens.get(k))
        .is_some_and(|t| names_due(t, pos))
    {
        return false;
    }
    let bound = from.saturating_add(MAX_PROSE_TOKENS).min(game.tokens.len());
    for token in game.tokens.iter().take(bound).skip(from) {
        match token {
            Token::Move(_) => return false,
            Token::MoveNumber { .. } | Token::Result(..) => return true,
            _ => {}
        }
    }
    true
}

/// [`anchor_doubt`], and whether the text goes on past the run read at the
/// number given (it fills `RUN_PLIES` (8), or a number after it continues its
/// count; a result after it is no proof): a short run after which nothing
/// goes on may be a note's line as well as the game's last moves.
#[must_use]
pub fn anchor_run(game: &PgnGame<'_>, from: usize, pos: &Position) -> Option<(usize, bool, bool)> {
    let bound = from.saturating_add(MAX_PROSE_TOKENS).min(game.tokens.len());
    let mut at = from.saturating_add(1);
    let mut tried = 0usize;
    // The first number after which a move can be played, but not all of its
    // run: where the game goes on when no run plays out (a misprint there is
    // then the error it is).
    let mut partial = None;
    // A run was found to be a note's (the number due printed again after it):
    // the ones after it are siblings of that note until the text shows the
    // game going on after one.
    let mut siblings = false;
    while tried < MAX_CANDIDATES {
        let Some(c) = next_due(game, at, bound, pos) else {
            break;
        };
        // A line of prose the parser kept whole that names the move due
        // (`z.B.: 20...Td8 21.Sc7+`) holds a variation this one may be a
        // sibling of.
        siblings |= game
            .tokens
            .get(at..c)
            .is_some_and(|t| t.iter().any(|t| names_number(t, pos.fullmove_number())));
        tried += 1;
        let Run {
            end,
            last,
            plies,
            stuck,
            ..
        } = run(game, c, pos);
        if plies == 0 {
            at = c + 1;
            continue;
        }
        // What follows the run: the count going on past it (the game), or
        // the number due printed again first (the run was a note's).
        let mut depth = 0usize;
        let mut verdict = None;
        // The run ends the game (its result follows), fills its bound, or a
        // number after it continues its count: the text goes on from it.
        let mut went_on =
            plies >= RUN_PLIES || matches!(game.tokens.get(end), Some(Token::Result(..)));
        // The same, a result after the run left out.
        let mut beyond = plies >= RUN_PLIES;
        for (j, token) in game.tokens.iter().enumerate().take(bound).skip(end) {
            match token {
                Token::StartVariation(_) => depth += 1,
                Token::EndVariation(_) => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                Token::Result(..) => break,
                Token::MoveNumber { number, black, .. } => {
                    let named = ply_named(*number, *black);
                    went_on |= named > last;
                    beyond |= named > last;
                    if named > last.saturating_add(3) {
                        break;
                    }
                    // A number with no move after it (a date's `18. apríl`
                    // in the news after a column's game) names no move again.
                    if named < last
                        && names_due(token, pos)
                        && matches!(game.tokens.get(j + 1), Some(Token::Move(_)))
                    {
                        verdict = Some(j);
                        break;
                    }
                }
                _ => {}
            }
        }
        match verdict {
            // Printed again before the count went on: try that one.
            Some(again) => {
                siblings = true;
                at = again;
            }
            None if stuck => {
                partial.get_or_insert(c);
                at = c + 1;
            }
            // The last of a note's variations, with nothing after it that
            // goes on from it (`20...Td8 ... oder 20...fxe6 21.Dd7+ ... nebst
            // Matt`): no more the game's than its siblings.
            None if siblings && !went_on => return None,
            // A number inside a sentence is a note's (`og svartur gafst upp
            // enda óverjandi mát eftir 24... Ke8 25. He1+`, `Black answers
            // 3...e6, or 3...d6`) unless the game plainly goes on from it and
            // the prose names no other move for that turn: which line of a
            // discussion is the game's, the text does not show.
            None if inside_sentence(game, c) && (!went_on || rival(game, from, bound, c, pos)) => {
                at = c + 1;
            }
            None => {
                let again = tried > 1 || next_due(game, end, bound, pos).is_some();
                return Some((c, again, beyond));
            }
        }
    }
    partial.filter(|_| !siblings).map(|c| (c, true, false))
}

/// Whether the token at `at` (with the moves just before it) stands inside a
/// sentence: words come before it since the line's start or the last
/// sentence's end (`eftir 24... Ke8`,
/// `Black answers 3...e6`; not `(1319) . 18.`, `eftirfarandi: 21...Hfc8`, a
/// line's start).
fn inside_sentence(game: &PgnGame<'_>, at: usize) -> bool {
    let mut at = at;
    loop {
        let Some(token) = game.tokens.get(at) else {
            return false;
        };
        let start = token.span().start().saturating_sub(game.base);
        let before = game.text.get(..start).unwrap_or_default();
        let ended = before
            .iter()
            .rev()
            .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r'))
            .is_none_or(|&b| matches!(b, b'\n' | b'.' | b'!' | b'?' | b':' | b';' | b')' | b']'));
        if ended {
            return false;
        }
        // A row of moves before it (`1.e4 e5 2.f4`): where the row stands decides.
        match at.checked_sub(1).and_then(|k| game.tokens.get(k)) {
            Some(Token::Move(_) | Token::MoveNumber { .. } | Token::Nag { .. }) => at -= 1,
            _ => return true,
        }
    }
}

/// Whether the token at `at` opens its line (only blanks before it on it).
#[must_use]
pub fn opens_line(game: &PgnGame<'_>, at: usize) -> bool {
    game.tokens.get(at).is_some_and(|token| {
        let start = token.span().start().saturating_sub(game.base);
        game.text
            .get(..start)
            .unwrap_or_default()
            .iter()
            .rev()
            .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r'))
            .is_none_or(|&b| b == b'\n')
    })
}

/// Whether the prose from token `from` (to `bound`) prints the number of the
/// move due in `pos` elsewhere than at token `at` with another move after it
/// (`3...e5 ... 3...e6, or 3...d6`): several moves named for one turn.
fn rival(game: &PgnGame<'_>, from: usize, bound: usize, at: usize, pos: &Position) -> bool {
    let move_text = |j: usize| match game.tokens.get(j + 1) {
        Some(Token::Move(m)) => {
            let span = m.span();
            game.text
                .get(span.start().saturating_sub(game.base)..span.end().saturating_sub(game.base))
        }
        _ => None,
    };
    let Some(first) = move_text(at) else {
        return false;
    };
    let mut j = from;
    while let Some(c) = next_due(game, j, bound, pos) {
        if c != at && move_text(c).is_some_and(|m| m != first) {
            return true;
        }
        j = c + 1;
    }
    false
}

/// Whether `token` is a comment whose text holds the move number `n`
/// (`20.`, `20...`; not `120.` or `20,5`), as
/// [`scoresheet_notation::pgn::printed_numbers`] reads them.
fn names_number(token: &Token<'_>, n: u32) -> bool {
    let Token::Comment { text, .. } = token else {
        return false;
    };
    scoresheet_notation::pgn::printed_numbers(text).any(|p| p.number == n)
}

/// The first token from `at` (before `bound`) outside variations that is the
/// number of the move due in `pos` ([`names_due`]).
fn next_due(game: &PgnGame<'_>, at: usize, bound: usize, pos: &Position) -> Option<usize> {
    let mut depth = 0usize;
    for (j, token) in game.tokens.iter().enumerate().take(bound).skip(at) {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Token::Result(..) => return None,
            t if names_due(t, pos) => return Some(j),
            _ => {}
        }
    }
    None
}

/// Where `text` (prose the reader does not take for the game's moves) names
/// the move due in `pos` with a move legal there: the byte range of the
/// number and that move (`4. c3` in `White played 4. c3 and ...`; `4...Nf6`),
/// the first such. The number is the move due's (`N.` for White's, `N...`
/// or a book's `N.` for Black's, as
/// [`scoresheet_notation::pgn::printed_numbers`] reads them), its move glued to it or the next word, in
/// any notation and language the board spells ([`crate::spelling`]); or the
/// text opens with the move due unnumbered (`Fg4 presque toutes les pièces
/// ...` on the line under `11.Te1`: Black's move, then words). What
/// still looks like the game's moves where the reading stops is never
/// dropped silently: the judge says so (a warning naming them).
#[must_use]
pub fn due_move_in(text: &[u8], pos: &Position) -> Option<(usize, usize)> {
    let due = pos.fullmove_number();
    let words = || {
        text.split(|b| b.is_ascii_whitespace())
            .scan(0usize, |at, w| {
                let start = *at;
                *at += w.len() + 1;
                Some((start, w))
            })
            .filter(|(_, w)| !w.is_empty())
    };
    let legal = |word: &[u8]| {
        core::str::from_utf8(word).ok().and_then(|token| {
            let token = token.trim_end_matches([',', ';', ':', ')']);
            let spelled = !token.is_empty()
                && token.len() <= 32
                && matches!(
                    crate::spelling::read_token(pos, None, token),
                    crate::spelling::TokenReading::One { .. }
                );
            spelled.then_some(token.len())
        })
    };
    if let Some((start, first)) = words().next()
        && let Some(len) = legal(first)
    {
        return Some((start, start + len));
    }
    for number in scoresheet_notation::pgn::printed_numbers(text) {
        if number.number != due || (number.black && pos.turn() == Color::White) {
            continue;
        }
        // Its move, glued to it or the next word.
        let rest = text.get(number.end..).unwrap_or_default();
        let blanks = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let mv_start = number.end + blanks;
        let mv = rest[blanks..]
            .split(u8::is_ascii_whitespace)
            .next()
            .unwrap_or_default();
        if let Some(len) = legal(mv) {
            return Some((number.start, mv_start + len));
        }
    }
    None
}

/// Where a closing note ends, when prose starts at token `from` of `game`
/// with `pos` the position before it and no number continues the count after
/// it ([`anchor_run`] found none): the game's result token (or the end of its
/// tokens), when nothing after the sentence continues the game.
///
/// Prose resumes after the game's last move (a web abstract's `1. e4 e52. Nf3
/// Nc63. Bc4 This opening is defined by ...`): its words have no legal reading
/// there, and the numbers it names are a note's (`... play after 3...Bc5.`):
/// each stands inside a sentence, and the moves read on from it stop short
/// (a move or a turn, `NOTE_PLIES`, no mate among them), nothing after them
/// going on from their count. The game is not ended there
/// when the prose may still hold its moves: the number due opening a line or
/// a sentence (the game going on below a note), a number past it, a
/// note's run that the count goes on from, several moves named for the turn
/// due (`5. … Jxe4` and `5. …Se7`: which is the game's, the text does not
/// show), a run from
/// White's first move (another game, printed without a result between), a
/// comment naming the move due or the next, or a move legal in `pos` printed
/// without a number before it (a move printed after a note would be lost; a
/// note's line going back, `for example via 3...Bb7 4.Nf3 Bb4`, has its
/// numbers).
#[must_use]
pub fn closing(game: &PgnGame<'_>, from: usize, pos: &Position) -> Option<usize> {
    let due = pos.fullmove_number();
    let bound = from.saturating_add(MAX_PROSE_TOKENS);
    let mut depth = 0usize;
    // Tokens before this index are a note's run, read from its number.
    let mut note_to = 0usize;
    for (j, token) in game.tokens.iter().enumerate().skip(from.saturating_add(1)) {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Result(..) if depth == 0 => return Some(j),
            // A comment that names the move due or the next (`; ce que vous
            // éviterez. 4... exd4 5. cxd4`: PGN's `;` took the rest of the
            // line; a line of words the parser kept whole, `et 3.d4 Fg4`) may
            // hold the game's moves: not a closing note.
            t @ Token::Comment { .. }
                if depth == 0 && (names_number(t, due) || names_number(t, due + 1)) =>
            {
                return None;
            }
            _ if depth > 0 || j < note_to => {}
            Token::MoveNumber {
                number: 1,
                black: false,
                ..
            } if matches!(game.tokens.get(j + 1), Some(Token::Move(_))) => {
                return None;
            }
            // The number of the move due, inside a sentence: a note's
            // mention of it, when its run stops short.
            Token::MoveNumber { .. }
                if j < bound && names_due(token, pos) && inside_sentence(game, j) =>
            {
                let note = run(game, j, pos);
                if note.plies > NOTE_PLIES
                    || note.over
                    || goes_on_after(game, note.end, note.last)
                    || (note_to == 0 && rival(game, from, bound.min(game.tokens.len()), j, pos))
                {
                    return None;
                }
                note_to = note.end;
            }
            // A number that names no move (`més de 300 anys`, a date's `18.
            // apríl`): a quantity of the prose.
            Token::MoveNumber { .. } if names_no_move(game, j) => {}
            Token::MoveNumber { number, .. } if *number >= due => return None,
            // (A move under a number, or the reply after it, is the note's
            // line: `via 3...Bb7 4.Nf3 Bb4`.)
            Token::Move(m) if !numbered(game, j) && crate::resolve(pos, &m.get()).is_ok() => {
                return None;
            }
            _ => {}
        }
    }
    Some(game.tokens.len())
}

/// Whether the move number at token `j` of `game` names no move: a word
/// follows it (three letters or more, letters only), or nothing that may be
/// one (a comment, another number, the result, the text's end).
fn names_no_move(game: &PgnGame<'_>, j: usize) -> bool {
    match game.tokens.get(j + 1) {
        Some(
            Token::Move(_) | Token::StartVariation(_) | Token::EndVariation(_) | Token::Nag { .. },
        ) => false,
        Some(Token::Invalid(span)) => {
            let text = game
                .text
                .get(span.start().saturating_sub(game.base)..span.end().saturating_sub(game.base))
                .unwrap_or_default();
            let word = String::from_utf8_lossy(text);
            let word = word.trim_end_matches(|c: char| c.is_ascii_punctuation());
            word.chars().count() >= 3 && word.chars().all(char::is_alphabetic)
        }
        _ => true,
    }
}

/// Whether the move at token `j` of `game` stands under a move number: right
/// after it, or as the reply after the move right after it (`4.Nf3 Bb4`).
fn numbered(game: &PgnGame<'_>, j: usize) -> bool {
    let before = |k: usize| k.checked_sub(1).and_then(|k| game.tokens.get(k));
    match before(j) {
        Some(Token::MoveNumber { .. }) => true,
        Some(Token::Move(_)) => matches!(
            j.checked_sub(1).and_then(before),
            Some(Token::MoveNumber { .. })
        ),
        _ => false,
    }
}

/// Whether the first move number outside variations from token `end` on
/// continues the count past ply `last` (the moves read on from a note's
/// number go on there: the text may be the game's).
fn goes_on_after(game: &PgnGame<'_>, end: usize, last: u64) -> bool {
    let mut depth = 0usize;
    for token in game.tokens.iter().skip(end).take(MAX_PROSE_TOKENS) {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Token::Result(..) => return false,
            Token::MoveNumber { number, black, .. } => return ply_named(*number, *black) > last,
            // (A line of words the parser kept whole: `et 3.d4 Fg4`.)
            Token::Comment { text, .. } => {
                if let Some(n) = scoresheet_notation::pgn::printed_numbers(text).next() {
                    return ply_named(n.number, n.black) > last;
                }
            }
            _ => {}
        }
    }
    false
}

/// Where a note after the game's end words ends: the game's result token
/// outside variations after token `from`, or the end of its tokens.
#[must_use]
pub fn after_end(game: &PgnGame<'_>, from: usize) -> usize {
    let mut depth = 0usize;
    for (j, token) in game.tokens.iter().enumerate().skip(from.saturating_add(1)) {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Result(..) if depth == 0 => return j,
            _ => {}
        }
    }
    game.tokens.len()
}

/// Whether `span` starts inside one of `prose` (in text order).
#[must_use]
pub fn in_prose(prose: &[Span], span: Span) -> bool {
    if prose.is_empty() {
        return false;
    }
    let i = prose.partition_point(|p| p.start() <= span.start());
    i > 0 && prose.get(i - 1).is_some_and(|p| span.start() < p.end())
}

/// The text of a note, shortened for a message: its first words and its last.
#[must_use]
pub fn shown(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() <= 8 {
        return words.join(" ");
    }
    format!(
        "{} … {}",
        words[..5].join(" "),
        words[words.len() - 2..].join(" ")
    )
}
