//! Strict PGN export (PGN standard 1994, section 8).
//!
//! - The seven tag roster first, in order (`Event`, `Site`, `Date`, `Round`, `White`,
//!   `Black`, `Result`), `?` (`????.??.??` for the date) where missing; then the other
//!   tags sorted by name. A repeated tag keeps its first value. When the game starts from
//!   a `FEN` tag, `SetUp "1"` is written and the FEN is written in full.
//! - Tag values escaped (`\"`, `\\`); one blank line after the tags.
//! - Text that is not UTF-8 (in tag values and comments) is read as Latin-1, the
//!   character set of the PGN standard, and written as UTF-8.
//! - Movetext lines of at most 79 characters, broken between tokens only (a single token
//!   longer than that, such as a long word in a comment, gets a line of its own).
//! - A move number before every White move; `N...` before a Black move only first in
//!   the game or a variation, or after a comment or a variation. A move number and its
//!   move are kept on the same line.
//! - SAN with minimal disambiguation and `+`/`#`; annotation glyphs as `$1`..`$6`;
//!   NAGs, comments (`;` comments become brace comments, whitespace runs become one
//!   space) and variations (`(` glued to the next token, `)` to the previous one) in
//!   place; the game's result at the end, equal to the `Result` tag. One blank line
//!   after the movetext.
//!
//! Exporting an export gives the same bytes.

use scoresheet_board::replay::{Variant, variant_of};
use scoresheet_board::{Color, EpStyle, Position};
use scoresheet_notation::pgn::{Tag, first_of_each_name};
use scoresheet_notation::{Diagnostic, Kind, Severity};

use crate::game::{Node, ResolvedGame};

/// The longest movetext line, in characters.
pub const MAX_LINE: usize = 79;

/// The seven tag roster, in export order.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Why `game` cannot be exported as strict PGN, if it cannot: a null move
/// (in the main line or a variation), which the PGN standard has no move for
/// and `validate --strict` refuses. The error names the first one.
///
/// ```
/// use scoresheet_convert::{pgn::unexportable, resolve_game, Options};
/// use scoresheet_notation::{pgn::parse_game, Mode};
/// let game = parse_game(b"1. e4 -- 2. d4 *", 0, Mode::Lenient);
/// let e = unexportable(&resolve_game(&game, &Options::default()).unwrap()).unwrap();
/// assert_eq!(e.kind.name(), "no-pgn-spelling");
/// assert_eq!(e.ply, Some(2));
/// ```
#[must_use]
pub fn unexportable(game: &ResolvedGame<'_>) -> Option<Diagnostic> {
    let mut ply_of_main = 0u32;
    let mut depth = 0usize;
    for n in &game.nodes {
        match n {
            Node::StartVariation => depth += 1,
            Node::EndVariation => depth = depth.saturating_sub(1),
            Node::Move(m) => {
                if depth == 0 {
                    ply_of_main += 1;
                }
                if m.mv.is_null() {
                    let mut d = Diagnostic::new(
                        Severity::Error,
                        Kind::NoPgnSpelling,
                        "a null move has no spelling in strict PGN: the game is not written",
                        m.span,
                    );
                    d.ply = (depth == 0).then_some(ply_of_main);
                    return Some(d);
                }
            }
            _ => {}
        }
    }
    None
}

/// Appends the strict PGN export of `game` to `out` (a game with a null move,
/// [`unexportable`], is written with `--` as read: check first).
///
/// ```
/// use scoresheet_convert::{resolve_game, write_pgn, Options};
/// use scoresheet_notation::{pgn::parse_game, Mode};
/// let game = parse_game(b"[White \"Morphy\"]\n1.e4 e5 {Open game;}(1...c5!) 2.Nf3 1-0", 0, Mode::Lenient);
/// let mut out = Vec::new();
/// write_pgn(&resolve_game(&game, &Options::default()).unwrap(), &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "\
/// [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Morphy\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\
/// \n1. e4 e5 {Open game;} (1... c5 $1) 2. Nf3 1-0\n\n");
/// ```
pub fn write_pgn(game: &ResolvedGame<'_>, out: &mut Vec<u8>) {
    write_tags(game, out);
    out.push(b'\n');
    write_movetext(game, out);
    out.extend_from_slice(b"\n\n");
}

