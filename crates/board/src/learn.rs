//! Piece letters no table lists, learned for one game from its legal moves.
//!
//! A game written in an alphabet `lang` does not know (a language nobody
//! listed, a printer's own letters) is refused at its first move with an
//! unknown capital. The board knows every legal move, so it can find which
//! piece each letter stands for: at the first move with a letter not learned
//! yet, each role still free is tried (one letter one piece, one piece one
//! letter; pawns stay unlettered) and the game replayed with it; a role whose
//! reading is illegal there is dropped at once, and where several are legal
//! each is followed until a later move decides. The search is bounded
//! ([`MAX_TRIALS`] replays of the game, each linear in it).
//!
//! An alphabet is taken only when it is certain and used consistently:
//! exactly one assignment of letters reads the whole game legally (or, when
//! none does, exactly one reads it furthest past its letters' first moves:
//! the game's error then stands at its own move), and every
//! letter is seen at least twice, but for at most one letter, and that one
//! only when the others fit no known language (a misprint in a game of a known
//! language is never taken for an alphabet). The game is then read with a
//! `learned-letters` warning naming each letter's piece; otherwise the error
//! at the first unknown letter stays, saying why nothing was learned.
//!
//! ```
//! use scoresheet_board::learn::{learn, Learning};
//! use scoresheet_notation::Mode;
//! use scoresheet_notation::pgn::parse_game;
//! // `Y` and `U` are in no table: after 1.e4 e5 only a knight reaches c6,
//! // only a bishop b5 and a4.
//! let text = b"1. e4 e5 2. Yf3 Yc6 3. Ub5 a6 4. Ua4 Yf6 *";
//! let game = parse_game(text, 0, Mode::Lenient);
//! let Learning::Learned { letters, .. } = learn(&game, Mode::Lenient) else { panic!() };
//! assert_eq!(letters.describe(), "read Y as the knight, U as the bishop");
//! ```

use scoresheet_notation::lang::{Language, LearnedLetters, any_leading_capital};
use scoresheet_notation::pgn::{Game, Token, parse_game_learned_into};
use scoresheet_notation::{Diagnostic, Kind, Mode, Role, Severity, Span};

use crate::Move;
use crate::replay::{ReplayOptions, replay};

/// The most replays one game's search may take (the search stays linear in
/// the game: at most this many readings of it).
pub const MAX_TRIALS: usize = 64;

/// The roles a letter may stand for.
const ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// Letters and the pieces they are read as, in the order assigned.
type Assignment = Vec<(String, Role)>;

/// What learning a game's letters came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Learning {
    /// Not tried: the game's first error is no move with an unknown capital,
    /// or its moves start with more capitals than there are pieces.
    NotTried,
    /// One alphabet reads the whole game legally and is used consistently.
    Learned {
        /// The letters and their pieces.
        letters: LearnedLetters,
        /// The first move written with one of them.
        span: Span,
    },
    /// Tried, and nothing learned: why (for the error at the unknown letter).
    Failed(String),
}

/// A capital seen on the game's moves: how often, and where first.
struct Seen {
    letter: String,
    count: usize,
    first: Span,
}

/// The text of `span` in `game`.
fn text_of<'t>(game: &Game<'t>, span: Span) -> &'t [u8] {
    let from = span.start().saturating_sub(game.base);
    let to = span.end().saturating_sub(game.base);
    game.text.get(from..to).unwrap_or_default()
}

/// The move tokens of `game` (read or not), spaces taken out (`C4 x d5`).
fn move_texts<'g>(game: &'g Game<'_>) -> impl Iterator<Item = (Span, Vec<u8>)> + 'g {
    game.tokens.iter().filter_map(move |t| {
        let span = match t {
            Token::Move(m) => m.span(),
            Token::Invalid(s) => *s,
            _ => return None,
        };
        let text: Vec<u8> = text_of(game, span)
            .iter()
            .copied()
            .filter(|&b| b != b' ')
            .collect();
        Some((span, text))
    })
}

