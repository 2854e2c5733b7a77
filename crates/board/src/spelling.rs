//! A printed token that no grammar reads, matched against the spellings of the
//! legal moves.
//!
//! The grammars (`notation`'s SAN, long algebraic, descriptive and Spanish
//! readers) list the forms people print. Printers vary more than any list: a
//! check word glued on (`Rd8mate`, `Q-R5ch.`), a dagger for check (`Nf3†`), a
//! footnote mark (`Nf3¹`, `Nf3*`), a figure dash (`Ng1‒f3`), a sentence's full
//! stop inside or after the move (`Sg1.f3`, `P. to K. 4th.`), a letter in the
//! wrong case (`NF3`), a Portuguese or Spanish descriptive move inside a table.
//! So where a token fails the grammars (or reads as no legal move), the board,
//! which knows every legal move at that ply, spells each of them and compares:
//!
//! - the printed token is [normalised](normalise): what printers vary is taken
//!   off (check and mate words and marks at the end, which are kept as a claim;
//!   `!`/`?`; footnote marks; a trailing full stop or comma; spaces and dots
//!   inside; dash kinds; `:`, `×`, `takes` for captures; case, except for a
//!   leading letter that names a file, as `B`/`b` tells a bishop from a pawn's);
//! - every legal move is spelled in SAN and long algebraic (with and without
//!   the piece letter, which is UCI), with the piece letters of every language
//!   the parser knows and the Unicode figurines, and normalised the same way;
//! - English descriptive (compact, spaced or 19th-century) and Spanish or
//!   Portuguese descriptive are read from the normalised token and resolved on
//!   the board (descriptive is many spellings to one move: reading is the
//!   compact way to match them);
//! - one legal move matches: the token is that move; several: the check claim
//!   decides when it leaves one, else the token is ambiguous and each is named;
//!   none: the token is no legal move, unless it is plainly not a move at all
//!   (a word of prose, a column rule, a footnote mark: [`TokenReading::NotAMove`]).
//!
//! The work is done only for a token the grammars failed on, and is bounded per
//! token (at most [`MAX_TOKEN`] bytes; the legal moves of one position).
//!
//! ```
//! use scoresheet_board::Position;
//! use scoresheet_board::spelling::{read_token, TokenReading};
//! let pos = Position::new();
//! let TokenReading::One { mv, .. } = read_token(&pos, None, "Nf3†") else { panic!() };
//! assert_eq!(mv.to_uci(), "g1f3");
//! let TokenReading::One { mv, .. } = read_token(&pos, None, "P4R") else { panic!() };
//! assert_eq!(mv.to_uci(), "e2e4");
//! assert!(matches!(read_token(&pos, None, "Nf5"), TokenReading::Unmatched));
//! assert!(matches!(read_token(&pos, None, "and"), TokenReading::NotAMove(_)));
//! ```

use scoresheet_notation::desc::{parse_desc_move, read_spanish};
use scoresheet_notation::lang::Language;
use scoresheet_notation::{Piece, Role};

use crate::desc::{DescContext, DescResolveError, Origins, resolve_desc};
use crate::{Move, Position};

/// Tokens longer than this (bytes) are never matched: no move is spelled so long.
pub const MAX_TOKEN: usize = 40;

/// What a printed token claims about check, from the marks and words at its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Claim {
    /// No check mark or word.
    #[default]
    None,
    /// `+`, `ch`, `check`, `†`.
    Check,
    /// `#`, `mate`.
    Mate,
}

/// A printed token, normalised ([`normalise`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Normalised {
    /// The move part: marks, words and punctuation at the end taken off,
    /// dashes and capture words unified, spaces and dots kept (descriptive
    /// reads them).
    pub core: String,
    /// The algebraic key: `core` without spaces, dots, dashes, capture and
    /// promotion marks, figurines as English letters, in lower case but for a
    /// leading letter that names a file (`B`/`b`, `C`/`c`, ...).
    pub key: String,
    /// What the end of the token claims.
    pub claim: Claim,
    /// What was taken off the end (`mate.`, `†`, `¹`), for the note.
    pub removed: String,
}

