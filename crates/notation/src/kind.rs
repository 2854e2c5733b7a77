//! Every kind of diagnostic, with its stable name and its usual severity.
//!
//! A kind is part of the public contract: the JSON report and the human output
//! name it (`error[illegal-move]`), and scripts match on it. [`Kind`] is the one
//! list: each kind's kebab-case name, the severity it has when a game is read
//! leniently (the lowest it takes), and what it means. `docs/JSON.md`'s table of kinds is generated
//! from it (a test fails when the two differ; `BLESS=1` rewrites the table).
//!
//! ```
//! use scoresheet_notation::{Kind, Severity};
//! assert_eq!(Kind::IllegalMove.name(), "illegal-move");
//! assert_eq!(Kind::from_name("zero-castling"), Some(Kind::ZeroCastling));
//! assert_eq!(Kind::ZeroCastling.severity(), Severity::Warning);
//! assert!(Kind::ALL.len() > 80);
//! ```

use core::fmt;

use crate::diag::Severity;

macro_rules! kinds {
    ($( #[doc = $doc:literal] $variant:ident = $name:literal, $severity:ident; )*) => {
        /// A kind of diagnostic. Its [`Kind::name`] is stable; new kinds may be added.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Kind {
            $( #[doc = $doc] $variant, )*
        }

        impl Kind {
            /// Every kind, in the order of `docs/JSON.md`'s table.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant),*];

            /// The stable kebab-case name (`illegal-move`).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }

            /// The severity of this kind when a game is read leniently:
            /// [`Severity::Error`] for a kind that is always an error, else the
            /// lowest it takes (`wrong-result` is an error when the board shows
            /// mate and a warning elsewhere: a warning here, so its warnings can
            /// be allowed). `--strict` makes every warning an error; a
            /// diagnostic's own [`crate::Diagnostic::severity`] is what counts.
            #[must_use]
            pub const fn severity(self) -> Severity {
                match self {
                    $(Kind::$variant => Severity::$severity,)*
                }
            }

            /// The kind's place in [`Kind::ALL`] (for sets of kinds).
            #[must_use]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// What the kind means, in a sentence.
            #[must_use]
            pub const fn meaning(self) -> &'static str {
                match self {
                    $(Kind::$variant => $doc.trim_ascii_start(),)*
                }
            }
        }
    };
}

