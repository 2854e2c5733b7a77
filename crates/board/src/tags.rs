//! The values of the tags the PGN standard defines, checked and, where a value
//! has one clear reading, normalised.
//!
//! The movetext is judged to the letter; these are the tag values with a form
//! of their own in the standard (sections 8.1 and 9): dates (`YYYY.MM.DD`,
//! `?` for what is unknown), `Round`, Elo ratings (integers), `TimeControl`
//! (9.6.1), `PlyCount` (the game's length), `ECO`, `Termination` and `Mode`.
//! The `Result` tag, `FEN` and `SetUp` are the replay's own. Each value is
//! judged from its raw bytes, as both lanes of the judge read them, so the
//! quick lane and the full replay give one verdict.
//!
//! ```
//! use scoresheet_board::tags::{fix_value, value_problem};
//! use scoresheet_notation::Kind;
//! assert_eq!(value_problem(b"Date", b"2025.02.24"), None);
//! assert_eq!(value_problem(b"Date", b"2025-02-24"), Some(Kind::InvalidDateTag));
//! assert_eq!(fix_value(b"Date", b"Sun Jul 09 2023").as_deref(), Some("2023.07.09"));
//! assert_eq!(value_problem(b"TimeControl", b"40/7200:3600"), None);
//! assert_eq!(value_problem(b"WhiteElo", b"unrated"), Some(Kind::InvalidEloTag));
//! assert_eq!(fix_value(b"WhiteElo", b"unrated").as_deref(), Some(""));
//! ```

use scoresheet_notation::Kind;

/// The names of the seven-tag roster, in the export order.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The kind of problem with the value `raw` (as written between the quotes)
/// of the tag `name`, or `None` when it has the standard's form or the tag is
/// not one whose value is checked here (`PlyCount` is checked against the game
/// by [`ply_count_problem`]).
#[must_use]
pub fn value_problem(name: &[u8], raw: &[u8]) -> Option<Kind> {
    let ok = match name {
        b"Date" | b"EventDate" | b"UTCDate" => is_date(raw),
        b"Round" => is_round(raw),
        b"WhiteElo" | b"BlackElo" => is_elo(raw),
        b"TimeControl" => is_time_control(raw),
        b"ECO" => is_eco(raw),
        b"Termination" => is_termination(raw),
        b"Mode" => is_mode(raw),
        _ => return None,
    };
    if ok {
        return None;
    }
    Some(match name {
        b"Date" | b"EventDate" | b"UTCDate" => Kind::InvalidDateTag,
        b"Round" => Kind::InvalidRoundTag,
        b"WhiteElo" | b"BlackElo" => Kind::InvalidEloTag,
        b"TimeControl" => Kind::InvalidTimeControlTag,
        b"ECO" => Kind::InvalidEcoTag,
        b"Termination" => Kind::InvalidTerminationTag,
        _ => Kind::InvalidModeTag,
    })
}

/// Whether a tag name is one whose value [`value_problem`] or
/// [`ply_count_problem`] judges.
#[must_use]
pub fn is_checked(name: &[u8]) -> bool {
    matches!(
        name,
        b"Date"
            | b"EventDate"
            | b"UTCDate"
            | b"Round"
            | b"WhiteElo"
            | b"BlackElo"
            | b"TimeControl"
            | b"ECO"
            | b"Termination"
            | b"Mode"
            | b"PlyCount"
    )
}

/// Whether a `PlyCount` value `raw` is wrong for a main line of `plies` plies:
/// anything but that number (leading zeros and blanks aside) is.
#[must_use]
pub fn ply_count_problem(raw: &[u8], plies: usize) -> bool {
    let digits = raw.trim_ascii();
    if digits.is_empty() || digits.len() > 12 || !digits.iter().all(u8::is_ascii_digit) {
        return true;
    }
    let n = digits
        .iter()
        .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
    n != plies as u64
}