/// What the board makes of a printed token ([`read_token`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenReading {
    /// Exactly one legal move is spelled so.
    One {
        /// The move.
        mv: Move,
        /// The spelling that matched (`SAN`, `long algebraic`, `descriptive`, ...).
        spelling: &'static str,
        /// The check claim chose it among several moves spelled so.
        by_claim: bool,
        /// What the token's end claims (a claim the move does not bear out
        /// is the caller's to report).
        claim: Claim,
    },
    /// No legal move is spelled as printed, but exactly one is once each
    /// letter standing where only a rank can (`Sgl-f3`: a file letter before
    /// it, no rank after it) is read as the rank readers take it for (`l`
    /// for `1`; [`crate::misprint`]'s confusions): a scan's misreading, which
    /// the caller warns of naming both spellings.
    RankMisread {
        /// The move.
        mv: Move,
        /// The token with the ranks read (`Sg1-f3`).
        read: String,
        /// What the token's end claims.
        claim: Claim,
    },
    /// Several legal moves are spelled so, and the check claim does not tell them apart.
    Several(Vec<Move>),
    /// Plainly not a move: what it is (`a word`, `a column rule`, `a footnote mark`).
    NotAMove(&'static str),
    /// Written like a move, but no legal move is spelled so.
    Unmatched,
}

/// Superscript digits, footnote marks of printed books.
fn superscript(c: char) -> bool {
    matches!(c, '¹' | '²' | '³' | '⁰' | '⁴'..='⁹')
}

/// A dash of any kind (hyphen, figure, en, em, minus, non-breaking).
fn dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' | '\u{FF0D}'
    )
}

/// Takes the end marks and words off `s` (see [`normalise`]); what was taken,
/// and the claim.
fn strip_end(s: &mut String, removed: &mut String, claim: &mut Claim) {
    // Each round takes one mark or word off; a token is short, so few rounds.
    for _ in 0..16 {
        let trimmed_len = s.trim_end().len();
        s.truncate(trimmed_len);
        let lower = s.to_lowercase();
        let cut = |n: usize| s.len().saturating_sub(n);
        let before = |n: usize| lower[..lower.len().saturating_sub(n)].chars().next_back();
        // A check word follows a square or a piece (`Q-R5ch`, `PxPch`, `Rd8mate`),
        // a space or a dot; never inside a word (`much`).
        let word_end =
            |n: usize| before(n).is_some_and(|c| !c.is_lowercase() || c == 'x') && lower.len() > n;
        // (The whole word first: `Qh5-f7checkmate` is the move and `checkmate`.)
        let (n, c): (usize, Option<Claim>) = if lower.ends_with("checkmate") && word_end(9) {
            (9, Some(Claim::Mate))
        } else if lower.ends_with("mate") && word_end(4) {
            (4, Some(Claim::Mate))
        } else if lower.ends_with("check") && word_end(5) {
            (5, Some(Claim::Check))
        } else if lower.ends_with("ch") && word_end(2) {
            (2, Some(Claim::Check))
        } else if lower.ends_with("e.p.") && lower.len() > 4 {
            (4, None)
        } else if (lower.ends_with("dis") || lower.ends_with("dbl")) && word_end(3) {
            (3, None)
        } else if lower.ends_with("disc") && word_end(4) {
            (4, None)
        } else if let Some(last) = s.chars().next_back() {
            match last {
                '#' => (1, Some(Claim::Mate)),
                '+' | '†' | '‡' => (last.len_utf8(), Some(Claim::Check)),
                '.' | ',' | ';' | '!' | '?' | '*' | '\'' | '"' | '’' => (last.len_utf8(), None),
                c if superscript(c) => (c.len_utf8(), None),
                ')' | ']' => {
                    let open = if last == ')' { '(' } else { '[' };
                    match s.rfind(open) {
                        // A short group at the end: `(a)`, `(!)`, `(D)`, `[1]`.
                        Some(at) if s.len() - at <= 5 && at > 0 => (s.len() - at, None),
                        _ => break,
                    }
                }
                _ => break,
            }
        } else {
            break;
        };
        if n == 0 || n >= s.len() {
            break;
        }
        let at = cut(n);
        if !s.is_char_boundary(at) {
            break;
        }
        let taken = s.split_off(at);
        removed.insert_str(0, &taken);
        if let Some(c) = c {
            // Mate is the stronger claim; a `+` after `mate` adds nothing.
            if *claim != Claim::Mate {
                *claim = c;
            }
        }
    }
}

