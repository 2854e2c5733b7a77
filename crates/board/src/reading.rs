//! How a game unit is written, decided by the board: the one rule every
//! reader of games asks (`validate`, `convert`, `play`, Python, the page and
//! the language server).
//!
//! The game splitter cuts every input into units the same way, whatever they
//! hold (PGN's tag sections and results, a book's `% key: value` headers and
//! end words). A unit is read as PGN movetext first (SAN in any language's
//! letters, LAN, UCI, figurines, compact descriptive); a unit without a PGN
//! tag section may also be a book's move table (numbered rows, spaced and
//! 19th-century descriptive, algebraic in columns, `%` headers). Which one it
//! is, is decided by the board: the reading that plays more plies before its
//! first error wins; on a tie, the one without an error; on a tie again, the
//! table when PGN read descriptive moves (which the table reader reads in
//! every form; when both fail, only where PGN could not read its failing token
//! at all), else PGN. Either reading takes `% key: value` headers as tags. Nothing is decided from a file's name
//! or its first lines, so one file may hold PGN games and book tables.
//!
//! The table is read only for units PGN does not read cleanly (or that carry
//! headers), so games written the usual way pay nothing; both readings are
//! linear in the unit.
//!
//! ```
//! use scoresheet_board::reading::read_unit;
//! use scoresheet_board::replay::ReplayOptions;
//! let options = ReplayOptions::default();
//! // A book's table: PGN stumbles on its first row, the table reads every ply.
//! let table = b"% white: Greco\n1. P. to K's 4th.   1. P. to K's 4th.\n2. Q. to K. R's 5th.   2. K. to his 2nd.\n";
//! let book = read_unit(table, &options, None, None).expect("a table");
//! assert!(book.replay.is_valid());
//! assert_eq!(book.replay.moves.len(), 4);
//! // PGN, even under a `%` line: no table.
//! assert!(read_unit(b"% notes\n1. e4 e5 2. Nf3 Nc6 *\n", &options, None, None).is_none());
//! ```

use scoresheet_notation::caption::read_caption;
use scoresheet_notation::desc::{Book, header_tags, read_book};
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{CommentKind, Game, Token};
use scoresheet_notation::{Diagnostic, Kind, Severity, Span};

use crate::Position;
use crate::replay::{Replay, ReplayOptions, book_start, replay_book_game, replay_from};
use crate::told::parse_game_told;

/// A unit read as a book's move table, replayed.
#[derive(Debug, Clone)]
pub struct BookReading {
    /// The table as read.
    pub book: Book,
    /// Its replay with the descriptive rules, the verdict on the unit (a
    /// `table-by-moves` note first when it played more moves than the PGN
    /// reading, which played some).
    pub replay: Replay,
}

/// What the PGN reading of a unit came to: the plies it played before its
/// first error, whether it had an error, whether its moves were descriptive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnOutcome {
    /// Main-line plies played.
    pub plies: usize,
    /// Whether the reading has no error.
    pub valid: bool,
    /// Whether the movetext held descriptive moves (`P-K4`), which the
    /// table reader reads in every form.
    pub descriptive: bool,
    /// Whether the first error is a token PGN could not read as a move at
    /// all (`invalid-move`), rather than a move read and judged.
    pub unreadable: bool,
    /// Whether the text is one move alone among prose (`lone-move`): an
    /// example a text gives, which no reading makes a game.
    pub lone: bool,
}

impl PgnOutcome {
    /// The outcome of the PGN replay `r` of the parsed `game`.
    #[must_use]
    pub fn of(r: &Replay, game: &Game<'_>) -> PgnOutcome {
        PgnOutcome {
            plies: r.moves.len(),
            valid: r.is_valid(),
            descriptive: game.mainline().any(|m| m.is_descriptive()),
            unreadable: r.first_error().is_some_and(|d| d.kind == Kind::InvalidMove),
            lone: game.diagnostics.iter().any(|d| d.kind == Kind::LoneMove),
        }
    }
}

/// Whether `text` may be a book's table: it has no PGN tag section (a
/// `[FEN "..."]` or `[SetUp "..."]` line is how a table gives its start, and
/// is no tag section).
#[must_use]
pub fn may_be_table(text: &[u8]) -> bool {
    text.split(|&b| b == b'\n' || b == b'\r')
        .map(<[u8]>::trim_ascii_start)
        .filter(|l| l.starts_with(b"["))
        .all(|l| l.starts_with(b"[FEN ") || l.starts_with(b"[SetUp "))
}

/// Whether `text` has a `% key: value` header line (a table's tags).
fn headed(text: &[u8]) -> bool {
    text.split(|&b| b == b'\n' || b == b'\r')
        .map(<[u8]>::trim_ascii_start)
        .any(|l| {
            l.strip_prefix(b"%").is_some_and(|rest| {
                let key = rest
                    .iter()
                    .take(33)
                    .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'_'))
                    .count();
                rest.get(key) == Some(&b':') && rest[..key].iter().any(u8::is_ascii_alphabetic)
            })
        })
}