/// What the standard asks of a tag's value, for a message.
#[must_use]
pub fn expected(kind: Kind) -> &'static str {
    match kind {
        Kind::InvalidDateTag => "a date written YYYY.MM.DD (? for what is unknown) that exists",
        Kind::InvalidRoundTag => "a number, numbers joined by dots, ? or -",
        Kind::InvalidEloTag => "an integer, or empty or - when unrated",
        Kind::InvalidTimeControlTag => {
            "?, -, or periods joined by colons: moves/seconds, seconds, seconds+increment, *seconds"
        }
        Kind::InvalidEcoTag => "a letter A-E and two digits (B12), optionally /two digits",
        Kind::InvalidTerminationTag => {
            "abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit or unterminated"
        }
        Kind::InvalidModeTag => "OTB, PM, EM, ICS or TC",
        Kind::WrongPlyCount => "the number of plies of the main line",
        _ => "the form the PGN standard gives",
    }
}

/// The one clear reading of a value [`value_problem`] finds wrong, in the
/// standard's form, or `None` when there is none (the value is left and
/// warned about). `2025-02-24`, `2025/02/24` and `Sun Jul 09 2023` are dates;
/// a year alone is a date with the month and day unknown; an Elo that is not a
/// number is emptied; an ECO code or a mode in small letters is capitalised;
/// an empty `Round` is unknown (`?`).
#[must_use]
pub fn fix_value(name: &[u8], raw: &[u8]) -> Option<String> {
    value_problem(name, raw)?;
    let text = core::str::from_utf8(raw).ok()?.trim();
    let fixed = match name {
        b"Date" | b"EventDate" | b"UTCDate" => fix_date(text)?,
        b"Round" if text.is_empty() => "?".to_owned(),
        b"WhiteElo" | b"BlackElo" => {
            let digits = text.trim_start_matches('0');
            if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && digits.len() <= 5 {
                if digits.is_empty() { "0" } else { digits }.to_owned()
            } else {
                String::new()
            }
        }
        b"ECO" | b"Mode" => text.to_ascii_uppercase(),
        b"TimeControl" | b"Termination" | b"Round" => text.to_owned(),
        _ => return None,
    };
    (fixed.as_bytes() != raw && value_problem(name, fixed.as_bytes()).is_none()).then_some(fixed)
}

/// A game's text with its tag section fixed as [`fix_value`] fixes each
/// value, the `PlyCount` tag set to `plies` (when known and wrong), and the
/// tags of the seven-tag roster the game lacks added before its first tag
/// (`?`, `????.??.??`; a missing `Result` is left to the movetext), or `None`
/// when nothing changes. Only the tag lines at the start of the game that hold
/// one tag each (`[Name "value"]`) are read; a game without tags is left as
/// it is. What `validate --fix-tags --valid-out` writes.
///
/// ```
/// use scoresheet_board::tags::fix_tag_lines;
/// let game = b"[Event \"x\"]\n[Date \"2025-02-24\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[PlyCount \"3\"]\n\n1. e4 e5 *\n";
/// let fixed = String::from_utf8(fix_tag_lines(game, Some(2)).unwrap()).unwrap();
/// assert_eq!(fixed, "[Site \"?\"]\n[Round \"?\"]\n[Event \"x\"]\n[Date \"2025.02.24\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[PlyCount \"2\"]\n\n1. e4 e5 *\n");
/// assert_eq!(fix_tag_lines(b"1. e4 *\n", Some(1)), None);
/// ```
#[must_use]
pub fn fix_tag_lines(text: &[u8], plies: Option<usize>) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() + 64);
    let mut changed = false;
    let mut present = [false; 7];
    let mut first_tag: Option<usize> = None;
    let mut at = 0;
    while at < text.len() {
        let end = text[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |n| at + n + 1);
        let line = &text[at..end];
        let body = line.trim_ascii();
        if body.is_empty() || body.starts_with(b";") || body.starts_with(b"%") {
            out.extend_from_slice(line);
            at = end;
            continue;
        }
        if !body.starts_with(b"[") {
            break;
        }
        first_tag.get_or_insert(out.len());
        let fixed = one_tag(body).and_then(|(name, raw)| {
            if let Some(slot) = ROSTER.iter().position(|r| r.as_bytes() == name) {
                present[slot] = true;
            }
            let value = if name == b"PlyCount" {
                plies
                    .filter(|&n| ply_count_problem(raw, n))
                    .map(|n| n.to_string())
            } else {
                fix_value(name, raw)
            }?;
            let lead = &line[..line.len() - line.trim_ascii_start().len()];
            let trail = &line[lead.len() + body.len()..];
            let mut new = Vec::with_capacity(line.len() + 8);
            new.extend_from_slice(lead);
            new.push(b'[');
            new.extend_from_slice(name);
            new.extend_from_slice(b" \"");
            new.extend_from_slice(value.as_bytes());
            new.extend_from_slice(b"\"]");
            new.extend_from_slice(trail);
            Some(new)
        });
        match fixed {
            Some(new) => {
                out.extend_from_slice(&new);
                changed = true;
            }
            None => out.extend_from_slice(line),
        }
        at = end;
    }
    let first_tag = first_tag?;
    let eol: &[u8] = if text.contains(&b'\r') {
        b"\r\n"
    } else {
        b"\n"
    };
    let mut roster = Vec::new();
    for (slot, name) in ROSTER.iter().enumerate() {
        if present[slot] || *name == "Result" {
            continue;
        }
        let value = if *name == "Date" { "????.??.??" } else { "?" };
        roster.extend_from_slice(format!("[{name} \"{value}\"]").as_bytes());
        roster.extend_from_slice(eol);
    }
    if roster.is_empty() && !changed {
        return None;
    }
    out.splice(first_tag..first_tag, roster);
    out.extend_from_slice(&text[at..]);
    Some(out)
}