/// Normalises a printed token: see the module's documentation. `None` when it
/// is empty or longer than [`MAX_TOKEN`].
///
/// ```
/// use scoresheet_board::spelling::{normalise, Claim};
/// let n = normalise("Rd8mate.").unwrap();
/// assert_eq!((n.key.as_str(), n.claim), ("rd8", Claim::Mate));
/// assert_eq!(normalise("Kt. takes P.").unwrap().core, "Kt. x P");
/// assert_eq!(normalise("e5‒d4:").unwrap().key, "e5d4");
/// assert_eq!(normalise("Bxc4").unwrap().key, "Bc4");
/// assert_eq!(normalise("bxc4").unwrap().key, "bc4");
/// ```
#[must_use]
pub fn normalise(token: &str) -> Option<Normalised> {
    let token = token.trim();
    if token.is_empty() || token.len() > MAX_TOKEN {
        return None;
    }
    let mut s = String::with_capacity(token.len());
    for c in token.chars() {
        match c {
            c if dash(c) => s.push('-'),
            '×' => s.push('x'),
            '\u{A0}' | '\u{2009}' | '\u{202F}' => s.push(' '),
            c => s.push(c),
        }
    }
    let mut removed = String::new();
    let mut claim = Claim::None;
    strip_end(&mut s, &mut removed, &mut claim);
    // `takes` and `to` as words: the 19th century's capture and move.
    let mut core = String::with_capacity(s.len());
    for (i, word) in s.split(' ').enumerate() {
        if i > 0 {
            core.push(' ');
        }
        match word.to_lowercase().as_str() {
            "takes" | "tks" | "tks." => core.push('x'),
            _ => core.push_str(word),
        }
    }
    if core.trim().is_empty() {
        return None;
    }
    let mut key = String::with_capacity(core.len());
    for c in core.chars() {
        match c {
            ' ' | '.' | '-' | ':' | '=' | '/' | '(' | ')' | '\'' => {}
            'x' | 'X' if !key.is_empty() => {}
            c if Piece::from_figurine(c).is_some() => {
                if let Some(p) = Piece::from_figurine(c) {
                    key.push(p.role.upper_char());
                }
            }
            '¢' => key.push('K'),
            '£' => key.push('Q'),
            '¤' => key.push('N'),
            '¥' => key.push('B'),
            '¦' => key.push('R'),
            c => key.push(c),
        }
    }
    if !key.is_empty() && key.chars().all(|c| matches!(c, '0' | 'O' | 'o')) {
        key = key.replace('0', "O");
    }
    Some(Normalised {
        core: core.trim().to_string(),
        key: fold(&key),
        claim,
        removed,
    })
}