/// The tag section: roster, then the other tags sorted by name, one per line.
pub(crate) fn write_tags(game: &ResolvedGame<'_>, out: &mut Vec<u8>) {
    let first = |name: &str| game.tags.iter().find(|t| t.name == name.as_bytes());
    for name in ROSTER {
        let value: &[u8] = if name == "Result" {
            game.result.as_str().as_bytes()
        } else {
            match first(name) {
                Some(t) => {
                    write_tag(out, name.as_bytes(), |out| tag_value(game, t, out));
                    continue;
                }
                None if name == "Date" => b"????.??.??",
                None => b"?",
            }
        };
        write_tag(out, name.as_bytes(), |out| escape(value, out));
    }
    let has_fen = first("FEN").is_some();
    let mut others: Vec<&Tag<'_>> = Vec::with_capacity(game.tags.len());
    for (t, first) in game.tags.iter().zip(first_of_each_name(&game.tags)) {
        let name = t.name;
        let roster = ROSTER.iter().any(|r| r.as_bytes() == name);
        let repeated = !first;
        // `SetUp` is the writer's: "1" with a FEN, none without (a `SetUp "1"`
        // without a FEN announced a position the game does not start from).
        let setup = name == b"SetUp";
        if !roster && !repeated && !setup {
            others.push(t);
        }
    }
    // A game that starts from another position without a FEN tag of its own (`--fen`)
    // gets one, in its sorted place.
    let mut fen_pending = !has_fen && game.start != Position::new();
    let mut setup_written = !has_fen && !fen_pending;
    others.sort_by(|a, b| a.name.cmp(b.name));
    for t in others {
        if fen_pending && t.name > b"FEN".as_slice() {
            let fen = game.start.to_fen(EpStyle::Always);
            write_tag(out, b"FEN", |out| escape(fen.as_bytes(), out));
            fen_pending = false;
        }
        if !setup_written && t.name > b"SetUp".as_slice() {
            write_tag(out, b"SetUp", |out| out.push(b'1'));
            setup_written = true;
        }
        if t.name == b"FEN" {
            let fen = game.start.to_fen(EpStyle::Always);
            write_tag(out, b"FEN", |out| escape(fen.as_bytes(), out));
        } else if t
            .name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_')
        {
            write_tag(out, t.name, |out| tag_value(game, t, out));
        } else {
            write_tag(out, &export_name(t.name), |out| {
                escape_raw(t.raw_value, out)
            });
        }
    }
    if fen_pending {
        let fen = game.start.to_fen(EpStyle::Always);
        write_tag(out, b"FEN", |out| escape(fen.as_bytes(), out));
    }
    if !setup_written {
        write_tag(out, b"SetUp", |out| out.push(b'1'));
    }
}

/// A tag's value as written, or in the standard's form when the game's tags
/// are fixed ([`crate::Options::fix_tags`]): `PlyCount` the main line's plies.
fn tag_value(game: &ResolvedGame<'_>, t: &Tag<'_>, out: &mut Vec<u8>) {
    // Chess960 under any spelling (`chess-960`, `Fischer Random`) is written
    // as the name readers look for.
    if t.name == b"Variant" && variant_of(&t.value()) == Variant::Chess960 {
        out.extend_from_slice(b"Chess960");
        return;
    }
    if game.fix_tags {
        if t.name == b"PlyCount" {
            if scoresheet_board::tags::ply_count_problem(t.raw_value, game.mainline().count()) {
                out.extend_from_slice(game.mainline().count().to_string().as_bytes());
                return;
            }
        } else if let Some(fixed) = scoresheet_board::tags::fix_value(t.name, t.raw_value) {
            escape(fixed.as_bytes(), out);
            return;
        }
    }
    escape_raw(t.raw_value, out);
}

/// A tag name as the export format allows it: letters, digits and `_` only,
/// each other character (`-`, `+`, `Ä`) written `_` (`Elo-Diff+2` is
/// `Elo_Diff_2`), as the reader warned (`tag-name`).
fn export_name(name: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(name)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c as u8
            } else {
                b'_'
            }
        })
        .collect()
}

fn write_tag(out: &mut Vec<u8>, name: &[u8], value: impl FnOnce(&mut Vec<u8>)) {
    out.push(b'[');
    out.extend_from_slice(name);
    out.extend_from_slice(b" \"");
    value(out);
    out.extend_from_slice(b"\"]\n");
}

/// Escapes `"` and `\` in a decoded value.
fn escape(value: &[u8], out: &mut Vec<u8>) {
    for &b in value {
        if b == b'"' || b == b'\\' {
            out.push(b'\\');
        }
        // Line breaks would end the tag line: a tag value is one line.
        out.push(if b == b'\n' || b == b'\r' { b' ' } else { b });
    }
}