/// The name and raw value of a line holding exactly one tag pair.
fn one_tag(body: &[u8]) -> Option<(&[u8], &[u8])> {
    let inner = body.strip_prefix(b"[")?.strip_suffix(b"]")?;
    let open = inner.iter().position(|&b| b == b'"')?;
    let name = inner[..open].trim_ascii();
    let raw = inner[open + 1..].strip_suffix(b"\"")?;
    // One value: no unescaped quote inside it.
    let mut escaped = false;
    for &b in raw {
        match b {
            b'\\' if !escaped => escaped = true,
            b'"' if !escaped => return None,
            _ => escaped = false,
        }
    }
    (!name.is_empty() && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_'))
        .then_some((name, raw))
}

/// `YYYY.MM.DD`, each part digits or question marks (a part may mix them, as
/// `19??`), a known month 1 to 12 and a known day 1 to 31.
fn is_date(raw: &[u8]) -> bool {
    let [y0, y1, y2, y3, b'.', m0, m1, b'.', d0, d1] = *raw else {
        return false;
    };
    let part = |p: &[u8]| p.iter().all(|&b| b.is_ascii_digit() || b == b'?');
    if !part(&[y0, y1, y2, y3]) || !part(&[m0, m1]) || !part(&[d0, d1]) {
        return false;
    }
    let number = |a: u8, b: u8| {
        (a.is_ascii_digit() && b.is_ascii_digit()).then(|| (a - b'0') * 10 + (b - b'0'))
    };
    let year = [y0, y1, y2, y3].iter().try_fold(0u32, |y, &b| {
        b.is_ascii_digit().then(|| y * 10 + u32::from(b - b'0'))
    });
    let month = number(m0, m1);
    // The last day of the month, February's 29th when the year is unknown.
    let last = match month {
        Some(2) => match year {
            Some(y) if !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) => 28,
            _ => 29,
        },
        Some(4 | 6 | 9 | 11) => 30,
        _ => 31,
    };
    month.is_none_or(|m| (1..=12).contains(&m))
        && number(d0, d1).is_none_or(|d| (1..=last).contains(&d))
}