/// Lower case, but for a leading letter that names a file: `Bc4` is a
/// bishop's move, `bc4` a pawn's capture from the b-file; `Cd4` a French
/// knight's, `cd4` a pawn's.
fn fold(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    for (i, c) in key.chars().enumerate() {
        if i == 0 && matches!(c, 'a'..='h' | 'A'..='H') {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// The languages whose piece letters a token is matched with: the game's
/// own and English first, then every other (a French `R` is a king, an
/// English one a rook: the game's reading comes first, and where both are its
/// own the token names both moves).
#[derive(Debug, Clone, Copy)]
enum Tier {
    Own(Option<Language>),
    All,
}

/// Every letter a role is printed with in the languages of `tier`.
fn letters(role: Role, tier: Tier) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::with_capacity(8);
    let mut add = |lang: Language| {
        let l = lang.letter(role);
        if !l.is_empty() && !out.contains(&l) {
            out.push(l);
        }
    };
    match tier {
        // The game's own letters alone (a French `R` is the king, not
        // English's rook), or English where the game has none of its own.
        Tier::Own(lang) => add(lang.unwrap_or(Language::English)),
        Tier::All => Language::COMMON.into_iter().for_each(add),
    }
    out
}

/// Whether the folded key of `letter + middle + promotion` (each promotion
/// letter tried) is `key`.
fn spelled(key: &str, letter: &str, middle: &str, promotion: Option<Role>, tier: Tier) -> bool {
    let mut with = |promo: &str| {
        let mut s = String::with_capacity(letter.len() + middle.len() + promo.len());
        s.push_str(letter);
        s.push_str(middle);
        s.push_str(promo);
        fold(&s) == key
    };
    match promotion {
        None => with(""),
        Some(role) => letters(role, tier).into_iter().any(&mut with),
    }
}

/// The algebraic spellings of `mv` (SAN, long algebraic, UCI, in every
/// language's letters): whether one folds to `key`, and which.
fn algebraic_match(pos: &Position, mv: &Move, key: &str, tier: Tier) -> Option<&'static str> {
    if let Some(side) = mv.castle_side() {
        let k = match side {
            scoresheet_notation::CastleSide::King => "oo",
            scoresheet_notation::CastleSide::Queen => "ooo",
        };
        return (key == k).then_some("castling");
    }
    let san = pos.san(mv);
    // SAN's middle: what follows the piece letter, marks and promotion taken off.
    let mut middle: String = san
        .chars()
        .skip(usize::from(mv.role != Role::Pawn))
        .filter(|c| !matches!(c, 'x' | '+' | '#' | '='))
        .collect();
    if mv.promotion.is_some() {
        middle.pop();
    }
    let lan = format!("{}{}", mv.from, mv.to);
    let to = mv.to.to_string();
    let piece_letters: Vec<&str> = if mv.role == Role::Pawn {
        vec![""]
    } else {
        letters(mv.role, tier)
    };
    for letter in &piece_letters {
        if spelled(key, letter, &middle, mv.promotion, tier) {
            return Some("SAN");
        }
        // The piece and its square alone: a printer's short form, which names
        // every such piece that can go there.
        if !letter.is_empty() && spelled(key, letter, &to, None, tier) {
            return Some("SAN");
        }
        if spelled(key, letter, &lan, mv.promotion, tier) {
            return Some(if letter.is_empty() {
                "UCI"
            } else {
                "long algebraic"
            });
        }
    }
    // UCI names no piece, and a pawn's long form may carry its `P`.
    if mv.role != Role::Pawn && spelled(key, "", &lan, mv.promotion, tier) {
        return Some("UCI");
    }
    None
}

/// The legal moves a descriptive reading of `text` names, on `pos`.
fn descriptive(
    pos: &Position,
    origins: &Origins,
    ctx: &DescContext,
    written: &scoresheet_notation::WrittenMove,
    out: &mut Vec<Move>,
) {
    match resolve_desc(pos, origins, written, ctx) {
        Ok(r) => out.push(r.mv),
        Err(DescResolveError::Ambiguous { moves, .. }) => out.extend(moves),
        Err(_) => {}
    }
}

/// Whether a token that matched no move is plainly not one: a word of prose
/// in any language (letters with no capital but each part's first, neither a
/// move's spelling nor its start), a column rule, a footnote mark or
/// punctuation alone. What it is.
#[must_use]
pub fn not_a_move(token: &str) -> Option<&'static str> {
    let t = token.trim();
    if t.is_empty() {
        return Some("punctuation");
    }
    if t.chars()
        .all(|c| dash(c) || matches!(c, '|' | '_' | '=' | '~' | '¦'))
    {
        return Some("a column rule");
    }
    // A slash between move pairs (`1.e4 e5 / 2.Nf3`), as a newspaper runs a
    // column's rows on in one line.
    if t.chars().all(|c| matches!(c, '/' | '\\')) {
        return Some("a separator");
    }
    // One capital alone names no square, so no move: a diagram's mark (`D`),
    // a figure's or footnote's letter, a pronoun (`I`). Skipped with a
    // warning, as a word is: a move cut short to its letter leaves the count
    // off after it, which the replay then makes an error.
    let mut one = t.trim_matches(['(', ')', '[', ']']).chars();
    if let (Some(c), None) = (one.next(), one.next())
        && c.is_uppercase()
    {
        return Some(LETTER_ALONE);
    }
    if t.chars().all(|c| {
        superscript(c)
            || matches!(
                c,
                '*' | '†' | '‡' | '§' | '¶' | '.' | ',' | ';' | ':' | '!' | '?'
            )
    }) {
        return Some("a footnote mark or punctuation");
    }
    // What a scan leaves of a column's rules, stains and quotes (`■`, `•`, `’`,
    // `~`, `■: :`): no letter, no digit, nothing a move or a claim is written
    // with.
    if t.chars().count() <= MAX_NOISE
        && t.chars().all(|c| {
            c.is_whitespace()
                || !(c.is_alphanumeric()
                    || c.is_control()
                    || c == '\u{FFFD}'
                    || ('\u{E000}'..='\u{F8FF}').contains(&c)
                    || Piece::from_figurine(c).is_some()
                    || matches!(
                        c,
                        '+' | '#'
                            | '='
                            | '('
                            | ')'
                            | '['
                            | ']'
                            | '{'
                            | '}'
                            | '$'
                            | '¢'
                            | '£'
                            | '¤'
                            | '¥'
                            | '¦'
                    ))
        })
    {
        return Some("print noise");
    }
    is_word(t).then_some("a word")
}