/// The unit `text` as a book's table, when the board finds that reading
/// better than the PGN reading whose outcome is `pgn` (see the module's
/// documentation for the rule); `start` is `--fen`'s start, which a table's
/// own (a `[FEN]` line, odds) comes before.
#[must_use]
pub fn book_reading(
    text: &[u8],
    pgn: PgnOutcome,
    options: &ReplayOptions,
    start: Option<&Position>,
) -> Option<BookReading> {
    // Most games PGN reads are algebraic with no `%` at all: they pay one
    // scan for it.
    if pgn.valid && !pgn.descriptive && !text.contains(&b'%') {
        return None;
    }
    if !may_be_table(text) || pgn.lone {
        return None;
    }
    let headers = headed(text);
    if pgn.valid && !headers && !pgn.descriptive {
        return None;
    }
    let book = read_book(text);
    if book.plies.is_empty() && !headers {
        return None;
    }
    let mut replay = replay_book_game(&book, book_start(&book, start), options, None);
    let plies = replay.moves.len();
    let valid = replay.is_valid();
    // On a tie, the table where the movetext was descriptive (the table
    // reader reads that in every form) and, both failing, PGN could not even
    // read its failing token. (Headers do not decide: PGN reads them as tags
    // too, `pgn_tags`.)
    let table_kind = pgn.descriptive && (pgn.valid || pgn.unreadable);
    let better = plies > pgn.plies
        || (plies == pgn.plies
            && ((valid && !pgn.valid) || (valid == pgn.valid && table_kind && plies > 0)))
        || (plies == 0 && pgn.plies == 0 && headers && valid >= pgn.valid);
    if !better {
        return None;
    }
    if pgn.plies > 0 && plies > pgn.plies {
        let at = book.plies.first().map_or(Span::new(0, 0), |p| p.span);
        let note = Diagnostic::new(
            Severity::Note,
            Kind::TableByMoves,
            format!(
                "read as a book's move table: {plies} plies legal, against {} as PGN movetext{}",
                pgn.plies,
                if pgn.valid { "" } else { " before an error" }
            ),
            at,
        );
        replay.diagnostics.insert(0, note);
    }
    Some(BookReading { book, replay })
}

/// The tags of a unit the PGN reading won (`game`, parsed from `text`): its
/// tag section, or, when it has none, its `% key: value` headers, read as a
/// table's are ([`Book::tags`]), and the players a caption line above its
/// moves plainly names ([`read_caption`]): a game keeps what is printed
/// above it whichever reading wins.
///
/// ```
/// use scoresheet_board::reading::pgn_tags;
/// use scoresheet_notation::Mode;
/// use scoresheet_notation::pgn::parse_game;
/// let text = b"% site: Paris\n% round: 2\n1. e4 e5 *\n";
/// let game = parse_game(text, 0, Mode::Lenient);
/// let tags = pgn_tags(&game, text);
/// assert_eq!(tags, [("Site".to_owned(), "Paris".to_owned()), ("Round".to_owned(), "2".to_owned())]);
/// ```
#[must_use]
pub fn pgn_tags(game: &Game<'_>, text: &[u8]) -> Vec<(String, String)> {
    if !game.tags.is_empty() {
        return game
            .tags
            .iter()
            .map(|t| (t.name_str().into_owned(), t.value().into_owned()))
            .collect();
    }
    let mut tags = if headed(text) {
        header_tags(text)
    } else {
        Vec::new()
    };
    // A caption line above the moves that plainly names the players.
    let named = |tags: &[(String, String)]| tags.iter().any(|t| t.0 == "White" || t.0 == "Black");
    if !named(&tags) {
        let caption = game
            .tokens
            .iter()
            .take_while(|t| !matches!(t, Token::Move(_)))
            .find_map(|t| match t {
                Token::Comment {
                    kind: CommentKind::Commentary,
                    text,
                    ..
                } => read_caption(&String::from_utf8_lossy(text)),
                _ => None,
            });
        if let Some(caption) = caption {
            for tag in caption.tags() {
                if !tags.iter().any(|t| t.0 == tag.0) {
                    tags.push(tag);
                }
            }
        }
    }
    tags
}

/// Reads the unit `text` as PGN and, when it may be a table, as a table, and
/// gives the table's reading when the board finds it better (`None`: the unit
/// is PGN). For callers that have not replayed the PGN reading themselves;
/// the judge, which has, asks [`book_reading`].
#[must_use]
pub fn read_unit(
    text: &[u8],
    options: &ReplayOptions,
    lang: Option<Language>,
    start: Option<&Position>,
) -> Option<BookReading> {
    if !may_be_table(text) {
        return None;
    }
    let mut game = Game::default();
    parse_game_told(&mut game, text, 0, options.mode(), lang);
    let r = replay_from(&game, options, start);
    book_reading(text, PgnOutcome::of(&r, &game), options, start)
}
