//! Which games to keep: a selection by tag values (`--tag White=Carlsen*`),
//! result and length, asked of each resolved game.
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

use crate::game::ResolvedGame;

/// A selection of games; the default selects every game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// By tag name, the patterns one of which its value must match.
    tags: Vec<(String, Vec<String>)>,
    /// The fewest and most plies of the main line.
    plies: Option<(usize, usize)>,
}

impl Selection {
    /// Whether the selection keeps every game.
    #[must_use]
    pub fn is_all(&self) -> bool {
        self.tags.is_empty() && self.plies.is_none()
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