/// Every capital the game's moves start with, in the order first seen.
fn capitals(game: &Game<'_>) -> Vec<Seen> {
    let mut seen: Vec<Seen> = Vec::new();
    for (span, text) in move_texts(game) {
        let Some(letter) = any_leading_capital(&text) else {
            continue;
        };
        match seen.iter_mut().find(|s| s.letter == letter) {
            Some(s) => s.count += 1,
            None => seen.push(Seen {
                letter: letter.to_owned(),
                count: 1,
                first: span,
            }),
        }
    }
    seen
}

/// Whether the game's first error is a move with a capital English does not
/// read (an English letter there is a misprint or a malformed move, never an
/// alphabet of its own), the case learning is for.
#[must_use]
pub fn worth_trying(game: &Game<'_>) -> bool {
    let Some(Token::Invalid(span)) = game.stop.and_then(|i| game.tokens.get(i)) else {
        return false;
    };
    let text: Vec<u8> = text_of(game, *span)
        .iter()
        .copied()
        .filter(|&b| b != b' ')
        .collect();
    any_leading_capital(&text).is_some_and(|c| Language::English.role_of(c).is_none())
}

/// Learns the piece letters of `game` (parsed, its first error at a move with
/// an unknown capital: [`worth_trying`]) from its legal moves; see the
/// module's documentation.
#[must_use]
pub fn learn(game: &Game<'_>, mode: Mode) -> Learning {
    // Strict reading refuses every letter but English's: nothing to learn.
    if mode != Mode::Lenient || !worth_trying(game) {
        return Learning::NotTried;
    }
    let seen = capitals(game);
    if seen.is_empty() {
        return Learning::NotTried;
    }
    // More capitals than pieces: no alphabet (a known language's game with a
    // misprinted letter, most often), and nothing to say beyond the error.
    if seen.len() > ROLES.len() {
        return Learning::NotTried;
    }
    let options = ReplayOptions::default();
    let mut trial = Game::default();
    let mut complete: Vec<(Assignment, Vec<Move>)> = Vec::new();
    // The readings that stop at an illegal move after their last new
    // letter's first move: the furthest, when no reading is complete, is the
    // game's (its error then stands at its own move).
    let mut furthest: Vec<(Assignment, Vec<Move>)> = Vec::new();
    let mut stack: Vec<(Assignment, usize)> = vec![(Vec::new(), 0)];
    let mut trials = 0;
    while let Some((mapping, before)) = stack.pop() {
        trials += 1;
        if trials > MAX_TRIALS {
            return Learning::Failed(format!(
                "more than {MAX_TRIALS} readings of the letters to try"
            ));
        }
        let learned = LearnedLetters::new(mapping.clone());
        parse_game_learned_into(&mut trial, game.text, game.base, mode, &learned);
        let r = replay(&trial, &options);
        // The earliest error in the game's order: an unknown capital there
        // is the next letter to learn; anything else ends this reading.
        let first = r
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .min_by_key(|d| d.span.start());
        match first {
            None => {
                if !complete.iter().any(|(_, moves)| *moves == r.moves) {
                    complete.push((mapping, r.moves.clone()));
                }
                if complete.len() > 1 {
                    break;
                }
            }
            Some(d) if d.kind == Kind::UnknownPieceLetter && d.severity == Severity::Error => {
                let letter = String::from_utf8_lossy(text_of(&trial, d.span)).into_owned();
                if learned.role_of(&letter).is_some() || !seen.iter().any(|s| s.letter == letter) {
                    continue;
                }
                // Pushed in reverse so the king is tried first.
                for &role in ROLES.iter().rev() {
                    if mapping.iter().all(|(_, r)| *r != role) {
                        let mut next = mapping.clone();
                        next.push((letter.clone(), role));
                        stack.push((next, r.moves.len()));
                    }
                }
            }
            // Past the move its last letter was tried at: a reading that
            // stops later, at an illegal move.
            Some(_) if r.moves.len() > before => {
                let plies = r.moves.len();
                let best = furthest.first().map_or(0, |f| f.1.len());
                if plies > best {
                    furthest.clear();
                }
                if plies >= best && !furthest.iter().any(|(_, m)| *m == r.moves) {
                    furthest.push((mapping, r.moves.clone()));
                }
            }
            Some(_) => {}
        }
    }
    if complete.is_empty() {
        complete = furthest;
    }
    let (mapping, _) = match complete.as_slice() {
        [] => {
            return Learning::Failed(
                "no assignment of pieces to the letters reads the game legally".into(),
            );
        }
        [one] => one.clone(),
        several => {
            let each: Vec<String> = several
                .iter()
                .map(|(m, _)| LearnedLetters::new(m.clone()).describe())
                .collect();
            return Learning::Failed(format!(
                "several assignments of pieces to the letters read it as far ({})",
                each.join("; or ")
            ));
        }
    };
    let once: Vec<&Seen> = seen
        .iter()
        .filter(|s| s.count < 2 && mapping.iter().any(|(l, _)| *l == s.letter))
        .collect();
    match once.as_slice() {
        [] => {}
        [single] => {
            // The other letters mean what a known language's mean: the odd
            // one is a misprint in that language.
            let others = mapping.iter().filter(|(l, _)| *l != single.letter);
            let known = Language::ALL
                .into_iter()
                .find(|lang| others.clone().all(|(l, r)| lang.role_of(l) == Some(*r)));
            if let Some(lang) = known {
                return Learning::Failed(format!(
                    "{} is seen once where the other letters are {}'s: a misprint is never taken for an alphabet",
                    single.letter,
                    lang.name()
                ));
            }
        }
        several => {
            let letters: Vec<&str> = several.iter().map(|s| s.letter.as_str()).collect();
            return Learning::Failed(format!(
                "{} are each seen once: too few moves to learn them from",
                letters.join(" ")
            ));
        }
    }
    // In the order the game first shows them.
    let mut letters: Vec<(String, Role)> = Vec::with_capacity(mapping.len());
    for s in &seen {
        if let Some(&(_, role)) = mapping.iter().find(|(l, _)| *l == s.letter) {
            letters.push((s.letter.clone(), role));
        }
    }
    Learning::Learned {
        letters: LearnedLetters::new(letters),
        span: seen[0].first,
    }
}