/// The most characters of a token of print noise (`■: :`): a longer run of marks is
/// no scan's stain but something else (binary data, a drawing), and stays an error.
const MAX_NOISE: usize = 5;

/// What [`not_a_move`] calls one capital alone (`D`).
pub const LETTER_ALONE: &str = "a letter alone";

/// Whether [`not_a_move`]'s `what` is prose where a move is due (a word, a
/// letter alone): skipped with a warning, never a note, as the text there may
/// stand for a move left out.
#[must_use]
pub fn is_prose(what: &str) -> bool {
    what == "a word" || what == LETTER_ALONE
}

/// Whether `token` is a word of some language's prose, whatever its length:
/// letters, no capital but the first (of each part), with a word's own marks between them
/// (an abbreviation's dots `I.p.v.`, an apostrophe `L'obertura`, a hyphen
/// `Seguiu-se`), punctuation after it aside. A word of three letters or more
/// is one as it stands (the board still asks whether it is a move misread);
/// a shorter one (`y`, `og`, `ou`, `et`), or one with marks inside, only
/// where no move's spelling starts so ([`starts_a_move`]: `e`, `Nf`, `Kt`,
/// `da` are moves cut short) and no grammar reads it as a move.
fn is_word(token: &str) -> bool {
    let word = token.trim_end_matches(['.', ',', ';', ':', '!', '?']);
    let inner = |c: char| matches!(c, '.' | '\'' | '’' | '-');
    let mut letters = 0usize;
    let mut marked = false;
    let mut after_letter = false;
    for c in word.chars() {
        if c.is_alphabetic() {
            if after_letter && !c.is_lowercase() {
                return false;
            }
            letters += 1;
            after_letter = true;
        } else if inner(c) && after_letter {
            marked = true;
            after_letter = false;
        } else {
            return false;
        }
    }
    if letters == 0 || !after_letter {
        return false;
    }
    if letters >= 3 && !marked {
        return true;
    }
    let bare: String = word.chars().filter(|c| c.is_alphabetic()).collect();
    !(starts_a_move(word) || starts_a_move(&bare) || reads_as_move(word) || reads_as_move(&bare))
}

/// Whether some move's spelling, in a notation and language the grammars
/// read, starts with `text`: a move cut short (`e` of `e4`, `Nf` of `Nf3`,
/// `P` of `P-K4`, `k` of `ke4`), never a word. Asked of short tokens only.
fn starts_a_move(text: &str) -> bool {
    ["4", "e4", "xe4", "-e4", "-K4", "4R"]
        .iter()
        .any(|rest| reads_as_move(&format!("{text}{rest}")))
}

