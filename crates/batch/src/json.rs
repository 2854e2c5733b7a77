//! The JSON report of a game written straight into a byte buffer: no tree of
//! values and no allocation per game, byte for byte what `serde_json` writes
//! for the [`GameReport`] and [`Problem`] shapes (a test compares the two).
//!
//! File names come as bytes: a name that is not UTF-8 keeps every byte, each
//! byte outside UTF-8 written as the escape of a lone surrogate `\udcXX` (XX
//! the byte), the convention of Python's `surrogateescape` (docs/JSON.md).

use crate::report::{At, GameReport, MisprintAt, Problem};

/// Appends `s` as a JSON string, quotes included, escaped as `serde_json`
/// escapes: `"`, `\` and the control characters below U+0020 (`\n`, `\t`...,
/// else `\u00XX`), nothing else.
pub fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    if plain(s.as_bytes()) {
        out.extend_from_slice(s.as_bytes());
    } else {
        escaped(out, s.as_bytes());
    }
    out.push(b'"');
}

/// Appends the name of a file, given as the bytes the system knows it by, as
/// a JSON string: UTF-8 stretches escaped as [`string`] escapes them, every
/// other byte as `\udcXX` (lossless: Python's `surrogateescape` reads it back
/// as the same bytes with `os.fsencode`).
pub fn name(out: &mut Vec<u8>, raw: &[u8]) {
    out.push(b'"');
    for chunk in raw.utf8_chunks() {
        escaped(out, chunk.valid().as_bytes());
        for b in chunk.invalid() {
            out.extend_from_slice(b"\\udc");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xf)]);
        }
    }
    out.push(b'"');
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// The escape of each byte below 0x80: 0 for none, `u` for `\u00XX`, else the
/// letter after the backslash.
const ESCAPE: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut b = 0;
    while b < 0x20 {
        table[b] = b'u';
        b += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Appends `bytes` (UTF-8) escaped, the plain runs copied whole.
fn escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut plain = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape = if b < 0x80 { ESCAPE[usize::from(b)] } else { 0 };
        if escape == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[plain..i]);
        out.push(b'\\');
        out.push(escape);
        if escape == b'u' {
            out.extend_from_slice(b"00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xf)]);
        }
        plain = i + 1;
    }
    out.extend_from_slice(&bytes[plain..]);
}

/// Whether `bytes` stand in a JSON string as they are: ASCII, with no
/// control character, `"` or `\\` (nearly every tag, name and FEN). Eight
/// bytes at a time, with no branch per byte.
#[inline]
fn plain(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    let mut stop = 0;
    for w in words.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        stop |= special(u64::from_le_bytes(word));
    }
    let rest = words.remainder();
    // The last bytes padded with spaces, which are plain.
    let mut word = [b' '; 8];
    word[..rest.len()].copy_from_slice(rest);
    stop |= special(u64::from_le_bytes(word));
    stop == 0
}

/// Not zero when one of the eight bytes of `word` is not plain ([`plain`]):
/// above 0x7F, below 0x20, `"` or `\\`.
#[inline]
fn special(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // A byte below `n` (n <= 0x80) sets a high bit in `(x - n) & !x`: a
    // borrow only ever starts at such a byte.
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGHS;
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    below(word, 0x20) | below(quote, 1) | below(backslash, 1) | (word & HIGHS)
}

/// Appends `bytes` as a JSON string, quotes included, read as
/// `String::from_utf8_lossy` reads them (each stretch that is not UTF-8 one
/// U+FFFD), escaped as [`string`] escapes.
pub fn lossy_string(out: &mut Vec<u8>, bytes: &[u8]) {
    out.push(b'"');
    if plain(bytes) {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    for chunk in bytes.utf8_chunks() {
        escaped(out, chunk.valid().as_bytes());
        if !chunk.invalid().is_empty() {
            out.extend_from_slice("\u{fffd}".as_bytes());
        }
    }
    out.push(b'"');
}

/// Appends `n` in decimal.
pub fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// Appends `"key":`.
fn key(out: &mut Vec<u8>, key: &str) {
    out.push(b'"');
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(b"\":");
}

/// Appends a JSON array of strings.
fn strings(out: &mut Vec<u8>, list: &[String]) {
    out.push(b'[');
    for (i, s) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, s);
    }
    out.push(b']');
}