/// Reads `game` (parsed from `text` at `base`, its first error at a move with
/// an unknown capital) with the letters learned from its legal moves, with a
/// `learned-letters` warning; when nothing is learned, the error at the
/// unknown capital says why. Whether the game was read with learned letters.
pub fn read_learned<'a>(game: &mut Game<'a>, text: &'a [u8], base: usize, mode: Mode) -> bool {
    match learn(game, mode) {
        Learning::NotTried => false,
        Learning::Learned { letters, span } => {
            parse_game_learned_into(game, text, base, mode, &letters);
            let mut warning = Diagnostic::new(
                Severity::Warning,
                Kind::LearnedLetters,
                format!(
                    "piece letters learned from the legal moves, as no language's table reads the game: {}",
                    letters.describe()
                ),
                span,
            );
            warning.candidates = letters
                .letters()
                .iter()
                .map(|(l, r)| format!("{l} {}", r.name()))
                .collect();
            game.diagnostics.push(warning);
            true
        }
        Learning::Failed(why) => {
            let stop = game.stop.and_then(|i| match game.tokens.get(i) {
                Some(Token::Invalid(span)) => Some(*span),
                _ => None,
            });
            if let Some(d) = stop.and_then(|span| {
                game.diagnostics.iter_mut().find(|d| {
                    d.severity == Severity::Error
                        && span.start() <= d.span.start()
                        && d.span.end() <= span.end()
                })
            }) {
                d.message.push_str(&format!(
                    "; no alphabet learned from the legal moves: {why}"
                ));
            }
            false
        }
    }
}