/// A check or mate word or mark printed apart from its move (`mate.`, `ch`,
/// `+`, `†`): the claim it makes about the move before it.
///
/// ```
/// use scoresheet_board::spelling::{check_word, Claim};
/// assert_eq!(check_word("mate."), Some(Claim::Mate));
/// assert_eq!(check_word("ch"), Some(Claim::Check));
/// assert_eq!(check_word("+++"), Some(Claim::Check));
/// assert_eq!(check_word("match"), None);
/// ```
#[must_use]
pub fn check_word(token: &str) -> Option<Claim> {
    let word = token
        .trim()
        .trim_end_matches(['.', ',', ';', '!', '?'])
        .to_lowercase();
    // A run of marks apart (`+++`, emphasis or a printer's triple check) is
    // a claim too: of mate where it has a mate mark, else of check.
    if word.chars().count() > 2 && word.chars().all(|c| matches!(c, '+' | '#' | '†' | '‡')) {
        return Some(if word.contains(['#', '‡']) {
            Claim::Mate
        } else {
            Claim::Check
        });
    }
    match word.as_str() {
        "mate" | "checkmate" | "#" | "++" | "‡" => Some(Claim::Mate),
        "ch" | "check" | "+" | "†" | "dis. ch" | "dbl. ch" => Some(Claim::Check),
        _ => None,
    }
}

/// Whether a word is a legal move misread (`Rel` for `Re1`): one of the
/// usual misreadings away from one (never prose to skip).
fn misread_move(pos: &Position, token: &str, letters: Option<Language>) -> bool {
    crate::misprint::suggest(pos, token.as_bytes(), letters)
        .first()
        .is_some_and(|s| s.cost <= crate::misprint::CLOSE)
}

/// Whether some grammar reads `text` as a move, legal or not: algebraic in
/// any language's letters, English or Spanish descriptive.
pub(crate) fn reads_as_move(text: &str) -> bool {
    let bytes = text.as_bytes();
    if scoresheet_notation::parse_move(bytes, 0, scoresheet_notation::Mode::Lenient).is_ok()
        || parse_desc_move(bytes, 0).is_ok()
        || read_spanish(text.to_uppercase().as_bytes(), 0).is_some()
    {
        return true;
    }
    let mut tr = scoresheet_notation::lang::Translation::default();
    Language::ALL.into_iter().any(|lang| {
        scoresheet_notation::lang::translate(bytes, lang, &mut tr).is_ok()
            && scoresheet_notation::parse_move(&tr.bytes, 0, scoresheet_notation::Mode::Lenient)
                .is_ok()
    })
}

/// Whether the move `mv`, played from `pos`, bears out `claim`: `None` when
/// it does (or nothing is claimed), else what it claims (`check`, `mate`).
#[must_use]
pub fn unfounded_claim(pos: &Position, mv: &Move, claim: Claim) -> Option<&'static str> {
    let after = pos.after(mv).ok()?;
    match claim {
        Claim::None => None,
        Claim::Check => (!after.is_check()).then_some("check"),
        Claim::Mate => (!after.is_checkmate()).then_some("mate"),
    }
}

/// The `wrong-check-mark` warning for `mv`, printed `written` at `span`,
/// when it does not bear out its `claim` ([`unfounded_claim`]).
#[must_use]
pub fn unfounded_claim_warning(
    pos: &Position,
    mv: &Move,
    claim: Claim,
    written: &str,
    span: scoresheet_notation::span::Span,
) -> Option<scoresheet_notation::diag::Diagnostic> {
    let what = unfounded_claim(pos, mv, claim)?;
    Some(scoresheet_notation::diag::Diagnostic::new(
        scoresheet_notation::diag::Severity::Warning,
        scoresheet_notation::kind::Kind::WrongCheckMark,
        format!("`{written}` claims {what}, but {} gives none", pos.san(mv)),
        span,
    ))
}

/// Matches a printed token with the spellings of the legal moves of `pos`
/// (see the module's documentation). `origins` are the book's rooks and
/// pawns for descriptive readings (the position's own when `None`).
#[must_use]
pub fn read_token(pos: &Position, origins: Option<&Origins>, token: &str) -> TokenReading {
    read_token_after(pos, origins, None, None, token)
}