/// Appends the report of a game as one JSON object (no line end), the file
/// given as its JSON string already written (`file`, quotes included: the same
/// for every game of an input).
pub fn game(out: &mut Vec<u8>, g: &GameReport, file: &[u8]) {
    out.extend_from_slice(b"{\"type\":");
    string(out, g.object);
    out.extend_from_slice(b",\"file\":");
    out.extend_from_slice(file);
    out.extend_from_slice(b",\"game\":");
    number(out, g.game);
    out.extend_from_slice(b",\"line\":");
    number(out, g.at.line);
    out.extend_from_slice(b",\"column\":");
    number(out, g.at.column);
    out.extend_from_slice(b",\"offset\":");
    number(out, g.at.offset);
    out.extend_from_slice(b",\"length\":");
    number(out, g.at.length);
    out.extend_from_slice(b",\"notation\":");
    match g.notation {
        Some(n) => string(out, n),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"tags\":{");
    for (i, (tag, value)) in g.shown_tags().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, tag);
        out.push(b':');
        string(out, value);
    }
    out.extend_from_slice(b"},\"valid\":");
    out.extend_from_slice(if g.valid { b"true" } else { b"false" });
    out.extend_from_slice(b",\"plies\":");
    number(out, g.plies);
    out.extend_from_slice(b",\"fen\":");
    string(out, &g.fen);
    for (name, list) in [
        (",\"errors\":[", &g.errors),
        (",\"warnings\":[", &g.warnings),
        (",\"notes\":[", &g.notes),
    ] {
        out.extend_from_slice(name.as_bytes());
        for (i, p) in list.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            problem(out, p);
        }
        out.push(b']');
    }
    // With `--eco` only, as serde skips a `None`.
    match g.opening {
        None => {}
        Some(None) => out.extend_from_slice(b",\"opening\":null"),
        Some(Some(o)) => {
            out.extend_from_slice(b",\"opening\":{\"eco\":");
            string(out, o.eco);
            out.extend_from_slice(b",\"name\":");
            string(out, o.name);
            out.push(b'}');
        }
    }
    out.push(b'}');
}

/// Appends the start of a game's report, through `"game":N,` (`file` is the
/// input's name as a JSON string, as [`game`] takes it); the rest is a tail
/// [`clean_game_tail`] wrote.
pub fn game_head(out: &mut Vec<u8>, file: &[u8], game: u64) {
    out.extend_from_slice(b"{\"type\":\"game\",\"file\":");
    out.extend_from_slice(file);
    out.extend_from_slice(b",\"game\":");
    number(out, game);
    out.push(b',');
}

/// Tag lists longer than this are left to [`game`] (which finds repeated
/// names with a hash set).
pub(crate) const FEW_TAGS: usize = 24;

/// Whether a game's tags, `count` of them, their names `names` (`None`: not
/// there), are [`clean_game_tail`]'s: few, their names plain ASCII (written
/// as they are).
pub(crate) fn few_plain_names<'n>(
    count: usize,
    mut names: impl Iterator<Item = Option<&'n [u8]>>,
) -> bool {
    count <= FEW_TAGS && names.all(|n| n.is_some_and(plain))
}

/// Appends the rest of the report of a game valid with nothing to report
/// (no error, warning or note, no opening asked for), from `"line"` to the
/// closing brace, byte for byte what [`game`] writes after [`game_head`]'s
/// part for the same game: its place `at`, `plies` (the notation `san`
/// when there is one), its tags as written in `text` (the game's text, or
/// more that starts with it; `places`: each tag's name's start and end and
/// its value's there, raw: read as `String::from_utf8_lossy` reads them;
/// no name repeated, as the quick lane gives them) and `fen` (a FEN is plain
/// ASCII: copied as it is). The tags must be this writer's
/// ([`few_plain_names`]); the caller leaves the others to [`game`].
pub(crate) fn clean_game_tail(
    out: &mut Vec<u8>,
    at: &At,
    plies: u64,
    text: &[u8],
    places: &[[u32; 4]],
    fen: &str,
) {
    out.extend_from_slice(b"\"line\":");
    number(out, at.line);
    out.extend_from_slice(b",\"column\":");
    number(out, at.column);
    out.extend_from_slice(b",\"offset\":");
    number(out, at.offset);
    out.extend_from_slice(b",\"length\":");
    number(out, at.length);
    out.extend_from_slice(if plies > 0 {
        b",\"notation\":\"san\",\"tags\":{".as_slice()
    } else {
        b",\"notation\":null,\"tags\":{".as_slice()
    });
    // The quick lane, whose games these are, reads no game that repeats a
    // tag name: every tag is shown, none compared with the others.
    debug_assert!(
        places.iter().enumerate().all(|(i, &[n, n_end, ..])| {
            let name = |n: u32, n_end: u32| text.get(n as usize..n_end as usize);
            !places[..i]
                .iter()
                .any(|&[m, m_end, ..]| name(m, m_end) == name(n, n_end))
        }),
        "a repeated tag name"
    );
    let mut first = true;
    for &place in places {
        let [n, n_end, v, v_end] = place.map(|p| p as usize);
        if !first {
            out.push(b',');
        }
        first = false;
        out.push(b'"');
        append_short(out, text, n, n_end.saturating_sub(n));
        out.extend_from_slice(b"\":");
        let len = v_end.saturating_sub(v);
        match text.get(v..).and_then(<[u8]>::first_chunk::<SHORT>) {
            Some(chunk) if len <= SHORT && plain_prefix(chunk, len) => {
                out.push(b'"');
                let start = out.len();
                out.extend_from_slice(chunk);
                out.truncate(start + len);
                out.push(b'"');
            }
            _ => lossy_string(out, text.get(v..v_end).unwrap_or_default()),
        }
    }
    out.extend_from_slice(b"},\"valid\":true,\"plies\":");
    number(out, plies);
    out.extend_from_slice(b",\"fen\":\"");
    out.extend_from_slice(fen.as_bytes());
    out.extend_from_slice(b"\",\"errors\":[],\"warnings\":[],\"notes\":[]}");
}