/// A date with one clear reading in `YYYY.MM.DD`.
fn fix_date(text: &str) -> Option<String> {
    let two = |s: &str| -> Option<String> {
        let n: u8 = s.parse().ok()?;
        (s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit())).then(|| format!("{n:02}"))
    };
    let year =
        |s: &str| (s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.to_owned());
    let fixed = if text.is_empty() || text == "?" {
        "????.??.??".to_owned()
    } else if let Some(y) = year(text) {
        format!("{y}.??.??")
    } else if let [y, m, d] = text.split(['-', '/', '.']).collect::<Vec<_>>()[..] {
        // Year first: the ISO order, with dashes, slashes or dots, and months
        // or days of one digit.
        let y = year(y)?;
        let m = if m.bytes().all(|b| b == b'?') {
            "??".to_owned()
        } else {
            two(m)?
        };
        let d = if d.bytes().all(|b| b == b'?') {
            "??".to_owned()
        } else {
            two(d)?
        };
        format!("{y}.{m}.{d}")
    } else if let [y, m] = text.split(['-', '/', '.']).collect::<Vec<_>>()[..] {
        format!("{}.{}.??", year(y)?, two(m)?)
    } else {
        // JavaScript's Date.toString: `Sun Jul 09 2023`, perhaps with the time.
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        let [_, month, day, y, ..] = words[..] else {
            return None;
        };
        let months = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ];
        let m = months
            .iter()
            .position(|n| month.len() >= 3 && n.eq_ignore_ascii_case(&month[..3]))?;
        format!("{}.{:02}.{}", year(y)?, m + 1, two(day)?)
    };
    is_date(fixed.as_bytes()).then_some(fixed)
}

/// `?`, `-`, or numbers joined by dots (`3`, `3.1`).
fn is_round(raw: &[u8]) -> bool {
    raw == b"?"
        || raw == b"-"
        || (!raw.is_empty()
            && raw
                .split(|&b| b == b'.')
                .all(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit)))
}

/// An integer of at most five digits; empty, `-` or `?` for no rating.
fn is_elo(raw: &[u8]) -> bool {
    matches!(raw, b"" | b"-" | b"?") || (raw.len() <= 5 && raw.iter().all(u8::is_ascii_digit))
}

/// Section 9.6.1: `?` (unknown), `-` (none), or periods joined by `:`, each
/// `moves/seconds`, `seconds` (sudden death), `seconds+increment` or
/// `*seconds` (sandclock). Seconds written with a fraction (`60+0.6`, as
/// engine matches write) are read too.
fn is_time_control(raw: &[u8]) -> bool {
    if raw == b"?" || raw == b"-" {
        return true;
    }
    let int = |s: &[u8]| !s.is_empty() && s.len() <= 12 && s.iter().all(u8::is_ascii_digit);
    let seconds = |s: &[u8]| match s.iter().position(|&b| b == b'.') {
        Some(dot) => int(&s[..dot]) && int(&s[dot + 1..]),
        None => int(s),
    };
    !raw.is_empty()
        && raw.split(|&b| b == b':').all(|period| {
            if let Some(rest) = period.strip_prefix(b"*") {
                seconds(rest)
            } else if let Some(slash) = period.iter().position(|&b| b == b'/') {
                int(&period[..slash]) && seconds(&period[slash + 1..])
            } else if let Some(plus) = period.iter().position(|&b| b == b'+') {
                seconds(&period[..plus]) && seconds(&period[plus + 1..])
            } else {
                seconds(period)
            }
        })
}

/// `?` or empty (unknown), or a letter A to E and two digits, optionally a
/// slash and two more (`B12`, `B12/03`).
fn is_eco(raw: &[u8]) -> bool {
    match raw {
        b"" | b"?" => true,
        [l, a, b] => matches!(l, b'A'..=b'E') && a.is_ascii_digit() && b.is_ascii_digit(),
        [l, a, b, b'/', c, d] => {
            matches!(l, b'A'..=b'E') && [a, b, c, d].iter().all(|x| x.is_ascii_digit())
        }
        _ => false,
    }
}

/// The standard's eight terminations, in any case; `?` or empty when unknown.
fn is_termination(raw: &[u8]) -> bool {
    const ALL: [&[u8]; 8] = [
        b"abandoned",
        b"adjudication",
        b"death",
        b"emergency",
        b"normal",
        b"rules infraction",
        b"time forfeit",
        b"unterminated",
    ];
    matches!(raw, b"" | b"?") || ALL.iter().any(|t| t.eq_ignore_ascii_case(raw))
}