kinds! {
    /// No legal move matches what is written.
    IllegalMove = "illegal-move", Error;
    /// Several legal moves match; the candidates are listed.
    AmbiguousMove = "ambiguous-move", Error;
    /// A move in a notation this reader cannot resolve here.
    UnsupportedNotation = "unsupported-notation", Error;
    /// A move after the game ended: an error after mate or stalemate; a note after insufficient material, the 75-move rule or five-fold repetition (the record is what was played).
    MoveAfterEnd = "move-after-end", Note;
    /// The result contradicts the board: an error against a mate or stalemate, a warning where the board only suggests another result or a `*` is completed from it.
    WrongResult = "wrong-result", Warning;
    /// The result after the moves differs from the Result tag.
    ResultMismatch = "result-mismatch", Warning;
    /// The FEN tag (or a book's start position) cannot be read or is not a legal position.
    InvalidFen = "invalid-fen", Error;
    /// Something about the FEN worth knowing that is not wrong.
    FenNote = "fen-note", Note;
    /// Impossible castling rights dropped or missing FEN fields completed.
    FenRepair = "fen-repair", Warning;
    /// SetUp and FEN disagree (SetUp "1" without a FEN is an error under --strict).
    SetupTag = "setup-tag", Warning;
    /// A Variant tag names a variant that is not played; the game is not replayed.
    UnsupportedVariant = "unsupported-variant", Error;
    /// A move number that does not match the position's: a warning in movetext, a note in a book table (whose plies are taken in order).
    MoveNumber = "move-number", Note;
    /// A tag name given twice.
    DuplicateTag = "duplicate-tag", Warning;
    /// A Result tag that is not a result.
    InvalidResultTag = "invalid-result-tag", Warning;
    /// A variation before any move, with no move to be an alternative to.
    VariationWithoutMove = "variation-without-move", Error;
    /// A check or mate mark on a move that does not check or mate.
    WrongCheckMark = "wrong-check-mark", Warning;
    /// A move that checks or mates written without its mark.
    MissingCheckMark = "missing-check-mark", Warning;
    /// `++` for a check (double check or mate in some traditions).
    PlusPlusMark = "plus-plus-mark", Warning;
    /// A capture written without `x`.
    MissingCaptureMark = "missing-capture-mark", Warning;
    /// `x` on a move that takes nothing.
    CaptureMarkOnQuietMove = "capture-mark-on-quiet-move", Warning;
    /// `e.p.` on a move that is not an en passant capture.
    WrongEnPassantMark = "wrong-en-passant-mark", Warning;
    /// With --dedup, a game that repeats an earlier game of the run (the same start and main line; with --dedup=tags the same roster tags too): `duplicate_of` names it.
    Duplicate = "duplicate", Error;
    /// A game over the size cap (16 MiB), skipped and reported; or with more tokens than the parser reads (2^20), an error where they run out; or (library callers only) a game whose text ends past the 4 GiB that spans can locate, not read.
    GameTooLarge = "game-too-large", Error;
    /// The start position of an odds game, given by its FEN (the exchange: given during play, the usual start).
    Odds = "odds", Note;
    /// With --repair, a misprinted book move read as its one clear suggestion.
    Repaired = "repaired", Warning;
    /// A token that cannot be read as a move.
    InvalidMove = "invalid-move", Error;
    /// An empty move.
    EmptyMove = "empty-move", Error;
    /// A tag line that cannot be read.
    InvalidTag = "invalid-tag", Error;
    /// A tag without its closing bracket.
    UnterminatedTag = "unterminated-tag", Error;
    /// A tag value without its closing quote.
    UnterminatedTagString = "unterminated-tag-string", Error;
    /// A quote inside a tag value that is not escaped.
    UnescapedQuote = "unescaped-quote", Warning;
    /// A comment without its closing brace.
    UnterminatedComment = "unterminated-comment", Error;
    /// A closing brace without an opening one.
    UnmatchedBrace = "unmatched-brace", Error;
    /// A closing parenthesis without a variation to close.
    UnmatchedParenthesis = "unmatched-parenthesis", Error;
    /// A variation still open at the end of the game.
    UnclosedVariation = "unclosed-variation", Error;
    /// A character that has no place in movetext.
    UnexpectedCharacter = "unexpected-character", Error;
    /// Text glued after a complete move.
    TrailingCharacters = "trailing-characters", Error;
    /// A `$` without a number from 0 to 255.
    InvalidNag = "invalid-nag", Error;
    /// A move number too large to be one.
    MoveNumberOverflow = "move-number-overflow", Error;
    /// A White move, or the first move, without its number.
    MissingMoveNumber = "missing-move-number", Warning;
    /// A move number with the wrong dots.
    MoveNumberDots = "move-number-dots", Warning;
    /// Dots without a move number.
    StrayDots = "stray-dots", Warning;
    /// No result at the end of the movetext: a warning, a note for a bare move list (which usually ends without one).
    MissingResult = "missing-result", Note;
    /// Moves after the game's result.
    MovetextAfterResult = "movetext-after-result", Error;
    /// A tag line inside the movetext.
    TagAfterMovetext = "tag-after-movetext", Error;
    /// A text without tags or moves.
    NotChess = "not-chess", Error;
    /// Castling written with zeros (`0-0`).
    ZeroCastling = "zero-castling", Warning;
    /// A piece letter in lower case.
    LowercasePiece = "lowercase-piece", Warning;
    /// A pawn move written with `P`.
    PawnLetter = "pawn-letter", Warning;
    /// A dash in a SAN move (`Ng1-f3` read as long algebraic).
    DashInSan = "dash-in-san", Warning;
    /// A capture written with `:` or `×` instead of `x`.
    CaptureMark = "capture-mark", Warning;
    /// A promotion written without `=` or in another form.
    PromotionSpelling = "promotion-spelling", Warning;
    /// `++` written as a check mark.
    PlusPlus = "plus-plus", Warning;
    /// `e.p.` written after a move.
    EnPassantMark = "en-passant-mark", Warning;
    /// A check mark or glyph separated from its move by a space.
    DetachedSuffix = "detached-suffix", Warning;
    /// A null move (`--`, `Z0`).
    NullMove = "null-move", Warning;
    /// A `%` escape line, kept apart.
    EscapeLine = "escape-line", Note;
    /// Tag or comment text not in UTF-8, read as Latin-1 (0x80-0x9F as Windows-1252); once a game.
    Latin1 = "latin-1", Note;
    /// A move in long algebraic notation (`Ng1-f3`, `Ng1f3`), which SAN does not use; once a game.
    LongAlgebraic = "long-algebraic", Warning;
    /// A move in UCI notation (`g1f3`); once a game.
    UciMove = "uci-move", Warning;
    /// A SAN move naming more of its origin than the legal moves need (`Ngf3` where `Nf3` is unique).
    OverDisambiguated = "over-disambiguated", Warning;
    /// An en dash, em dash, non-breaking hyphen or minus sign for `-` in castling, a result, or moves (once a game).
    UnicodeDash = "unicode-dash", Warning;
    /// Castling written `o-o` or `O--O`.
    CastlingSpelling = "castling-spelling", Warning;
    /// A non-breaking space between tokens.
    NonBreakingSpace = "non-breaking-space", Warning;
    /// A byte-order mark inside the text.
    ByteOrderMark = "byte-order-mark", Warning;
    /// An annotation glyph (`±`, `⩱`) after a move, kept as its NAG.
    AnnotationGlyph = "annotation-glyph", Warning;
    /// A `;` comment among the tags.
    CommentAmongTags = "comment-among-tags", Warning;
    /// A tag name with `: - + # =` or letters beyond ASCII.
    TagName = "tag-name", Warning;
    /// A forum's `[pgn]` ... `[/pgn]` wrapper around the game.
    ForumWrapper = "forum-wrapper", Warning;
    /// Piece letters of another language.
    NationalLetters = "national-letters", Warning;
    /// The knight written `Kt`.
    KnightKt = "knight-kt", Warning;
    /// Black's move number written with an ellipsis (`12…`) or two dots.
    MoveNumberEllipsis = "move-number-ellipsis", Warning;
    /// A pawn capture known by its files only (`cd:`), resolved on the board.
    FileCapture = "file-capture", Warning;
    /// A move number written `(12)` or `12)`, as English books of the 1910s printed them.
    ParenthesisedMoveNumber = "parenthesised-move-number", Warning;
    /// A move number written `12/`, as French sites write them.
    SlashMoveNumber = "slash-move-number", Warning;
    /// `- ...` standing for the other side's move, which is not given there.
    MovePlaceholder = "move-placeholder", Warning;
    /// A move written with spaces inside (`e2 - e4`, `C4 x d5`, `Bf8-e 7`), read as one move.
    SpacedMove = "spaced-move", Warning;
    /// Text in square brackets inside the movetext (`[12. Ne2 was better]`), kept as a comment.
    BracketComment = "bracket-comment", Warning;
    /// Parentheses holding prose rather than a variation, kept as a comment.
    ProseInParentheses = "prose-in-parentheses", Warning;
    /// The language of the piece letters cannot be told; the candidates are listed.
    UndecidableLanguage = "undecidable-language", Error;
    /// The piece letters fit languages that read them differently, and only one reading (or several alike) gives legal moves: read so.
    LanguageByMoves = "language-by-moves", Note;
    /// A piece letter no language in use has.
    UnknownPieceLetter = "unknown-piece-letter", Error;
    /// A descriptive move that cannot be read.
    DescSyntax = "desc-syntax", Error;
    /// A move that is not descriptive notation where descriptive is read.
    NotDescriptive = "not-descriptive", Error;
    /// No legal move fits a descriptive move; the suggestions are listed.
    NoLegalReading = "no-legal-reading", Error;
    /// A move named by its effect (`Q. checks.`), settled by the board.
    VagueMove = "vague-move", Note;
    /// No piece of the prefix's origin is on the board: read by wing.
    WingReading = "wing-reading", Note;
    /// The printed check word, or its absence, left one move.
    TieBreakCheckMarker = "tie-break-check-marker", Note;
    /// The one fitting move gives check (or mate, a discovered or double check) and the text says otherwise.
    CheckMarkMismatch = "check-mark-mismatch", Note;
    /// No pawn on the file named fits: the pawn that started on that file is meant.
    PawnOriginReading = "pawn-origin-reading", Note;
    /// The recapture on the last move's square, of several readings.
    TieBreakRecapture = "tie-break-recapture", Warning;
    /// The only reading under which the game goes on farthest.
    TieBreakLookahead = "tie-break-lookahead", Warning;
    /// Origin and wing name different moves; the origin is taken.
    OriginWingConflict = "origin-wing-conflict", Warning;
    /// The piece of that origin cannot make the move; read by wing.
    OriginWingFallback = "origin-wing-fallback", Warning;
    /// Plain `Castles` with both sides legal, read as `O-O`.
    CastlesBothLegal = "castles-both-legal", Warning;
    /// No promotion piece written, a queen taken.
    PromotionAssumedQueen = "promotion-assumed-queen", Warning;
    /// The start position's side to move differs from the table's.
    SideToMove = "side-to-move", Warning;
    /// A descriptive move without its dash (`P K4`).
    MissingDash = "missing-dash", Warning;
    /// A piece written as a figurine.
    Figurine = "figurine", Warning;
    /// A line or remark kept as a comment.
    Commentary = "commentary", Note;
    /// A comma, full stop or semicolon after a move (`1.e4, e5`, `a6.`), skipped.
    SkippedPunctuation = "skipped-punctuation", Note;
    /// Moves, move numbers or results printed without spaces (`1.e4e52.Nf3`), read apart.
    RunTogether = "run-together", Warning;
    /// `1/2` or `½` alone read as a draw.
    ShortDraw = "short-draw", Warning;
    /// A move outside the notation asked for with --from.
    WrongNotation = "wrong-notation", Error;
    /// A move with no descriptive spelling (a null move).
    NoDescriptiveSpelling = "no-descriptive-spelling", Error;
    /// A game's further problems are not listed.
    TooManyDiagnostics = "too-many-diagnostics", Note;
}

impl Kind {
    /// The kind named `name`, if there is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq<&str> for Kind {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

impl PartialEq<str> for Kind {
    fn eq(&self, other: &str) -> bool {
        self.name() == other
    }
}

impl PartialEq<Kind> for &str {
    fn eq(&self, other: &Kind) -> bool {
        *self == other.name()
    }
}

#[cfg(test)]
mod tests;