/// Decodes a raw tag value (`\x` is `x`) and escapes it again, canonically.
fn escape_raw(raw: &[u8], out: &mut Vec<u8>) {
    // Most values are printable ASCII with nothing to escape: copied whole.
    if raw
        .iter()
        .all(|&b| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\')
    {
        out.extend_from_slice(raw);
        return;
    }
    let raw = to_utf8(raw);
    let mut bytes = raw.iter();
    while let Some(&b) = bytes.next() {
        let c = if b == b'\\' {
            bytes.next().copied().unwrap_or(b'\\')
        } else {
            b
        };
        escape(core::slice::from_ref(&c), out);
    }
}

/// The text as UTF-8: valid UTF-8 is kept, and every byte that is not part of valid
/// UTF-8 is read as Latin-1 (the character set of the PGN standard), 0x80-0x9F as
/// Windows-1252 ([`scoresheet_notation::text::decode`]).
pub(crate) fn to_utf8(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    match scoresheet_notation::text::decode(bytes) {
        std::borrow::Cow::Borrowed(s) => std::borrow::Cow::Borrowed(s.as_bytes()),
        std::borrow::Cow::Owned(s) => std::borrow::Cow::Owned(s.into_bytes()),
    }
}

/// The movetext with move numbers, glyphs as NAGs, comments and variations, then the result.
fn write_movetext(game: &ResolvedGame<'_>, out: &mut Vec<u8>) {
    let mut w = Wrapper::new(out);
    let mut need_number = true;
    let mut num = NumBuf::default();
    for node in &game.nodes {
        match node {
            Node::Move(m) => {
                // A move number stays on the line of its move.
                if m.turn == Color::White {
                    w.token_ascii(num.format(m.fullmove, "."));
                    w.push_ascii(b" ");
                    w.push_ascii(m.san.as_bytes());
                } else if need_number {
                    w.token_ascii(num.format(m.fullmove, "..."));
                    w.push_ascii(b" ");
                    w.push_ascii(m.san.as_bytes());
                } else {
                    w.token_ascii(m.san.as_bytes());
                }
                if let Some(a) = m.annotation {
                    w.token_ascii(num.format(u32::from(a.nag()), "$"));
                }
                need_number = false;
            }
            Node::Nag(n) => w.token(num.format(u32::from(*n), "$")),
            Node::Comment(text) => {
                w.comment(text);
                need_number = true;
            }
            Node::StartVariation => {
                w.open();
                need_number = true;
            }
            Node::EndVariation => {
                w.close();
                need_number = true;
            }
        }
    }
    w.token_ascii(game.result.as_str().as_bytes());
    w.flush();
}

/// A number with a prefix `$` or a suffix of dots, formatted without allocating.
#[derive(Default)]
pub(crate) struct NumBuf {
    buf: [u8; 16],
}

impl NumBuf {
    /// `12.`, `12...` (`affix` of dots), or `$3` (`affix` `$`).
    pub(crate) fn format(&mut self, n: u32, affix: &str) -> &[u8] {
        let mut digits = [0u8; 10];
        let mut i = digits.len();
        let mut n = n;
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let digits = &digits[i..];
        let mut len = 0;
        let mut put = |bytes: &[u8], buf: &mut [u8; 16]| {
            for &b in bytes {
                if let Some(slot) = buf.get_mut(len) {
                    *slot = b;
                    len += 1;
                }
            }
        };
        if affix == "$" {
            put(b"$", &mut self.buf);
            put(digits, &mut self.buf);
        } else {
            put(digits, &mut self.buf);
            put(affix.as_bytes(), &mut self.buf);
        }
        &self.buf[..len]
    }
}

/// Greedy line filling: tokens separated by one space or a line break, lines of at most
/// [`MAX_LINE`] characters, glued tokens (`(` and what follows, `)` and what precedes)
/// kept together as one unit.
///
/// A unit is written to the output as it comes, after one byte that separates
/// it from the unit before; once the unit is whole, that byte becomes a line
/// break if the unit does not fit on the line (no copy of the unit is made).
pub(crate) struct Wrapper<'o> {
    out: &'o mut Vec<u8>,
    /// A unit is being written.
    pending: bool,
    /// Where the pending unit's separator is in the output (none at a line's start).
    separator: Option<usize>,
    unit_width: usize,
    /// The width of the current line, the pending unit left out.
    line: usize,
    glue_next: bool,
}