/// [`read_token`] after the opponent's move `last` (descriptive recaptures),
/// in a game whose piece letters are `letters`' (English when `None`): a
/// token is matched with English letters and the game's first, with every
/// other language's only when those spell no legal move.
///
/// Where no legal move is spelled as printed, each letter standing where only
/// a rank can is read as the rank readers take it for
/// ([`TokenReading::RankMisread`]).
#[must_use]
pub fn read_token_after(
    pos: &Position,
    origins: Option<&Origins>,
    last: Option<Move>,
    letters: Option<Language>,
    token: &str,
) -> TokenReading {
    let reading = read_as_printed(pos, origins, last, letters, token);
    if reading != TokenReading::Unmatched {
        return reading;
    }
    let mut misread: Option<TokenReading> = None;
    for read in ranks_for_letters(token) {
        match read_as_printed(pos, origins, last, letters, &read) {
            TokenReading::One { mv, claim, .. } => match &misread {
                // Two readings that name two moves: neither is taken.
                Some(TokenReading::RankMisread { mv: other, .. }) if *other != mv => {
                    return reading;
                }
                Some(_) => {}
                None => misread = Some(TokenReading::RankMisread { mv, read, claim }),
            },
            TokenReading::Several(_) => return reading,
            _ => {}
        }
    }
    misread.unwrap_or(reading)
}

/// The most letters of one token read as ranks ([`ranks_for_letters`]): a
/// move has at most two squares.
const MAX_MISREAD_RANKS: usize = 2;

/// `token` with each letter that stands where only a rank can read as a rank
/// it is taken for ([`crate::misprint`]'s confusions): one reading per choice
/// (`l` is read for `1` and for `7`), none when no letter stands so. A letter
/// stands where only a rank can right after a file letter, unless it is a
/// file itself followed by a rank (`Rab1`: `b` is a file).
fn ranks_for_letters(token: &str) -> Vec<String> {
    let chars: Vec<char> = token.chars().collect();
    let mut places: Vec<(usize, Vec<char>)> = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let after_file = i > 0 && chars.get(i - 1).is_some_and(|p| matches!(p, 'a'..='h'));
        let a_file = matches!(c, 'a'..='h') && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if !after_file || a_file || c.is_ascii_digit() {
            continue;
        }
        let ranks: Vec<char> = crate::misprint::ranks_misread_as(c).collect();
        if !ranks.is_empty() {
            if places.len() == MAX_MISREAD_RANKS {
                return Vec::new();
            }
            places.push((i, ranks));
        }
    }
    let mut out: Vec<Vec<char>> = Vec::new();
    if !places.is_empty() {
        out.push(chars);
    }
    for (i, ranks) in &places {
        out = out
            .into_iter()
            .flat_map(|read| {
                ranks.iter().map(move |&rank| {
                    let mut read = read.clone();
                    read[*i] = rank;
                    read
                })
            })
            .collect();
    }
    out.into_iter()
        .map(|read| read.into_iter().collect())
        .collect()
}

/// What the warning on a [`TokenReading::RankMisread`] says: both
/// spellings, and the move read.
///
/// ```
/// use scoresheet_board::spelling::rank_misread_message;
/// assert_eq!(
///     rank_misread_message("Sgl-f3", "Sg1-f3", "Nf3"),
///     "`Sgl-f3` is no move as printed; read as Nf3, printed `Sg1-f3` with the rank `1` misread as `l`"
/// );
/// ```
#[must_use]
pub fn rank_misread_message(printed: &str, read: &str, san: &str) -> String {
    let p: Vec<char> = printed.chars().collect();
    let r: Vec<char> = read.chars().collect();
    let changes: Vec<(String, String)> = if p.len() == r.len() {
        p.iter()
            .zip(&r)
            .filter(|(p, r)| p != r)
            .map(|(p, r)| (p.to_string(), r.to_string()))
            .collect()
    } else {
        // One stretch changed (`li` read as `R`, `Kto` as `K to `): what lies
        // between the common start and the common end of the two.
        let head = p.iter().zip(&r).take_while(|(a, b)| a == b).count();
        let tail = p
            .iter()
            .rev()
            .zip(r.iter().rev())
            .take_while(|(a, b)| a == b)
            .count()
            .min(p.len() - head)
            .min(r.len() - head);
        let cut = |v: &[char]| v[head..v.len() - tail].iter().collect::<String>();
        vec![(cut(&p), cut(&r))]
    };
    let all_ranks = changes
        .iter()
        .all(|(_, r)| r.chars().all(|c| matches!(c, '1'..='8')) && r.chars().count() == 1);
    let listed: Vec<String> = changes
        .iter()
        .map(|(p, r)| {
            if p.replace(' ', "") == r.replace(' ', "") {
                "words run together".to_string()
            } else if p.trim().is_empty() {
                format!("`{}` lost", r.trim())
            } else {
                format!("`{}` misread as `{}`", r.trim(), p.trim())
            }
        })
        .collect();
    let what = if !all_ranks {
        "a scan's misreading:"
    } else if changes.len() == 1 {
        "the rank"
    } else {
        "the ranks"
    };
    format!(
        "`{printed}` is no move as printed; read as {san}, printed `{read}` with {what} {}",
        listed.join(" and ")
    )
}

