//! Every kind of diagnostic, with its stable name and its usual severity.
//!
//! A kind is part of the public contract: the JSON report and the human output
//! name it (`error[illegal-move]`), and scripts match on it. [`Kind`] is the one
//! list: each kind's kebab-case name, the severity it has when a game is read
//! leniently (the lowest it takes), what it means, an example and how to fix
//! it (`scoresheet explain KIND`). `docs/JSON.md`'s table of kinds is generated
//! from it (a test fails when the two differ; `BLESS=1` rewrites the table).
//!
//! ```
//! use scoresheet_notation::{Kind, Severity};
//! assert_eq!(Kind::IllegalMove.name(), "illegal-move");
//! assert_eq!(Kind::from_name("zero-castling"), Some(Kind::ZeroCastling));
//! assert_eq!(Kind::ZeroCastling.severity(), Severity::Warning);
//! assert!(Kind::ALL.len() > 80);
//! assert_eq!(Kind::MissingCheckMark.example(), "1. e4 f6 2. Qh5 *");
//! assert!(Kind::MissingCheckMark.fix().starts_with("Add `+`"));
//! ```

use core::fmt;

use crate::diag::Severity;

macro_rules! kinds {
    ($(
        #[doc = $doc:literal]
        $variant:ident = $name:literal, $severity:ident,
            example $example:literal,
            fix $fix:literal;
    )*) => {
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

            /// A short text that has this problem: a game, a move list or
            /// a book table as a file would hold it (`scoresheet explain`
            /// shows it with the report it gets). A few kinds only a library
            /// caller or a huge input can meet: for them, a description in
            /// parentheses.
            #[must_use]
            pub const fn example(self) -> &'static str {
                match self {
                    $(Kind::$variant => $example,)*
                }
            }

            /// How to fix the text, in a sentence or two.
            #[must_use]
            pub const fn fix(self) -> &'static str {
                match self {
                    $(Kind::$variant => $fix,)*
                }
            }
        }
    };
}