/// The standard's five modes; `?` or empty when unknown.
fn is_mode(raw: &[u8]) -> bool {
    matches!(raw, b"" | b"?" | b"OTB" | b"PM" | b"EM" | b"ICS" | b"TC")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        for ok in [
            "2025.02.24",
            "????.??.??",
            "1851.??.??",
            "19??.??.??",
            "2023.07.??",
        ] {
            assert_eq!(value_problem(b"Date", ok.as_bytes()), None, "{ok}");
        }
        for bad in [
            "2025-02-24",
            "2025.13.01",
            "2025.00.01",
            "2025.01.32",
            "2025",
            "?",
            "",
        ] {
            assert_eq!(
                value_problem(b"Date", bad.as_bytes()),
                Some(Kind::InvalidDateTag),
                "{bad}"
            );
        }
        let fix = |s: &str| fix_value(b"Date", s.as_bytes());
        assert_eq!(fix("2025-02-24").as_deref(), Some("2025.02.24"));
        assert_eq!(fix("2025/2/4").as_deref(), Some("2025.02.04"));
        assert_eq!(fix("Sun Jul 09 2023").as_deref(), Some("2023.07.09"));
        assert_eq!(
            fix("Sun Jul 09 2023 14:02:11 GMT+0200").as_deref(),
            Some("2023.07.09")
        );
        assert_eq!(fix("1999").as_deref(), Some("1999.??.??"));
        assert_eq!(fix("?").as_deref(), Some("????.??.??"));
        // Day and month in either order: no one clear reading.
        assert_eq!(fix("03/04/2021"), None);
        assert_eq!(fix("2025-13-01"), None);
    }

    #[test]
    fn time_controls() {
        for ok in [
            "?",
            "-",
            "300+3",
            "40/7200:3600",
            "*180",
            "60+0.6",
            "40/9000:20/3600:900+30",
        ] {
            assert_eq!(value_problem(b"TimeControl", ok.as_bytes()), None, "{ok}");
        }
        for bad in ["", "5 min", "300+", "40/", "3+2 blitz", "::"] {
            assert_eq!(
                value_problem(b"TimeControl", bad.as_bytes()),
                Some(Kind::InvalidTimeControlTag),
                "{bad}"
            );
        }
    }

    #[test]
    fn other_values() {
        assert_eq!(value_problem(b"Round", b"3.1"), None);
        assert_eq!(value_problem(b"Round", b""), Some(Kind::InvalidRoundTag));
        assert_eq!(fix_value(b"Round", b"").as_deref(), Some("?"));
        assert_eq!(value_problem(b"Round", b"3."), Some(Kind::InvalidRoundTag));
        assert_eq!(value_problem(b"BlackElo", b"2850"), None);
        assert_eq!(
            value_problem(b"BlackElo", b"2850?"),
            Some(Kind::InvalidEloTag)
        );
        assert_eq!(value_problem(b"ECO", b"B12/03"), None);
        assert_eq!(value_problem(b"ECO", b"c42"), Some(Kind::InvalidEcoTag));
        assert_eq!(fix_value(b"ECO", b"c42").as_deref(), Some("C42"));
        assert_eq!(fix_value(b"ECO", b"F42"), None);
        assert_eq!(value_problem(b"Termination", b"Time forfeit"), None);
        assert_eq!(
            value_problem(b"Termination", b"Carlsen won by resignation"),
            Some(Kind::InvalidTerminationTag)
        );
        assert_eq!(value_problem(b"Mode", b"ICS"), None);
        assert_eq!(fix_value(b"Mode", b"otb").as_deref(), Some("OTB"));
        assert_eq!(value_problem(b"Event", b"anything"), None);
        assert!(!ply_count_problem(b"42", 42));
        assert!(ply_count_problem(b"41", 42));
        assert!(ply_count_problem(b"", 0));
        assert!(ply_count_problem(b"99999999999999999999", 1));
    }
}
