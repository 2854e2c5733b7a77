//! Which games to keep: a selection by tag values (`--tag White=Carlsen*`),
//! result, length, ECO range, the players' ratings and a position reached,
//! asked of each resolved game.
//!
//! Tests on one tag name are alternatives (any may match); tests on different
//! names must all match. A pattern is a glob: `*` any run of characters, `?`
//! one character, anything else itself (letters compared without case). A
//! missing tag reads as empty, so only a pattern that matches the empty value
//! (`*`, or nothing) selects a game without it.
//!
//! ```
//! use scoresheet_convert::select::Selection;
//! let mut s = Selection::default();
//! s.add_tag("White=Carlsen*").unwrap();
//! s.add_tag("White=*Nakamura").unwrap();
//! s.add_tag("Result=1-0").unwrap();
//! let tags = |white: &str, result: &str| vec![("White".to_owned(), white.to_owned()), ("Result".to_owned(), result.to_owned())];
//! assert!(s.matches_tags(&tags("Carlsen, Magnus", "1-0")));
//! assert!(s.matches_tags(&tags("Hikaru Nakamura", "1-0")));
//! assert!(!s.matches_tags(&tags("Carlsen, Magnus", "0-1")));
//! assert!(!s.matches_tags(&tags("Caruana, Fabiano", "1-0")));
//! ```

use scoresheet_board::Position;

use crate::game::ResolvedGame;

/// Whose rating [`Selection::set_elo`] tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EloOf {
    /// Both players' ratings must be in the range.
    #[default]
    Both,
    /// One of the players' ratings at least.
    Either,
}

/// A selection of games; the default selects every game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// By tag name, the patterns one of which its value must match.
    tags: Vec<(String, Vec<String>)>,
    /// The fewest and most plies of the main line.
    plies: Option<(usize, usize)>,
    /// The first and last ECO codes the `ECO` tag may have.
    eco: Option<(String, String)>,
    /// The lowest and highest rating, and whose.
    elo: Option<(u32, u32, EloOf)>,
    /// The hash of a position the main line must reach (the start included).
    position: Option<u64>,
}

impl Selection {
    /// Whether the selection keeps every game.
    #[must_use]
    pub fn is_all(&self) -> bool {
        self.tags.is_empty()
            && self.plies.is_none()
            && self.eco.is_none()
            && self.elo.is_none()
            && self.position.is_none()
    }

    /// Keeps only games whose `Result` is `result` (`1-0`, `0-1`, `1/2-1/2`
    /// or `*`; repeated, any of them).
    ///
    /// # Errors
    /// A value that is not a result.
    pub fn add_result(&mut self, result: &str) -> Result<(), String> {
        let result = result.trim();
        if !matches!(result, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Err(format!(
                "{result:?} is not a result: 1-0, 0-1, 1/2-1/2 or *"
            ));
        }
        self.add_tag(&format!("Result={result}"))
    }

    /// Keeps only games whose `ECO` tag lies in `range`, `A00-B99` (or one
    /// code, `C42`; letters in any case).
    ///
    /// ```
    /// use scoresheet_convert::select::Selection;
    /// let mut s = Selection::default();
    /// s.set_eco_range("b00-b99").unwrap();
    /// let eco = |code: &str| vec![("ECO".to_owned(), code.to_owned())];
    /// assert!(s.matches_tags(&eco("B12")));
    /// assert!(!s.matches_tags(&eco("C00")));
    /// assert!(!s.matches_tags(&[]));
    /// assert!(s.set_eco_range("B99-A00").is_err());
    /// ```
    ///
    /// # Errors
    /// A range that is not two codes, first not after last.
    pub fn set_eco_range(&mut self, range: &str) -> Result<(), String> {
        let range = range.trim().to_ascii_uppercase();
        let (from, to) = range.split_once('-').unwrap_or((&range, &range));
        let code = |c: &str| {
            let b = c.as_bytes();
            b.len() == 3 && matches!(b[0], b'A'..=b'E') && b[1..].iter().all(u8::is_ascii_digit)
        };
        if !code(from) || !code(to) || from > to {
            return Err(format!(
                "{range:?} is not a range of ECO codes, first to last (A00-B99)"
            ));
        }
        self.eco = Some((from.to_owned(), to.to_owned()));
        Ok(())
    }

    /// Keeps only games whose players are rated from `min` to `max`
    /// (`WhiteElo`, `BlackElo`): both players, or either. A missing or empty
    /// rating is outside every range.
    pub fn set_elo(&mut self, min: u32, max: u32, of: EloOf) {
        self.elo = Some((min, max, of));
    }

    /// Keeps only games whose main line reaches `pos` (placement, side to
    /// move, castling rights and a legal en passant capture: the first four
    /// fields of its FEN), the start included.
    pub fn set_position(&mut self, pos: &Position) {
        self.position = Some(pos.zobrist());
    }

