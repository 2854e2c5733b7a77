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
/// no name repeated, as the quick lane gives them) and its FEN, which `fen`
/// appends (a FEN is plain ASCII: written as it is, straight from the
/// board). The tags must be this writer's
/// ([`few_plain_names`]); the caller leaves the others to [`game`].
pub(crate) fn clean_game_tail(
    out: &mut Vec<u8>,
    at: &At,
    plies: u64,
    text: &[u8],
    places: &[[u32; 4]],
    fen: impl FnOnce(&mut Vec<u8>),
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
    plain_tags(out, text, places);
    out.extend_from_slice(b"},\"valid\":true,\"plies\":");
    number(out, plies);
    out.extend_from_slice(b",\"fen\":\"");
    fen(out);
    out.extend_from_slice(b"\",\"errors\":[],\"warnings\":[],\"notes\":[]}");
}

/// The bytes [`plain_tags`] copies at once: more than nearly every tag's
/// name or value holds.
const SHORT: usize = 32;

/// The room [`plain_tags`] makes for a tag written by fixed-size copies:
/// its quotes, colon and comma (`"":"",`), and two copies of [`SHORT`]
/// bytes.
const TAG_ROOM: usize = 2 * SHORT + 6;

/// Appends the tags at `places` in `text` (as [`clean_game_tail`] takes
/// them) as the members of a JSON object, `"name":"value"`, comma between.
/// A tag whose name and value are at most [`SHORT`] bytes, the value plain,
/// with `SHORT` bytes of `text` from each, is written by two copies of
/// `SHORT` bytes into room made for the tags at once, the bytes past each
/// then written over: a copy of a known size is a few moves where one of
/// any size is a call to `memcpy`, and the room checked once, not at every
/// byte pushed (pushing cost three times the copies on the strict corpus).
/// Any other tag is written piece by piece.
fn plain_tags(out: &mut Vec<u8>, text: &[u8], places: &[[u32; 4]]) {
    let mut rest = places;
    while !rest.is_empty() {
        let base = out.len();
        out.resize(base + rest.len() * TAG_ROOM, 0);
        let room = out.get_mut(base..).unwrap_or_default();
        let mut at = 0;
        let mut done = 0;
        for &place in rest {
            let [n, n_end, v, v_end] = place.map(|p| p as usize);
            let (n_len, v_len) = (n_end.saturating_sub(n), v_end.saturating_sub(v));
            let name = text.get(n..).and_then(<[u8]>::first_chunk::<SHORT>);
            let value = text.get(v..).and_then(<[u8]>::first_chunk::<SHORT>);
            let (Some(name), Some(value)) = (name, value) else {
                break;
            };
            if n_len > SHORT || v_len > SHORT || !plain_prefix(value, v_len) {
                break;
            }
            // Within the room: at most `TAG_ROOM` bytes a tag before this one.
            let Some(tag) = room
                .get_mut(at..)
                .and_then(<[u8]>::first_chunk_mut::<TAG_ROOM>)
            else {
                break;
            };
            tag[0] = b'"';
            tag[1..=SHORT].copy_from_slice(name);
            let mut end = 1 + n_len;
            tag[end..end + 3].copy_from_slice(b"\":\"");
            end += 3;
            tag[end..end + SHORT].copy_from_slice(value);
            end += v_len;
            tag[end..end + 2].copy_from_slice(b"\",");
            at += end + 2;
            done += 1;
        }
        out.truncate(base + at);
        rest = rest.get(done..).unwrap_or_default();
        // A tag the copies cannot write, piece by piece (`keep` took only
        // games whose tags' names are plain ASCII: copied as they are).
        if let Some((&[n, n_end, v, v_end], after)) = rest.split_first() {
            let [n, n_end, v, v_end] = [n, n_end, v, v_end].map(|p| p as usize);
            out.push(b'"');
            out.extend_from_slice(text.get(n..n_end).unwrap_or_default());
            out.extend_from_slice(b"\":");
            lossy_string(out, text.get(v..v_end).unwrap_or_default());
            out.push(b',');
            rest = after;
        }
    }
    // Each tag ends with a comma: the last one's goes.
    if !places.is_empty() {
        out.pop();
    }
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