kinds! {
    /// No legal move matches what is written.
    IllegalMove = "illegal-move", Error,
        example "1. e4 e5 2. Ke3 *",
        fix "Write the move that was played; when it is what the source prints, an earlier move is likely misprinted.";
    /// Several legal moves match; the candidates are listed.
    AmbiguousMove = "ambiguous-move", Error,
        example "1. Nc3 Nc6 2. Nf3 Nf6 3. Nb5 Nb4 4. Nd4 *",
        fix "Add the file or rank of the piece that moved (`Nbd4`, `Nfd4`); the report lists the candidates.";
    /// A move in a notation this reader cannot resolve here.
    UnsupportedNotation = "unsupported-notation", Error,
        example "(a descriptive move handed to the SAN resolver by a library caller)",
        fix "Resolve descriptive moves with the descriptive resolver, or write the move in SAN.";
    /// A move after the game ended: an error after mate or stalemate; a note after insufficient material, the 75-move rule or five-fold repetition (the record is what was played).
    MoveAfterEnd = "move-after-end", Note,
        example "1. f3 e5 2. g4 Qh4# 3. a3 0-1",
        fix "Delete the moves after the end, or correct the move that ended the game too early.";
    /// The result contradicts the board: an error against a mate or stalemate, a warning where the board only suggests another result or a `*` is completed from it.
    WrongResult = "wrong-result", Warning,
        example "1. f3 e5 2. g4 Qh4# 1-0",
        fix "Write the result the board shows (`0-1` after Black mates); `convert --fix-results` writes it.";
    /// The result after the moves differs from the Result tag.
    ResultMismatch = "result-mismatch", Warning,
        example "[Result \"1-0\"]\n\n1. e4 e5 0-1",
        fix "Make the Result tag and the result after the moves the same.";
    /// The FEN tag (or a book's start position) cannot be read or is not a legal position.
    InvalidFen = "invalid-fen", Error,
        example "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *",
        fix "Correct the FEN: six fields, one king of each colour, the side to move not giving check; `scoresheet fen FEN` says what is wrong.";
    /// Something about the FEN worth knowing that is not wrong.
    FenNote = "fen-note", Note,
        example "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K -\"]\n\n1. Kf1 *",
        fix "Nothing is wrong; complete the FEN to six fields if another program needs them.";
    /// Impossible castling rights dropped or missing FEN fields completed.
    FenRepair = "fen-repair", Warning,
        example "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1\"]\n\n1. Kf1 *",
        fix "Write the FEN as the report completes it: castling rights only for a king and rook on their squares, all six fields.";
    /// SetUp and FEN disagree (SetUp "1" without a FEN is an error under --strict).
    SetupTag = "setup-tag", Warning,
        example "[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. Kf1 *",
        fix "Write `[SetUp \"1\"]` beside a FEN tag, and no SetUp tag without one.";
    /// A Variant tag names a variant that is not played; the game is not replayed.
    UnsupportedVariant = "unsupported-variant", Error,
        example "[Variant \"crazyhouse\"]\n\n1. e4 *",
        fix "Nothing to fix in the record: scoresheet replays standard chess and Chess960 only.";
    /// A move number that does not match the position's: a warning in movetext, a note in a book table (whose plies are taken in order).
    MoveNumber = "move-number", Note,
        example "1. e4 e5 3. Nf3 Nc6 *",
        fix "Number the moves as they were played (`2. Nf3`).";
    /// A tag name given twice.
    DuplicateTag = "duplicate-tag", Warning,
        example "[White \"Anderssen\"]\n[White \"Kieseritzky\"]\n\n1. e4 *",
        fix "Keep one of the two tags.";
    /// A Result tag that is not a result.
    InvalidResultTag = "invalid-result-tag", Warning,
        example "[Result \"won\"]\n\n1. e4",
        fix "Write `1-0`, `0-1`, `1/2-1/2` or `*`, and the same result at the end of the movetext.";
    /// A Date, EventDate or UTCDate tag not written YYYY.MM.DD (with ? for what is unknown), or with a month or day that is none.
    InvalidDateTag = "invalid-date-tag", Warning,
        example "[Date \"2025-02-24\"]\n\n1. e4 *",
        fix "Write the date as YYYY.MM.DD with ?? for what is unknown (`2025.02.24`, `1851.??.??`); `convert --fix-tags` rewrites a date that has one clear reading.";
    /// A Round tag that is not a number, numbers joined by dots, ? or -.
    InvalidRoundTag = "invalid-round-tag", Warning,
        example "[Round \"first\"]\n\n1. e4 *",
        fix "Write the round as a number, numbers joined by dots (`3.1`), `?` or `-`.";
    /// A WhiteElo or BlackElo tag that is not an integer (empty or - for a player without a rating).
    InvalidEloTag = "invalid-elo-tag", Warning,
        example "[WhiteElo \"unrated\"]\n\n1. e4 *",
        fix "Write the rating as an integer, or leave the value empty (`convert --fix-tags` empties a value that is not a number).";
    /// A TimeControl tag not in the form of the PGN standard's section 9.6.1 (?, -, or periods joined by colons: moves/seconds, seconds, seconds+increment, *seconds).
    InvalidTimeControlTag = "invalid-time-control-tag", Warning,
        example "[TimeControl \"5 min\"]\n\n1. e4 *",
        fix "Write the time control as the PGN standard says: `?`, `-`, or periods joined by colons (`40/7200:3600`, `300+2`, `*60`).";
    /// A PlyCount tag that is not the number of plies of the main line.
    WrongPlyCount = "wrong-ply-count", Warning,
        example "[PlyCount \"3\"]\n\n1. e4 e5 *",
        fix "Write the number of plies of the main line, or let `convert --fix-tags` recompute it.";
    /// An ECO tag that is not a letter A-E and two digits (optionally /two digits).
    InvalidEcoTag = "invalid-eco-tag", Warning,
        example "[ECO \"C9\"]\n\n1. e4 *",
        fix "Write a letter A-E and two digits (`C42`), or let `--eco` classify the game.";
    /// With --eco, an ECO, Opening or Variation tag that is not what the game's positions are named in lichess's opening table (the deepest named position of the first 40 plies).
    WrongOpeningTag = "wrong-opening-tag", Warning,
        example "[ECO \"C00\"]\n[Opening \"French Defense\"]\n\n1. d4 c6 2. e4 d5 *",
        fix "Write the code and name the message gives (`convert --eco` writes the ECO, Opening and Variation tags from the positions).";
    /// A Termination tag that is none of the standard's (abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit, unterminated).
    InvalidTerminationTag = "invalid-termination-tag", Warning,
        example "[Termination \"checkmate\"]\n\n1. e4 *",
        fix "Use one of the standard's words: abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit, unterminated.";
    /// A Mode tag that is none of the standard's (OTB, PM, EM, ICS, TC).
    InvalidModeTag = "invalid-mode-tag", Warning,
        example "[Mode \"online\"]\n\n1. e4 *",
        fix "Use one of the standard's modes: OTB, PM, EM, ICS, TC.";
    /// With --fix-tags, a tag value written in the standard's form, or a tag of the seven-tag roster added.
    TagFixed = "tag-fixed", Note,
        example "[Date \"2025-02-24\"]\n\n1. e4 *",
        fix "Nothing to fix: the note says what `--fix-tags` changed; drop `--fix-tags` to keep the values as written.";
    /// A variation before any move, with no move to be an alternative to.
    VariationWithoutMove = "variation-without-move", Error,
        example "(1. d4) 1. e4 *",
        fix "Put the variation after the move it is an alternative to.";
    /// A check or mate mark on a move that does not check or mate.
    WrongCheckMark = "wrong-check-mark", Warning,
        example "1. e4+ e5 *",
        fix "Delete the `+` or `#`, or correct the move.";
    /// A move that checks or mates written without its mark.
    MissingCheckMark = "missing-check-mark", Warning,
        example "1. e4 f6 2. Qh5 *",
        fix "Add `+` (or `#` for mate) to the move.";
    /// `++` for a check (double check or mate in some traditions).
    PlusPlusMark = "plus-plus-mark", Warning,
        example "1. e4 f6 2. Qh5++ *",
        fix "Write `+` for check and `#` for mate.";
    /// A capture written without `x`.
    MissingCaptureMark = "missing-capture-mark", Warning,
        example "1. e4 d5 2. ed5 *",
        fix "Add `x` (`exd5`).";
    /// `x` on a move that takes nothing.
    CaptureMarkOnQuietMove = "capture-mark-on-quiet-move", Warning,
        example "1. e4 e5 2. Nxf3 *",
        fix "Delete the `x`, or correct the move.";
    /// A long-algebraic move names the piece it takes (`Nd7xNe5`), and the piece on that square is another.
    WrongPieceTaken = "wrong-piece-taken", Warning,
        example "1. e2-e4 d7-d5 2. e4xNd5 *",
        fix "Name the piece the move takes, or leave the name out (`e4xd5`); a wrong name is often a misprint of the move.";
    /// `e.p.` on a move that is not an en passant capture.
    WrongEnPassantMark = "wrong-en-passant-mark", Warning,
        example "1. e4 e5 2. d4 e.p. *",
        fix "Delete `e.p.`, or correct the move.";
    /// With --dedup, a game that repeats an earlier game of the run (the same start and main line; with --dedup=tags the same roster tags too): `duplicate_of` names it.
    Duplicate = "duplicate", Error,
        example "1. e4 e5 *\n\n1. e4 e5 *",
        fix "Delete one of the games, or run without --dedup.";
    /// A game over the size cap (16 MiB), skipped and reported; or with more tokens than the parser reads (2^20), an error where they run out; or (library callers only) a game whose text ends past the 4 GiB that spans can locate, not read.
    GameTooLarge = "game-too-large", Error,
        example "(a game of more than 16 MiB)",
        fix "Split the text into games: a game so large is almost always a file whose games are not separated.";
    /// The start position of an odds game, given by its FEN (the exchange: given during play, the usual start).
    Odds = "odds", Note,
        example "% title: Game played at the odds of the exchange.\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n",
        fix "Nothing is wrong; read the note.";
    /// With --repair, a misprinted book move read as its one clear suggestion.
    Repaired = "repaired", Warning,
        example "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-Kt5 P-QR3\n4. B-R4 Kt-KB3\n5. Castles B-K2\n6. R-K1 P-QKt4\n7. B-Kt3 P-Q3\n8. P-B3 Castles\n9. P-KR8 Kt-QR4\n",
        fix "Check the move against the source and write it as the report reads it.";
    /// A token that cannot be read as a move.
    InvalidMove = "invalid-move", Error,
        example "1. e4 e5 2. Nf9 *",
        fix "Correct the token: a move names a piece and a square on the board (`Nf3`).";
    /// An empty move.
    EmptyMove = "empty-move", Error,
        example "(a move token with nothing in it, handed to the parser by a library caller)",
        fix "Give the move's text.";
    /// A tag line that cannot be read.
    InvalidTag = "invalid-tag", Error,
        example "[White]\n\n1. e4 *",
        fix "Write a tag as `[Name \"value\"]`.";
    /// A tag without its closing bracket.
    UnterminatedTag = "unterminated-tag", Error,
        example "[White \"Anderssen\"\n\n1. e4 *",
        fix "Close the tag with `]`.";
    /// A tag value without its closing quote.
    UnterminatedTagString = "unterminated-tag-string", Error,
        example "[White \"Anderssen]\n\n1. e4 *",
        fix "Close the value with `\"`.";
    /// A quote inside a tag value that is not escaped.
    UnescapedQuote = "unescaped-quote", Warning,
        example "[Event \"The \"Immortal\" game\"]\n\n1. e4 *",
        fix "Write a quote inside a value as `\\\"`.";
    /// A comment without its closing brace.
    UnterminatedComment = "unterminated-comment", Error,
        example "1. e4 { best by test e5 *",
        fix "Close the comment with `}`.";
    /// A closing brace without an opening one.
    UnmatchedBrace = "unmatched-brace", Error,
        example "1. e4 } e5 *",
        fix "Delete the `}` or add the `{` that opens the comment.";
    /// A closing parenthesis without a variation to close.
    UnmatchedParenthesis = "unmatched-parenthesis", Error,
        example "1. e4 e5 ) 2. Nf3 *",
        fix "Delete the `)` or add the `(` that opens the variation.";
    /// A variation still open at the end of the game, read strictly (read leniently, a page cut off: `cut-variation`).
    UnclosedVariation = "unclosed-variation", Error,
        example "1. e4 e5 (1... c5 2. Nf3 *",
        fix "Close the variation with `)`.";
    /// A variation or parenthesised note still open where the game's text ends (a page cut off inside a note): the game is read up to the `(`, the rest kept as a comment.
    CutVariation = "cut-variation", Warning,
        example "1. e4 e6 2. d4 d5 3. e5 c5 (Black need not fear this advance, for",
        fix "Close the note with `)` where it ends, or find the page that goes on.";
    /// A character that has no place in movetext.
    UnexpectedCharacter = "unexpected-character", Error,
        example "1. e4 e5 2. Nf3 ] *",
        fix "Delete the character, or put it in a comment `{...}`.";
    /// A stretch of binary data (control characters no text holds: a damaged disk block, zeros or random bytes spliced into the file), reported once for the whole stretch; the games after it are read.
    BinaryData = "binary-data", Error,
        example "1. e4 e5 \x00\x00\x01\x02\x00 2. Nf3 *",
        fix "Restore the damaged part of the file from a copy, or delete it: the games around it are read as they are.";
    /// Text glued after a complete move.
    TrailingCharacters = "trailing-characters", Error,
        example "1. e4 e5 2. Nf3abc *",
        fix "Separate the move from what follows with a space, or delete the text.";
    /// A `$` without a number from 0 to 255.
    InvalidNag = "invalid-nag", Error,
        example "1. e4 $300 e5 *",
        fix "Write a NAG from `$0` to `$255`.";
    /// A move number too large to be one.
    MoveNumberOverflow = "move-number-overflow", Error,
        example "99999999999999999999. e4 *",
        fix "Correct the move number.";
    /// A White move, or the first move, without its number.
    MissingMoveNumber = "missing-move-number", Warning,
        example "e4 e5 2. Nf3 *",
        fix "Write the number before White's move (`1. e4`).";
    /// A move number with the wrong dots.
    MoveNumberDots = "move-number-dots", Warning,
        example "1.. e4 e5 *",
        fix "Write `1.` before White's move and `1...` before Black's.";
    /// Dots without a move number.
    StrayDots = "stray-dots", Warning,
        example "1. e4 ... e5 *",
        fix "Delete the dots, or write the move number before them.";
    /// No result at the end of the movetext: a warning, a note for a bare move list (which usually ends without one).
    MissingResult = "missing-result", Note,
        example "1. e4 e5",
        fix "End the movetext with the result (`1-0`, `0-1`, `1/2-1/2` or `*`).";
    /// Moves after the game's result.
    MovetextAfterResult = "movetext-after-result", Error,
        example "1. e4 e5 1-0 2. Nf3 *",
        fix "Delete the moves after the result, or move the result to the end.";
    /// A tag line inside the movetext.
    TagAfterMovetext = "tag-after-movetext", Error,
        example "(a tag line inside one game's movetext, handed to the parser by a library caller; files are split into games before such a line)",
        fix "Start a new game before the tag with a blank line, or end the game with its result.";
    /// A text without tags or moves.
    NotChess = "not-chess", Error,
        example "Dear reader, the games follow.",
        fix "Nothing to fix if the text is not a game; otherwise make it tags and moves.";
    /// A page's number or running title among the moves (`112`, `112 THE RUY LOPEZ`), where the printed numbering goes on after it: skipped.
    PageLine = "page-line", Note,
        example "1. e4 e5 2. Nf3 Nc6\n\n112\n\n3. Bb5 a6 *",
        fix "Nothing to fix: the line is the page's, not the game's; delete it to silence the note.";
    /// A line of a board diagram printed as text among the moves (a frame `+--------+`, a row `|r+b1k+n4|` set in a chess font, `8 | r . b q k . . r |`): skipped.
    DiagramText = "diagram-text", Note,
        example "1. e4 e5\n+--------+\n|r.bqkbnr|\n+--------+\n2. Nf3 *",
        fix "Nothing to fix: the diagram shows the position; delete its lines to silence the note.";
    /// One move alone among lines of prose, with no tags and no result: an example a text gives, not a game.
    LoneMove = "lone-move", Error,
        example "The left half of the page is White's, for example\n\n1. e2e4\n\nand the right half is Black's.",
        fix "Nothing to fix if the text only shows a move; otherwise print the game's other moves or its result.";
    /// Castling written with zeros (`0-0`).
    ZeroCastling = "zero-castling", Warning,
        example "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *",
        fix "Write castling with the letter O (`O-O`).";
    /// A piece letter in lower case.
    LowercasePiece = "lowercase-piece", Warning,
        example "1. e4 e5 2. nf3 *",
        fix "Write the piece letter in upper case (`Nf3`).";
    /// A pawn move written with `P`.
    PawnLetter = "pawn-letter", Warning,
        example "1. Pe4 e5 *",
        fix "Write a pawn move without a letter (`e4`).";
    /// A dash in a SAN move (`Ng1-f3` read as long algebraic).
    DashInSan = "dash-in-san", Warning,
        example "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Na5 10. B-c2 *",
        fix "Write SAN without a dash (`Bc2`).";
    /// A capture written with `:` or `×` instead of `x`.
    CaptureMark = "capture-mark", Warning,
        example "1. e4 d5 2. e:d5 *",
        fix "Write captures with `x` (`exd5`).";
    /// A promotion written without `=` or in another form.
    PromotionSpelling = "promotion-spelling", Warning,
        example "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8Q+ *",
        fix "Write a promotion with `=` (`a8=Q`).";
    /// `++` written as a check mark.
    PlusPlus = "plus-plus", Warning,
        example "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. Ra8++ *",
        fix "Write `+` for check and `#` for mate.";
    /// `e.p.` written after a move.
    EnPassantMark = "en-passant-mark", Warning,
        example "1. e4 a6 2. e5 d5 3. exd6e.p. *",
        fix "Delete `e.p.`: SAN writes an en passant capture as any other (`exd6`).";
    /// A check mark or glyph separated from its move by a space.
    DetachedSuffix = "detached-suffix", Warning,
        example "1. e4 f6 2. Qh5 + *",
        fix "Write the mark right after the move (`Qh5+`).";
    /// A null move (`--`, `Z0`).
    NullMove = "null-move", Warning,
        example "1. e4 -- 2. d4 *",
        fix "Nothing to fix if the null move is meant (analysis); a game as played has none.";
    /// A `%` escape line, kept apart.
    EscapeLine = "escape-line", Note,
        example "% exported by a database\n1. e4 e5 *",
        fix "Nothing is wrong; read the note.";
    /// Tag or comment text not in UTF-8, read as Latin-1 (0x80-0x9F as Windows-1252); once a game.
    Latin1 = "latin-1", Note,
        example "[White \"Müller\"]\n\n1. e4 *",
        fix "Save the file as UTF-8.";
    /// A move in long algebraic notation (`Ng1-f3`, `Ng1f3`), which SAN does not use; once a game.
    LongAlgebraic = "long-algebraic", Warning,
        example "1. e2-e4 e7-e5 *",
        fix "Write SAN (`e4`); `scoresheet convert --to san` writes it.";
    /// A move in UCI notation (`g1f3`); once a game.
    UciMove = "uci-move", Warning,
        example "1. e2e4 e7e5 *",
        fix "Write SAN (`e4`); `scoresheet convert --to san` writes it.";
    /// A SAN move naming more of its origin than the legal moves need (`Ngf3` where `Nf3` is unique).
    OverDisambiguated = "over-disambiguated", Warning,
        example "1. Ngf3 *",
        fix "Write the move with only as much of its origin as the legal moves need (`Nf3`).";
    /// An en dash, em dash, non-breaking hyphen or minus sign for `-` in castling, a result, or moves (once a game).
    UnicodeDash = "unicode-dash", Warning,
        example "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O\u{2013}O *",
        fix "Write an ASCII hyphen `-`.";
    /// Castling written `o-o` or `O--O`.
    CastlingSpelling = "castling-spelling", Warning,
        example "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o *",
        fix "Write castling as `O-O` or `O-O-O`.";
    /// A non-breaking space between tokens.
    NonBreakingSpace = "non-breaking-space", Warning,
        example "1. e4\u{a0}e5 *",
        fix "Write an ordinary space.";
    /// A byte-order mark inside the text.
    ByteOrderMark = "byte-order-mark", Warning,
        example "1. e4 \u{feff}e5 *",
        fix "Delete the byte-order mark (left where files were joined).";
    /// An annotation glyph (`±`, `⩱`) after a move, kept as its NAG.
    AnnotationGlyph = "annotation-glyph", Warning,
        example "1. e4 e5 2. Nf3 ± *",
        fix "Write the NAG (`$14`) or drop the glyph.";
    /// A `;` comment among the tags.
    CommentAmongTags = "comment-among-tags", Warning,
        example "[White \"Anderssen\"]\n; from the book\n[Black \"Kieseritzky\"]\n\n1. e4 *",
        fix "Move the comment into the movetext as `{...}`.";
    /// A tag name with `: - + # =` or letters beyond ASCII.
    TagName = "tag-name", Warning,
        example "[White:Elo \"2600\"]\n\n1. e4 *",
        fix "Name tags with letters, digits and `_` only (`WhiteElo`).";
    /// A forum's `[pgn]` ... `[/pgn]` wrapper around the game.
    ForumWrapper = "forum-wrapper", Warning,
        example "[pgn]1. e4 e5 *[/pgn]",
        fix "Delete the `[pgn]` and `[/pgn]` marks.";
    /// Piece letters of another language.
    NationalLetters = "national-letters", Warning,
        example "1. e4 e5 2. Sf3 Sc6 *",
        fix "Write English letters (`Nf3`); `scoresheet convert --to san` writes them.";
    /// Piece letters of more than one language in one game (Polish `Hxd5` beside English `Qa5`).
    MixedPieceLetters = "mixed-piece-letters", Warning,
        example "1. e4 e5 2. Nf3 Nc6 3. Gb5 a6 *",
        fix "Write English letters throughout (`Bb5`); `scoresheet convert --to san` writes them.";
    /// The knight written `Kt`.
    KnightKt = "knight-kt", Warning,
        example "1. e4 e5 2. Ktf3 *",
        fix "Write the knight `N` (`Nf3`).";
    /// Black's move number written with an ellipsis (`12…`) or two dots.
    MoveNumberEllipsis = "move-number-ellipsis", Warning,
        example "1. e4 1… e5 *",
        fix "Write Black's move number with three dots (`1...`).";
    /// A pawn capture known by its files only (`cd:`), resolved on the board.
    FileCapture = "file-capture", Warning,
        example "1. e4 d5 2. ed *",
        fix "Write the capture in SAN (`exd5`).";
    /// A move number written `(12)` or `12)`, as English books of the 1910s printed them.
    ParenthesisedMoveNumber = "parenthesised-move-number", Warning,
        example "(1) e4 e5 (2) Nf3 *",
        fix "Write move numbers as `1.`.";
    /// A move number written `12/`, as French sites write them.
    SlashMoveNumber = "slash-move-number", Warning,
        example "1/ e4 e5 2/ Nf3 *",
        fix "Write move numbers as `1.`.";
    /// `- ...` standing for the other side's move, which is not given there.
    MovePlaceholder = "move-placeholder", Warning,
        example "1. e4 e5 2. Nf3 Nc6 3. Bb5 - ... 4. Ba4 *",
        fix "Delete the placeholder, or write the move it stands for.";
    /// A move written with spaces inside (`e2 - e4`, `C4 x d5`, `Bf8-e 7`), read as one move.
    SpacedMove = "spaced-move", Warning,
        example "1. e2 - e4 e5 *",
        fix "Write the move without spaces (`e4`).";
    /// Text in square brackets inside the movetext (`[12. Ne2 was better]`), kept as a comment.
    BracketComment = "bracket-comment", Warning,
        example "1. e4 e5 [2. Nf3 was usual] 2. f4 *",
        fix "Write comments in braces (`{2. Nf3 was usual}`).";
    /// Parentheses holding prose rather than a variation, kept as a comment.
    ProseInParentheses = "prose-in-parentheses", Warning,
        example "1. e4 e5 2. f4 (the King's Gambit) exf4 *",
        fix "Write comments in braces (`{the King's Gambit}`).";
    /// The language of the piece letters cannot be told; the candidates are listed.
    UndecidableLanguage = "undecidable-language", Error,
        example "1. e3 e6 2. Se2 *",
        fix "Give the language with `--lang CODE` (`--lang de`).";
    /// The piece letters fit languages that read them differently, and only one reading (or several alike) gives legal moves: read so.
    LanguageByMoves = "language-by-moves", Note,
        example "1. e4 e5 2. Sf3 Sc6 3. d4 exd4 4. Sxd4 *",
        fix "Nothing is wrong; give the language with `--lang` to be sure.";
    /// Piece letters no language lists, learned for the game from its legal moves (one letter one piece, each used consistently): read so.
    LearnedLetters = "learned-letters", Warning,
        example "1. e4 e5 2. Yf3 Yc6 3. Ub5 a6 4. Ua4 Yf6 *",
        fix "Check the letters the warning names; write the game with English letters (`convert`).";
    /// A game unit read as a book's move table, not as PGN movetext: the table's reading plays more of it.
    TableByMoves = "table-by-moves", Note,
        example "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B. to Q. B.'s 4th.   B. to Q. B.'s 4th.\n",
        fix "Nothing is wrong; read the note.";
    /// A piece letter no language in use has.
    UnknownPieceLetter = "unknown-piece-letter", Error,
        example "1. e4 e5 2. Lc4 *",
        fix "Correct the piece letter, or give the language the game is written in with `--lang CODE`.";
    /// A descriptive move that cannot be read.
    DescSyntax = "desc-syntax", Error,
        example "1. P-K4 P-K4\n2. Kt-KB3 Kt-Q-B3\n",
        fix "Correct the move as the source prints it.";
    /// A move that is not descriptive notation where descriptive is read.
    NotDescriptive = "not-descriptive", Error,
        example "1. P-K4 P-K4\n2. Nf5 Kt-QB3\n",
        fix "Write the move in descriptive notation like the rest of the game, or the whole game in SAN.";
    /// No legal move fits a descriptive move; the suggestions are listed.
    NoLegalReading = "no-legal-reading", Error,
        example "1. P-K4 P-K4\n2. Kt-K5 Kt-QB3\n",
        fix "Correct the move: the report lists the legal moves nearest to it.";
    /// A move named by its effect (`Q. checks.`), settled by the board.
    VagueMove = "vague-move", Note,
        example "1. P-K4 P-KB3\n2. Q. checks. P-KKt3\n",
        fix "Nothing is wrong; read the note.";
    /// No piece of the prefix's origin is on the board: read by wing.
    WingReading = "wing-reading", Note,
        example "[FEN \"4k3/8/8/8/3N4/6N1/8/4K3 w - - 0 1\"]\n1. KN-K2 K-Q2\n2. K-Q2 K-K2\n",
        fix "Nothing is wrong; read the note.";
    /// The printed check word, or its absence, left one move.
    TieBreakCheckMarker = "tie-break-check-marker", Note,
        example "1. P-K4 P-K3\n2. P-Q4 P-Q4\n3. N-QB3 B-N5\n4. B-N5ch B-Q2\n",
        fix "Nothing is wrong; name the wing (`B-QN5`) so the check word is not needed to tell the move.";
    /// The one fitting move gives check (or mate, a discovered or double check) and the text says otherwise.
    CheckMarkMismatch = "check-mark-mismatch", Note,
        example "1. P-K4 P-KB3\n2. Q-R5 P-KKt3\n",
        fix "Add the check word (`ch`) to the move, or correct the move.";
    /// No pawn on the file named fits: the pawn that started on that file is meant.
    PawnOriginReading = "pawn-origin-reading", Note,
        example "1. P-QKt4 P-QB4\n2. Kts P takes P P-K4\n3. Q. Kt. P. to B. 6 Kt-KB3\n",
        fix "Nothing is wrong; name the pawn by the file it stands on (`QBP-B6`).";
    /// The recapture on the last move's square, of several readings.
    TieBreakRecapture = "tie-break-recapture", Warning,
        example "[FEN \"4k3/8/8/1p6/2P3p1/8/4B3/4K3 b - - 0 1\"]\n1. ... PxP\n2. BxP K-Q2\n",
        fix "Name the square (`BxQBP`) so no tie-break is needed.";
    /// The only reading under which the game goes on farthest.
    TieBreakLookahead = "tie-break-lookahead", Warning,
        example "1. P-K4 P-K4\n2. N-KB3 N-QB3\n3. B-N5 P-QR3\n4. P-Q3 P-Q3\n5. B-N5 P-KR3\n6. B-R4 P-QN4\n7. B-QN3 N-B3\n",
        fix "Name the wing (`B-QR4`) so no tie-break is needed.";
    /// Origin and wing name different moves; the origin is taken.
    OriginWingConflict = "origin-wing-conflict", Warning,
        example "1. P-K4 P-QR3\n2. N-KB3 P-QR4\n3. N-Q4 P-KR3\n4. N-QB3 P-KR4\n5. N(B3)-K2 KR-R3\n6. N-KN3 R-KN3\n7. KN-K2 P-QR5\n",
        fix "Name the piece by the square it stands on (`N(Q4)-K2`).";
    /// The piece of that origin cannot make the move; read by wing.
    OriginWingFallback = "origin-wing-fallback", Warning,
        example "1. P-Q4 P-QR3\n2. N-Q2 P-QR4\n3. QN-KB3 P-KR3\n4. KN-K5 P-KR4\n",
        fix "Name the piece by the square it stands on, or by the wing it stands on.";
    /// Plain `Castles` with both sides legal, read as `O-O`.
    CastlesBothLegal = "castles-both-legal", Warning,
        example "1. P-Q4 P-Q4\n2. N-QB3 N-QB3\n3. B-B4 B-B4\n4. Q-Q2 Q-Q2\n5. N-B3 N-B3\n6. P-K3 P-K3\n7. B-K2 B-K2\n8. Castles Castles (Q's side)\n",
        fix "Write the side: `Castles (K's side)`, `O-O` or `O-O-O`.";
    /// No promotion piece written, a queen taken.
    PromotionAssumedQueen = "promotion-assumed-queen", Warning,
        example "[FEN \"8/3P3k/8/8/8/8/8/4K3 w - - 0 1\"]\n1. P-Q8 K-Kt3\n2. Q-Q3 ch K-Kt4\n",
        fix "Name the piece (`P-Q8(Q)`).";
    /// The start position's side to move differs from the table's.
    SideToMove = "side-to-move", Warning,
        example "(a book table whose first row is White's, started by a library caller from a position with Black to move)",
        fix "Give the side that moves first in the FEN, or start the table with `1. ...` for Black.";
    /// A descriptive move without its dash (`P K4`).
    MissingDash = "missing-dash", Warning,
        example "1. P K4 P-K4\n2. Kt-KB3 Kt-QB3\n",
        fix "Write the dash (`P-K4`).";
    /// A piece written as a figurine.
    Figurine = "figurine", Warning,
        example "1. e4 e5 2. ♘f3 *",
        fix "Write the piece letter (`Nf3`).";
    /// A line or remark kept as a comment; a warning when, after the game's last move, it still names the move due with a legal move (the game may go on there, read short).
    Commentary = "commentary", Note,
        example "1. P-K4 P-K4\nThe usual opening.\n2. Kt-KB3 Kt-QB3\n",
        fix "Nothing is wrong; read the note. Where a warning names moves the game goes on with, write them as moves, without the words before them.";
    /// A comma, full stop or semicolon after a move (`1.e4, e5`, `a6.`), skipped.
    SkippedPunctuation = "skipped-punctuation", Note,
        example "1. e4, e5 2. Nf3 *",
        fix "Nothing is wrong; the note says what was skipped (remove the punctuation for strict PGN).";
    /// A dash printed between White's move and Black's (`1. e4 – e5 2. Nf3 – Nc6`): a separator, skipped; where the pair also reads as one long-algebraic move (`e4 – e5`, from e4 to e5) that is illegal, the two moves are read.
    DashBetweenMoves = "dash-between-moves", Note,
        example "1. e4 – e5 2. Nf3 – Nc6 *",
        fix "Nothing is wrong; write the moves apart without the dash for strict PGN.";
    /// A token no grammar reads (`Nf3ch`, `Rd8mate.`, `NF3`), read as the one legal move spelled so; a warning where that move is spelled only with a letter standing where a rank must read as the rank a scan takes it for (`Sgl-f3`, `l` for `1`).
    ReadBySpelling = "read-by-spelling", Note,
        example "1. e4 e5 2. Nf3ch Nc6 *",
        fix "Nothing is wrong; the note says which move the token was read as (write it in SAN for strict PGN).";
    /// A column rule, a slash between move pairs, a footnote mark or a check mark printed apart where a move stands, or a note between the moves up to where the game's numbering goes on, skipped; a warning for a word of prose in any language where a move is due (`y`, `og`, `then`: no legal move, nor one misprinted or cut short, is spelled so) or a capital alone (a diagram's `D`: it names no square), and when a note skipped after the game's last move names the move due with a legal move (the game may go on there, read short).
    SkippedWord = "skipped-word", Note,
        example "1. e4 e5 2. Nf3 then Nc6 *",
        fix "Nothing is wrong when the word is not a move; put prose in `{ }` for strict PGN. Where a warning names moves the game goes on with, write them as moves, without the words before them.";
    /// A language's case ending glued to a move by a hyphen, an apostrophe or a colon (Hungarian `Hc3-mal`, Turkish `Af3'ten`, Finnish `Rf3:lla`), skipped.
    CaseEnding = "case-ending", Note,
        example "1. e4 e5 2. Nf3-mal Nc6 *",
        fix "Nothing is wrong; the note says what was skipped (write the move alone for strict PGN).";
    /// Moves, move numbers or results printed without spaces (`1.e4e52.Nf3`), read apart.
    RunTogether = "run-together", Warning,
        example "1.e4e52.Nf3Nc6 *",
        fix "Put a space between moves and move numbers (`1. e4 e5 2. Nf3 Nc6`); `convert --to pgn` writes them apart.";
    /// `1/2` or `½` alone read as a draw.
    ShortDraw = "short-draw", Warning,
        example "1. e4 e5 1/2",
        fix "Write the draw as `1/2-1/2`.";
    /// A move outside the notation asked for with --from.
    WrongNotation = "wrong-notation", Error,
        example "1. e2e4 e7e5 *",
        fix "Convert with `--from auto`, or write the moves in the notation named.";
    /// A move with no descriptive spelling (a null move).
    NoDescriptiveSpelling = "no-descriptive-spelling", Error,
        example "1. e4 -- 2. d4 *",
        fix "Convert to SAN, LAN or UCI, which write null moves.";
    /// A move strict PGN has no spelling for (a null move): the game is not exported.
    NoPgnSpelling = "no-pgn-spelling", Error,
        example "1. e4 -- 2. d4 *",
        fix "Convert to SAN, LAN or UCI, which write null moves, or take the null move out.";
    /// A game's further problems are not listed.
    TooManyDiagnostics = "too-many-diagnostics", Note,
        example "(a game with hundreds of problems)",
        fix "Fix the problems listed first and run again.";
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