    /// Whether the value of the first tag named `name` passes the ECO and
    /// rating tests of the selection (the tag tests aside).
    fn matches_values<'v>(&self, value: impl Fn(&str) -> Option<&'v str>) -> bool {
        if let Some((from, to)) = &self.eco
            && !scoresheet_board::eco::in_range(value("ECO").unwrap_or(""), from, to)
        {
            return false;
        }
        if let Some((min, max, of)) = self.elo {
            let rated = |name: &str| {
                value(name)
                    .and_then(|v| v.trim().parse::<u32>().ok())
                    .is_some_and(|e| min <= e && e <= max)
            };
            let (white, black) = (rated("WhiteElo"), rated("BlackElo"));
            let ok = match of {
                EloOf::Both => white && black,
                EloOf::Either => white || black,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Adds a test `NAME=GLOB` on a tag's value.
    ///
    /// # Errors
    /// A test without `=` or without a name.
    pub fn add_tag(&mut self, test: &str) -> Result<(), String> {
        let Some((name, pattern)) = test.split_once('=') else {
            return Err(format!("{test:?} is not NAME=PATTERN"));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("{test:?} names no tag"));
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, patterns)) => patterns.push(pattern.to_owned()),
            None => self.tags.push((name.to_owned(), vec![pattern.to_owned()])),
        }
        Ok(())
    }

    /// Keeps only games whose main line has from `min` to `max` plies.
    pub fn set_plies(&mut self, min: usize, max: usize) {
        self.plies = Some((min, max));
    }

    /// Whether tags given as decoded name and value pairs pass the tag tests
    /// (the first tag of each name counts; a missing tag reads as empty).
    #[must_use]
    pub fn matches_tags(&self, tags: &[(String, String)]) -> bool {
        let value = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        if !self.matches_values(value) {
            return false;
        }
        self.tags.iter().all(|(name, patterns)| {
            let value = tags
                .iter()
                .find(|(n, _)| n == name)
                .map_or("", |(_, v)| v.as_str());
            patterns.iter().any(|p| glob(p, value))
        })
    }

    /// Whether a resolved game is selected. Its `Result` is the result the
    /// game is written with.
    #[must_use]
    pub fn matches(&self, game: &ResolvedGame<'_>) -> bool {
        if let Some((min, max)) = self.plies {
            let plies = game.mainline().count();
            if plies < min || plies > max {
                return false;
            }
        }
        if self.eco.is_some() || self.elo.is_some() {
            let values: Vec<(String, String)> = ["ECO", "WhiteElo", "BlackElo"]
                .iter()
                .filter_map(|n| {
                    let t = game.tags.iter().find(|t| t.name == n.as_bytes())?;
                    Some(((*n).to_owned(), t.value().into_owned()))
                })
                .collect();
            let value = |name: &str| {
                values
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.as_str())
            };
            if !self.matches_values(value) {
                return false;
            }
        }
        if let Some(target) = self.position {
            let mut pos = game.start.clone();
            let mut reached = pos.zobrist() == target;
            for m in game.mainline() {
                if reached || pos.play(&m.mv).is_err() {
                    break;
                }
                reached = pos.zobrist() == target;
            }
            if !reached {
                return false;
            }
        }
        self.tags.iter().all(|(name, patterns)| {
            let value = if name == "Result" {
                game.result.as_str().into()
            } else {
                game.tags
                    .iter()
                    .find(|t| t.name == name.as_bytes())
                    .map_or_else(|| "".into(), |t| t.value())
            };
            patterns.iter().any(|p| glob(p, &value))
        })
    }
}

/// Whether `text` matches the glob `pattern` (`*`, `?`; letters without
/// case), in time proportional to their lengths' product at worst.
#[must_use]
pub fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let same = |a: char, b: char| a == '?' || a == b || a.to_lowercase().eq(b.to_lowercase());
    let (mut i, mut j) = (0, 0);
    // The last star seen, and where in the text its run ends so far.
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if i < p.len() && same(p[i], t[j]) {
            i += 1;
            j += 1;
        } else if let Some((s, k)) = star {
            // The star takes one more character.
            star = Some((s, k + 1));
            i = s + 1;
            j = k + 1;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(white: &str, black: &str) -> Vec<(String, String)> {
        vec![
            ("WhiteElo".to_owned(), white.to_owned()),
            ("BlackElo".to_owned(), black.to_owned()),
        ]
    }

    #[test]
    fn ratings_of_both_or_either() {
        let mut both = Selection::default();
        both.set_elo(2000, 2500, EloOf::Both);
        assert!(both.matches_tags(&rated("2100", "2499")));
        assert!(!both.matches_tags(&rated("2100", "1999")));
        assert!(!both.matches_tags(&rated("2100", "")));
        let mut either = Selection::default();
        either.set_elo(2000, 2500, EloOf::Either);
        assert!(either.matches_tags(&rated("2100", "")));
        assert!(!either.matches_tags(&rated("1500", "2600")));
    }

    #[test]
    fn results() {
        let mut s = Selection::default();
        s.add_result("1-0").unwrap();
        s.add_result("1/2-1/2").unwrap();
        assert!(s.add_result("draw").is_err());
        let result = |r: &str| vec![("Result".to_owned(), r.to_owned())];
        assert!(s.matches_tags(&result("1/2-1/2")));
        assert!(!s.matches_tags(&result("0-1")));
    }

    #[test]
    fn globs() {
        assert!(glob("Carlsen*", "Carlsen, Magnus"));
        assert!(glob("carlsen*", "Carlsen, Magnus"));
        assert!(glob("*", ""));
        assert!(glob("*sen, M*", "Carlsen, Magnus"));
        assert!(glob("20??.*", "2023.07.09"));
        assert!(!glob("20??.*", "1999.07.09"));
        assert!(!glob("Carlsen", "Carlsen, Magnus"));
        assert!(glob("a*b*c", "aXbYbZc"));
        assert!(!glob("a*b*c", "aXbYbZ"));
        assert!(glob("", ""));
        assert!(!glob("", "x"));
    }
}
