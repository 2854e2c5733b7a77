//! Captions: the line printed above a game that names its players, and
//! sometimes its place and year (`Morphy–Anderssen, Paris 1858`,
//! `White: Marshall. Black: Capablanca.`, `(1) Paul Morphy (2800) - Duke of
//! Brunswick`), read only where its parts are plainly names: a caption that
//! is not plain stays commentary, never half-read.

/// What a caption names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Caption {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The place, when the caption gives one before its year.
    pub site: Option<String>,
    /// The year, when the caption ends in one.
    pub year: Option<u16>,
}

impl Caption {
    /// The caption as PGN tags: `White`, `Black`, then `Site` and `Date`
    /// (`1858.??.??`) when given.
    #[must_use]
    pub fn tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![
            ("White".to_owned(), self.white.clone()),
            ("Black".to_owned(), self.black.clone()),
        ];
        if let Some(site) = &self.site {
            tags.push(("Site".to_owned(), site.clone()));
        }
        if let Some(year) = self.year {
            tags.push(("Date".to_owned(), format!("{year}.??.??")));
        }
        tags
    }
}

/// Words that join the parts of a name in lower case (`Count of Isouard`,
/// `van der Wiel`).
const PARTICLES: [&str; 14] = [
    "of", "the", "von", "van", "der", "den", "de", "du", "la", "le", "y", "da", "di", "dos",
];

/// Whether `s` is plainly a person's name (or `N.N.`): one to six words, the
/// first capitalised, each capitalised, an initial or a particle; no digit,
/// no bracket, not a side's name alone.
fn plain_name(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty() || words.len() > 6 || s.len() > 60 {
        return false;
    }
    if matches!(
        s.to_lowercase().as_str(),
        "white" | "black" | "white." | "black."
    ) {
        return false;
    }
    let capitalised = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    capitalised(words[0])
        && words.iter().all(|w| {
            (capitalised(w) || PARTICLES.contains(w) || *w == "&")
                && w.chars()
                    .all(|c| c.is_alphabetic() || matches!(c, '.' | '\'' | '’' | '-'))
        })
}

/// `s` without a leading `(1)` and trailing ratings and openings codes
/// (`(2800)`, `[C41]`), trimmed of spaces and sentence marks.
fn bare(s: &str) -> &str {
    let mut s = s.trim();
    if let Some(rest) = s.strip_prefix('(') {
        if let Some(close) = rest.find(')') {
            if rest[..close].chars().all(|c| c.is_ascii_digit()) {
                s = rest[close + 1..].trim();
            }
        }
    }
    loop {
        let before = s;
        for (open, close) in [('(', ')'), ('[', ']')] {
            if s.ends_with(close) {
                if let Some(at) = s.rfind(open) {
                    s = s[..at].trim_end();
                }
            }
        }
        if s == before {
            break;
        }
    }
    let s = s.trim().trim_end_matches([',', ';', ':']).trim_end();
    // A sentence's full stop after a name, not an initial's (`N.N.`, `Jr.`).
    let last = s.rsplit(' ').next().unwrap_or_default();
    if last.ends_with('.') && last.chars().count() > 4 && !last[..last.len() - 1].contains('.') {
        &s[..s.len() - 1]
    } else {
        s
    }
}

/// The place and year after the players (`Paris 1858`, `Melbourne, 1916`):
/// the year is the last word, four digits; the place the plain words before.
fn place_and_year(rest: &str) -> Option<(Option<String>, u16)> {
    let rest = rest.trim().trim_end_matches('.').trim();
    let (place, year) = rest.rsplit_once(' ').unwrap_or(("", rest));
    let year: u16 = year
        .trim()
        .parse()
        .ok()
        .filter(|y| (1400..=2100).contains(y))?;
    let place = place.trim().trim_end_matches(',').trim();
    let site = (!place.is_empty()
        && place.len() <= 60
        && place
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | ',' | '.' | '-' | '\'')))
    .then(|| place.to_owned());
    Some((site, year))
}

/// The players (and place and year) a caption line names, when it plainly
/// names them; `None` for any other line.
///
/// ```
/// use scoresheet_notation::caption::read_caption;
/// let c = read_caption("Morphy–Anderssen, Paris 1858").unwrap();
/// assert_eq!((c.white.as_str(), c.black.as_str()), ("Morphy", "Anderssen"));
/// assert_eq!((c.site.as_deref(), c.year), (Some("Paris"), Some(1858)));
/// let c = read_caption("(1) Paul Morphy (2800) - Duke of Brunswick").unwrap();
/// assert_eq!((c.white.as_str(), c.black.as_str()), ("Paul Morphy", "Duke of Brunswick"));
/// let c = read_caption("White: F. J. Marshall. Black: J. R. Capablanca.").unwrap();
/// assert_eq!((c.white.as_str(), c.black.as_str()), ("F. J. Marshall", "J. R. Capablanca"));
/// assert!(read_caption("1. e4 e5 2. Nf3 - a good move").is_none());
/// assert!(read_caption("White - Black").is_none());
/// assert!(read_caption("The game went on - and on, for 1858 moves").is_none());
/// ```
#[must_use]
pub fn read_caption(line: &str) -> Option<Caption> {
    let line = line.trim();
    if line.is_empty() || line.len() > 160 {
        return None;
    }
    if let Some(c) = sides_named(line) {
        return Some(c);
    }
    const SEPARATORS: [&str; 10] = [
        " – ", " — ", " - ", " v. ", " vs. ", " vs ", " v ", " versus ", "–", "—",
    ];
    let sep = SEPARATORS.iter().find(|s| line.contains(**s))?;
    if line.matches(sep).count() != 1 {
        return None;
    }
    let (left, right) = line.split_once(sep)?;
    let (black, rest) = match right.split_once(',') {
        Some((name, rest)) => (name, Some(rest)),
        None => (right, None),
    };
    let (white, black) = (bare(left), bare(black));
    if !plain_name(white) || !plain_name(black) {
        return None;
    }
    let (site, year) = match rest {
        Some(rest) => {
            let (site, year) = place_and_year(rest)?;
            (site, Some(year))
        }
        None => (None, None),
    };
    Some(Caption {
        white: white.to_owned(),
        black: black.to_owned(),
        site,
        year,
    })
}

/// `White: X. Black: Y.` (or `WHITE`, `BLACK`), both sides named.
fn sides_named(line: &str) -> Option<Caption> {
    let lower = line.to_lowercase();
    if lower.len() != line.len() {
        return None;
    }
    let w = lower.find("white:")?;
    let b = lower.find("black:")?;
    let name = |from: usize, to: usize| -> Option<String> {
        let s = line.get(from..to)?;
        let s = bare(name_before_sentence(s.trim()));
        plain_name(s).then(|| s.to_owned())
    };
    let (white, black) = if w < b {
        (name(w + 6, b)?, name(b + 6, line.len())?)
    } else {
        (name(w + 6, line.len())?, name(b + 6, w)?)
    };
    Some(Caption {
        white,
        black,
        site: None,
        year: None,
    })
}

/// A name at the start of `s`, up to the first full stop that ends a word
/// longer than an initial or a title (`J. R. Capablanca. Played at...` is
/// `J. R. Capablanca`).
fn name_before_sentence(s: &str) -> &str {
    let mut from = 0;
    while let Some(at) = s[from..].find(". ").map(|i| from + i) {
        let word = s[..at].rsplit(' ').next().unwrap_or_default();
        if word.chars().count() > 3 {
            return &s[..at];
        }
        from = at + 2;
    }
    s
}