/// The bytes [`append_short`] and [`clean_game_tail`] copy at once: more
/// than nearly every tag's name or value holds.
const SHORT: usize = 32;

/// Appends `src[start..start + len]`: where `len` is at most [`SHORT`] and
/// `src` holds `SHORT` bytes from `start`, as those `SHORT` bytes, the ones
/// past `len` then dropped. A copy of a known size is a few moves where one of
/// any size is a call to `memcpy`, which cost more than the copy itself on
/// names of a few bytes.
#[inline]
fn append_short(out: &mut Vec<u8>, src: &[u8], start: usize, len: usize) {
    if len <= SHORT {
        if let Some(chunk) = src.get(start..).and_then(<[u8]>::first_chunk::<SHORT>) {
            let at = out.len();
            out.extend_from_slice(chunk);
            out.truncate(at + len);
            return;
        }
    }
    out.extend_from_slice(src.get(start..start + len).unwrap_or_default());
}

/// Whether the first `len` bytes of `chunk` (`len` at most [`SHORT`]) are
/// plain ([`plain`]): read eight at a time from the chunk, the bytes past
/// `len` masked out. [`special`] marks a byte that is not plain and at most
/// bytes after one (a borrow runs upwards, to later bytes), so the bytes
/// past `len` never mark one within it.
#[inline]
fn plain_prefix(chunk: &[u8; SHORT], len: usize) -> bool {
    // Word `i`'s marks, those of bytes past `len` cleared.
    let marks = |i: usize| {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk.get(i * 8..i * 8 + 8).unwrap_or(&[0; 8]));
        let within = len.saturating_sub(i * 8);
        let mask = if within >= 8 {
            u64::MAX
        } else {
            !(u64::MAX << (within * 8))
        };
        special(u64::from_le_bytes(word)) & mask
    };
    // Most values take one or two words: the others are not read.
    let mut stop = marks(0);
    if len > 8 {
        stop |= marks(1);
        if len > 16 {
            stop |= marks(2) | marks(3);
        }
    }
    stop == 0
}

/// Appends one problem as a JSON object.
pub fn problem(out: &mut Vec<u8>, p: &Problem) {
    out.extend_from_slice(b"{\"line\":");
    number(out, p.line);
    out.extend_from_slice(b",\"column\":");
    number(out, p.column);
    out.extend_from_slice(b",\"ply\":");
    match p.ply {
        Some(ply) => number(out, u64::from(ply)),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"move\":");
    string(out, &p.text);
    out.extend_from_slice(b",\"kind\":");
    string(out, p.kind);
    out.extend_from_slice(b",\"message\":");
    string(out, &p.message);
    if !p.candidates.is_empty() {
        out.extend_from_slice(b",\"candidates\":");
        strings(out, &p.candidates);
    }
    if !p.suggestions.is_empty() {
        out.extend_from_slice(b",\"suggestions\":");
        strings(out, &p.suggestions);
    }
    if let Some(d) = &p.duplicate_of {
        out.extend_from_slice(b",\"duplicate_of\":{\"file\":");
        string(out, &d.file);
        out.extend_from_slice(b",\"game\":");
        number(out, d.game);
        out.push(b'}');
    }
    if let Some(m) = &p.misprint {
        out.push(b',');
        key(out, "misprint");
        misprint(out, m);
    }
    out.push(b'}');
}

fn misprint(out: &mut Vec<u8>, m: &MisprintAt) {
    out.extend_from_slice(b"{\"line\":");
    number(out, m.line);
    out.extend_from_slice(b",\"column\":");
    number(out, m.column);
    out.extend_from_slice(b",\"ply\":");
    number(out, u64::from(m.ply));
    out.extend_from_slice(b",\"move\":");
    string(out, &m.text);
    out.extend_from_slice(b",\"change\":");
    string(out, m.change);
    out.extend_from_slice(b",\"suggestions\":");
    strings(out, &m.suggestions);
    out.push(b'}');
}

#[cfg(test)]
mod tests;