/// The width in characters of UTF-8 text (continuation bytes do not count).
fn width(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

impl<'o> Wrapper<'o> {
    pub(crate) fn new(out: &'o mut Vec<u8>) -> Wrapper<'o> {
        Wrapper {
            out,
            pending: false,
            separator: None,
            unit_width: 0,
            line: 0,
            glue_next: false,
        }
    }

    /// Starts a unit unless one is being written.
    fn unit(&mut self) {
        if !self.pending {
            self.pending = true;
            self.separator = (self.line > 0).then(|| {
                self.out.push(b' ');
                self.out.len() - 1
            });
        }
    }

    /// Appends to the current unit, with no space.
    fn push(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.unit();
        self.out.extend_from_slice(bytes);
        self.unit_width += width(bytes);
    }

    /// [`Wrapper::push`] of ASCII text (moves, numbers), a character a byte.
    fn push_ascii(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.unit();
        self.out.extend_from_slice(bytes);
        self.unit_width += bytes.len();
    }

    /// A new token: a new unit, unless glued to an opening parenthesis.
    pub(crate) fn token(&mut self, bytes: &[u8]) {
        if !self.glue_next {
            self.flush();
        }
        self.glue_next = false;
        self.push(bytes);
    }

    /// [`Wrapper::token`] of ASCII text.
    fn token_ascii(&mut self, bytes: &[u8]) {
        if !self.glue_next {
            self.flush();
        }
        self.glue_next = false;
        self.push_ascii(bytes);
    }

    /// `(`, glued to what follows.
    pub(crate) fn open(&mut self) {
        self.token(b"(");
        self.glue_next = true;
    }

    /// `)`, glued to what precedes.
    pub(crate) fn close(&mut self) {
        self.push(b")");
        self.glue_next = false;
    }

    /// A brace comment, one unit per word; `}` (impossible inside a PGN comment) becomes `)`.
    pub(crate) fn comment(&mut self, text: &[u8]) {
        let mut words = text
            .split(|b| b.is_ascii_whitespace() || *b == 0x0b)
            .filter(|w| !w.is_empty());
        let Some(first) = words.next() else {
            self.token(b"{}");
            return;
        };
        self.token(b"{");
        self.comment_word(first);
        for word in words {
            self.flush();
            self.comment_word(word);
        }
        self.push(b"}");
    }

    fn comment_word(&mut self, word: &[u8]) {
        let word = to_utf8(word);
        let word = word.as_ref();
        if word.contains(&b'}') {
            for &b in word {
                self.push(&[if b == b'}' { b')' } else { b }]);
            }
        } else {
            self.push(word);
        }
    }

    /// Ends the pending unit: after a space, or on a new line when it would not fit.
    pub(crate) fn flush(&mut self) {
        if !self.pending {
            return;
        }
        match self.separator {
            Some(at) if self.line + 1 + self.unit_width > MAX_LINE => {
                if let Some(b) = self.out.get_mut(at) {
                    *b = b'\n';
                }
                self.line = self.unit_width;
            }
            Some(_) => self.line += 1 + self.unit_width,
            None => self.line += self.unit_width,
        }
        self.pending = false;
        self.unit_width = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, resolve_game};
    use pretty_assertions::assert_eq;
    use scoresheet_notation::Mode;
    use scoresheet_notation::pgn::parse_game;

    fn export(text: &str) -> String {
        let g = parse_game(text.as_bytes(), 0, Mode::Lenient);
        let r = resolve_game(&g, &Options::default()).unwrap();
        let mut out = Vec::new();
        write_pgn(&r, &mut out);
        String::from_utf8(out).unwrap()
    }

    fn movetext(text: &str) -> String {
        let full = export(text);
        let (_, moves) = full.split_once("\n\n").unwrap();
        moves.trim_end().to_owned()
    }

    fn wrap(tokens: &[&str]) -> String {
        let mut out = Vec::new();
        let mut w = Wrapper::new(&mut out);
        for t in tokens {
            match *t {
                "(" => w.open(),
                ")" => w.close(),
                t if t.starts_with('{') => w.comment(t.trim_matches(['{', '}']).as_bytes()),
                t => w.token(t.as_bytes()),
            }
        }
        w.flush();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn wrapping_fills_lines_to_79_characters() {
        let words: Vec<String> = (0..40).map(|i| format!("w{i:03}")).collect();
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let text = wrap(&refs);
        let lines: Vec<&str> = text.lines().collect();
        // 16 words of 4 characters and 15 spaces make 79.
        assert_eq!(lines[0].len(), 79);
        assert!(lines.iter().all(|l| l.len() <= MAX_LINE));
        assert_eq!(text.split_whitespace().count(), 40);
    }

    #[test]
    fn wrapping_never_splits_a_token_and_keeps_parentheses_glued() {
        let long = "x".repeat(100);
        assert_eq!(wrap(&["a", &long, "b"]), format!("a\n{long}\nb"));
        let mut tokens = vec!["y".repeat(76)];
        tokens.extend(["(".into(), "e4".into(), ")".into()]);
        let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
        assert_eq!(wrap(&refs), format!("{}\n(e4)", "y".repeat(76)));
        assert_eq!(wrap(&["e4", "(", "{a  b\n c}", ")"]), "e4 ({a b c})");
        assert_eq!(wrap(&["{}", "{ }", "{x}y}"]), "{} {} {x)y}");
    }

    #[test]
    fn wrapping_counts_characters_not_bytes() {
        let word = "é".repeat(39);
        assert_eq!(wrap(&[&word, &word]), format!("{word} {word}"));
        assert_eq!(wrap(&[&word, &word, "a"]), format!("{word} {word}\na"));
    }

    #[test]
    fn tag_values_are_escaped() {
        let out = export("[Event \"the \\\"big\\\" one \\\\ 2024\"]\n[Annotator \"a\\b\"]\n*");
        assert!(out.starts_with("[Event \"the \\\"big\\\" one \\\\ 2024\"]\n"));
        assert!(out.contains("[Annotator \"ab\"]\n"));
    }

    #[test]
    fn text_that_is_not_utf8_is_read_as_latin1() {
        assert_eq!(to_utf8(b"J\xf6rg \xc3\xa9"), "Jörg é".as_bytes());
        let g = parse_game(
            b"[White \"M\xfcller\"]\n1. e4 {S\xe4misch} *",
            0,
            Mode::Lenient,
        );
        let mut out = Vec::new();
        write_pgn(&resolve_game(&g, &Options::default()).unwrap(), &mut out);
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("[White \"Müller\"]"));
        assert!(out.contains("1. e4 {Sämisch} *"));
    }

    #[test]
    fn roster_first_then_other_tags_by_name() {
        let out = export(
            "[WhiteElo \"2800\"]\n[Result \"0-1\"]\n[Black \"B\"]\n[ECO \"C20\"]\n[Event \"E\"]\n[Annotator \"A\"]\n1. e4 0-1",
        );
        assert_eq!(
            out,
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Annotator \"A\"]\n[ECO \"C20\"]\n[WhiteElo \"2800\"]\n\n1. e4 0-1\n\n"
        );
    }

    #[test]
    fn the_result_tag_wins() {
        let out = export("[Result \"1-0\"]\n1. e4 0-1");
        assert!(out.contains("[Result \"1-0\"]"));
        assert!(out.ends_with("1. e4 1-0\n\n"));
        assert!(export("1. e4").ends_with("1. e4 *\n\n"));
    }

    #[test]
    fn fen_games_write_setup_and_black_move_numbers() {
        let out =
            export("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n[SetUp \"0\"]\n40... Kd7 41. e4 *");
        assert!(out.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n[SetUp \"1\"]\n"));
        assert!(out.ends_with("\n\n40... Kd7 41. e4 *\n\n"));
    }

    #[test]
    fn black_move_numbers_after_comments_and_variations() {
        assert_eq!(
            movetext("1. e4 {best} e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 $1 a6 *"),
            "1. e4 {best} 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 $1 a6 *"
        );
        assert_eq!(
            movetext("1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3 *"),
            "1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3 *"
        );
    }

    #[test]
    fn glyphs_become_nags_and_checks_are_recomputed() {
        assert_eq!(
            movetext("1. f3!? e5?! 2. g4?? Qh4 0-1"),
            "1. f3 $5 e5 $6 2. g4 $4 Qh4# 0-1"
        );
        assert_eq!(
            movetext("1. e2e4 ; note\n e7e5 *"),
            "1. e4 {note} 1... e5 *"
        );
    }

    #[test]
    fn export_is_idempotent() {
        let once = export(
            "[Event \"x\"]\n1. e4 {a   long\ncomment} e5 (1... c5 {x} (1... e6) 2. Nf3) 2. Nf3 $14 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 1-0",
        );
        assert_eq!(export(&once), once);
    }
}
