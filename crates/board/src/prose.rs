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
pub const MAX_PROSE_TOKENS: usize = 2048;

/// The index of the move number token after which the game goes on, when
/// prose starts at token `from` of `game` with `pos` the position before it:
/// see the module's documentation. `None` when no number continues the count
/// (before a result, or within [`MAX_PROSE_TOKENS`] tokens).
#[must_use]
pub fn anchor(game: &PgnGame<'_>, from: usize, pos: &Position) -> Option<usize> {
    anchor_doubt(game, from, pos).map(|(j, _)| j)
}

/// [`anchor`], and whether the number it gives is printed again after it
/// (within [`MAX_PROSE_TOKENS`] tokens of `from`): a later note may name the
/// move again, or the number chosen may be a note's, with the game's later;
/// a number that does not continue the count after it is then an error.
#[must_use]
pub fn anchor_doubt(game: &PgnGame<'_>, from: usize, pos: &Position) -> Option<(usize, bool)> {
    let due = pos.fullmove_number();
    let black = pos.turn() == Color::Black;
    let past = due.saturating_add(2);
    let mut depth = 0usize;
    let mut found = None;
    let mut window = true;
    let mut again = false;
    for (j, token) in game
        .tokens
        .iter()
        .enumerate()
        .skip(from.saturating_add(1))
        .take(MAX_PROSE_TOKENS)
    {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Result(..) if depth == 0 => break,
            Token::MoveNumber {
                number, black: b, ..
            } if depth == 0 => {
                if *number == due && *b == black {
                    if window {
                        found = Some(j);
                    } else {
                        again = true;
                        break;
                    }
                } else if *number >= past {
                    if found.is_none() {
                        break;
                    }
                    window = false;
                }
            }
            _ => {}
        }
    }
    // The game goes on with a move after its number, not with more prose or
    // another number.
    found
        .filter(|&j| {
            matches!(
                game.tokens.get(j + 1),
                Some(Token::Move(_) | Token::Invalid(_))
            )
        })
        .map(|j| (j, again))
}

/// Where a closing note ends, when prose starts at token `from` of `game`
/// with `pos` the position before it and no number continues the count after
/// it: the game's result token (or the end of its tokens), when nothing after
/// the sentence continues the game: no move number at or past the move due,
/// and no move the parser read there that is legal in `pos` (a move printed
/// without its number after a note would be lost).
#[must_use]
pub fn closing(game: &PgnGame<'_>, from: usize, pos: &Position) -> Option<usize> {
    let due = pos.fullmove_number();
    let mut depth = 0usize;
    for (j, token) in game.tokens.iter().enumerate().skip(from.saturating_add(1)) {
        match token {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Result(..) if depth == 0 => return Some(j),
            Token::MoveNumber { number, .. } if depth == 0 && *number >= due => return None,
            Token::Move(m) if depth == 0 && crate::resolve(pos, &m.get()).is_ok() => return None,
            _ => {}
        }
    }
    Some(game.tokens.len())
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