/// [`read_token_after`] on the token as printed.
fn read_as_printed(
    pos: &Position,
    origins: Option<&Origins>,
    last: Option<Move>,
    letters: Option<Language>,
    token: &str,
) -> TokenReading {
    let Some(n) = normalise(token) else {
        return match not_a_move(token) {
            Some(what) => TokenReading::NotAMove(what),
            None => TokenReading::Unmatched,
        };
    };
    let legal = pos.legal_moves();
    let mut found: Vec<(Move, &'static str)> = Vec::new();
    // A capture mark after the move is a claim it must bear out (`Nc3x` is
    // no `Nc3`; `e5-d4:` is a capture).
    let claims_capture = n.core.trim_end().ends_with(['x', 'X', ':', '×']);
    for tier in [Tier::Own(letters), Tier::Own(None), Tier::All] {
        for mv in legal
            .iter()
            .filter(|m| !claims_capture || m.capture.is_some())
        {
            if let Some(how) = algebraic_match(pos, mv, &n.key, tier) {
                found.push((*mv, how));
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    // Descriptive: read, and resolved by the board (many spellings to one move).
    let own;
    let origins = match origins {
        Some(o) => o,
        None => {
            own = Origins::from_position(pos);
            &own
        }
    };
    let ctx = DescContext {
        lenient: true,
        check_marker: false,
        last_move: last,
    };
    let mut desc = Vec::new();
    if let Ok(w) = parse_desc_move(n.core.as_bytes(), 0) {
        descriptive(pos, origins, &ctx, &w, &mut desc);
    }
    let compact: String = n.core.chars().filter(|c| !matches!(c, ' ' | '.')).collect();
    if desc.is_empty() && compact != n.core {
        if let Ok(w) = parse_desc_move(compact.as_bytes(), 0) {
            descriptive(pos, origins, &ctx, &w, &mut desc);
        }
    }
    for mv in desc.drain(..) {
        if !found.iter().any(|(m, _)| *m == mv) {
            found.push((mv, "descriptive"));
        }
    }
    let upper = compact.to_uppercase();
    if let Some(w) = read_spanish(upper.as_bytes(), 0) {
        descriptive(pos, origins, &ctx, &w, &mut desc);
    }
    for mv in desc {
        if !found.iter().any(|(m, _)| *m == mv) {
            found.push((mv, "Spanish or Portuguese descriptive"));
        }
    }
    match found.len() {
        // A word some grammar reads as a move (`Kte`, an illegal `Bad`) is a
        // move that cannot be played, never prose to skip.
        0 => match not_a_move(token) {
            Some(what)
                if !is_prose(what)
                    || !(reads_as_move(&n.core) || misread_move(pos, token, letters)) =>
            {
                TokenReading::NotAMove(what)
            }
            _ => TokenReading::Unmatched,
        },
        1 => TokenReading::One {
            mv: found[0].0,
            spelling: found[0].1,
            by_claim: false,
            claim: n.claim,
        },
        _ => {
            let fits: Vec<(Move, &'static str)> = found
                .iter()
                .copied()
                .filter(|(m, _)| match n.claim {
                    Claim::None => false,
                    Claim::Check => pos.after(m).is_ok_and(|p| p.is_check()),
                    Claim::Mate => pos.after(m).is_ok_and(|p| p.is_checkmate()),
                })
                .collect();
            if let [(mv, spelling)] = fits.as_slice() {
                TokenReading::One {
                    mv: *mv,
                    spelling,
                    by_claim: true,
                    claim: n.claim,
                }
            } else {
                TokenReading::Several(found.into_iter().map(|(m, _)| m).collect())
            }
        }
    }
}

mod scan;
#[cfg(test)]
mod tests;

pub use scan::read_scan_misread;
