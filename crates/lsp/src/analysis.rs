//! What the library says about a document: the games of a text, each judged by
//! the one judge, and the replayed main line of one game on demand. Nothing
//! here knows the protocol.
//!
//! This module is the language server's only door to the library's judge:
//! games are split by the notation crate's splitter (`pgn::games`, which cuts
//! a file where `validate`'s block reader cuts it) and judged by
//! [`scoresheet_board::judge::Judge`] with the options `validate` builds from
//! the same settings, so a game's problems are `validate`'s.
//!
//! A document keeps each game's verdict keyed by the game's text: after an
//! edit, the text is split again and only the games whose text changed are
//! judged again (a game's problems are located relative to its own text, so a
//! game that merely moved keeps its verdict).

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use scoresheet_board::desc::Origins;
use scoresheet_board::judge::{Judge, JudgeOptions, Judgement};
use scoresheet_board::reading::{PgnOutcome, book_reading};
use scoresheet_board::replay::{Replay, ReplayOptions, replay_from};
use scoresheet_board::told::parse_game_told;
use scoresheet_board::{EpStyle, Move, Position};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter, to_descriptive};
use scoresheet_notation::kinds::KindSet;
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{Game, Token, games};
use scoresheet_notation::{Diagnostic, Kind, Misprint, Mode, Severity, Span};

/// What the user chose: the options of `validate` that change a verdict.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// `--strict`: warnings are errors.
    pub strict: bool,
    /// `--deny`: kinds made errors (`warnings` for every warning).
    pub deny: Vec<String>,
    /// `--allow`: kinds made notes.
    pub allow: Vec<String>,
    /// `--lang`: the language of the piece letters, `None` to tell it per game.
    pub lang: Option<Language>,
}

impl Settings {
    /// The judge's options for these settings, built as `validate` builds
    /// them from its arguments (tags and notation asked for, as its JSON
    /// report asks).
    ///
    /// # Errors
    /// A kind that does not exist, named.
    pub fn judge_options(&self) -> Result<JudgeOptions, String> {
        let mut deny = KindSet::default();
        let mut allow = KindSet::default();
        let mut deny_warnings = false;
        for name in &self.deny {
            if name == "warnings" {
                deny_warnings = true;
            } else if !deny.insert(name) {
                return Err(format!("unknown kind in deny: {name}"));
            }
        }
        for name in &self.allow {
            if !allow.insert(name) {
                return Err(format!("unknown kind in allow: {name}"));
            }
        }
        Ok(JudgeOptions {
            replay: ReplayOptions {
                strict: self.strict || deny_warnings,
                deny,
                allow,
                ..ReplayOptions::default()
            },
            lang: self.lang,
            details: true,
            ..JudgeOptions::default()
        })
    }
}

/// One problem of a game, as `validate` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Error, warning or note (after `strict`, `deny` and `allow`).
    pub severity: Severity,
    /// The kind.
    pub kind: Kind,
    /// What is wrong.
    pub message: String,
    /// Where, relative to the game's base ([`GameEntry::base`]).
    pub span: Span,
    /// The whole move the problem is about (`validate`'s `move`), relative
    /// to the game's base.
    pub subject: Span,
    /// The main-line ply, if any.
    pub ply: Option<u32>,
    /// The readings of an ambiguous move.
    pub candidates: Vec<String>,
    /// For a misprint, the legal moves spelled closest to it.
    pub suggestions: Vec<String>,
    /// The earlier printed move blamed for this error (its span relative to
    /// the game's base), as `validate`'s `misprint`.
    pub misprint: Option<Misprint>,
}

/// A game's verdict: the problems `validate` reports (the first error, every
/// warning and note), and what the editor shows beside them.
#[derive(Debug, Clone, Default)]
pub struct Verdict {
    /// No error.
    pub valid: bool,
    /// Main-line plies played.
    pub plies: usize,
    /// The problems, in text order.
    pub problems: Vec<Problem>,
    /// The tags, in order.
    pub tags: Vec<(String, String)>,
    /// The notation of the main line (`san`, `lan`, `uci`, `descriptive`, `mixed`).
    pub notation: Option<&'static str>,
    /// Each variation, its parentheses included, relative to the game's base.
    pub variations: Vec<Span>,
}

impl Verdict {
    /// The first value of tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One game of a document.
#[derive(Debug, Clone)]
pub struct GameEntry {
    /// Its bytes in the document.
    pub span: Range<usize>,
    /// Where the spans of its verdict count from: the game's start.
    pub base: usize,
    /// The judge's verdict.
    pub verdict: Arc<Verdict>,
}

impl GameEntry {
    /// A span of the verdict, as a range of the document.
    #[must_use]
    pub fn absolute(&self, span: Span) -> Range<usize> {
        self.base + span.start()..self.base + span.end()
    }
}

/// How much an analysis judged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Games judged.
    pub judged: usize,
    /// Games whose verdict was kept from before.
    pub reused: usize,
}

/// A document's text and its games.
#[derive(Debug, Clone, Default)]
pub struct Document {
    text: String,
    book: bool,
    games: Vec<GameEntry>,
}

impl Document {
    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether a game of the text is written in descriptive notation (a
    /// book's table, or descriptive movetext), which strict PGN would rewrite.
    #[must_use]
    pub fn is_book(&self) -> bool {
        self.book
    }

    /// The games, in order.
    #[must_use]
    pub fn games(&self) -> &[GameEntry] {
        &self.games
    }

    /// The index of the game holding byte `offset` (or the last game starting
    /// before it, for an offset between games).
    #[must_use]
    pub fn game_at(&self, offset: usize) -> Option<usize> {
        let i = self.games.partition_point(|g| g.span.start <= offset);
        i.checked_sub(1)
    }
}

/// Judges documents with the user's settings.
#[derive(Debug)]
pub struct Analyzer {
    settings: Settings,
    options: JudgeOptions,
    judge: Judge,
}

impl Default for Analyzer {
    fn default() -> Analyzer {
        Analyzer::new(Settings::default()).unwrap_or_else(|_| unreachable!("no kinds named"))
    }
}

impl Analyzer {
    /// An analyzer with these settings.
    ///
    /// # Errors
    /// A kind named in the settings does not exist.
    pub fn new(settings: Settings) -> Result<Analyzer, String> {
        let options = settings.judge_options()?;
        Ok(Analyzer {
            judge: Judge::with_options(options.clone()),
            options,
            settings,
        })
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Judges `text` as the new text of `doc`: games whose text is unchanged
    /// keep their verdicts, when `reuse` (false after the settings changed).
    ///
    /// ```
    /// use scoresheet_lsp::analysis::{Analyzer, Document, Work};
    /// let mut analyzer = Analyzer::default();
    /// let mut doc = Document::default();
    /// let games = "[White \"a\"]\n\n1. e4 e5 *\n\n[White \"b\"]\n\n1. d4 Ke7 *\n";
    /// assert_eq!(analyzer.analyse(&mut doc, games.into(), true), Work { judged: 2, reused: 0 });
    /// assert!(doc.games()[0].verdict.valid && !doc.games()[1].verdict.valid);
    /// let fixed = games.replace("Ke7", "d5");
    /// assert_eq!(analyzer.analyse(&mut doc, fixed, true), Work { judged: 1, reused: 1 });
    /// assert!(doc.games()[1].verdict.valid);
    /// ```
    pub fn analyse(&mut self, doc: &mut Document, text: String, reuse: bool) -> Work {
        let old = std::mem::take(doc);
        doc.text = text;
        // PGN games and book tables alike: the splitter cuts the text into
        // games and the judge decides how each is written.
        let new: Vec<Range<usize>> = games(doc.text.as_bytes())
            .map(|g| g.offset..g.offset + g.bytes.len())
            .collect();
        let old_games: &[GameEntry] = if reuse { &old.games } else { &[] };
        let old_text = old.text.as_bytes();
        let new_text = doc.text.as_bytes();
        let same =
            |o: &GameEntry, n: &Range<usize>| old_text[o.span.clone()] == new_text[n.clone()];
        // The games before and after an edit are found in order; only those
        // between are looked up by their text.
        let head = old_games
            .iter()
            .zip(&new)
            .take_while(|(o, n)| same(o, n))
            .count();
        let tail = old_games[head..]
            .iter()
            .rev()
            .zip(new[head..].iter().rev())
            .take_while(|(o, n)| same(o, n))
            .count();
        let middle: HashMap<&[u8], &Arc<Verdict>> = old_games[head..old_games.len() - tail]
            .iter()
            .map(|g| (&old_text[g.span.clone()], &g.verdict))
            .collect();
        let mut work = Work::default();
        let count = new.len();
        let mut entries = Vec::with_capacity(count);
        for (i, span) in new.into_iter().enumerate() {
            let kept = if i < head {
                Some(&old_games[i].verdict)
            } else if i >= count - tail {
                let from_end = count - i;
                Some(&old_games[old_games.len() - from_end].verdict)
            } else {
                middle.get(&new_text[span.clone()]).copied()
            };
            let verdict = match kept {
                Some(v) => {
                    work.reused += 1;
                    Arc::clone(v)
                }
                None => {
                    work.judged += 1;
                    let game = &new_text[span.clone()];
                    Arc::new(verdict(self.judge.judge(game), Some(game)))
                }
            };
            entries.push(GameEntry {
                base: span.start,
                span,
                verdict,
            });
        }
        doc.book = entries
            .iter()
            .any(|g| g.verdict.notation == Some("descriptive"));
        doc.games = entries;
        work
    }

    /// The main line of game `index` of `doc`, replayed as far as it is legal.
    #[must_use]
    pub fn main_line(&self, doc: &Document, index: usize) -> Option<MainLine> {
        let entry = doc.games.get(index)?;
        let text = doc.text.as_bytes();
        let options = &self.options.replay;
        let game_text = &text[entry.span.clone()];
        let mut game = Game::default();
        parse_game_told(&mut game, game_text, 0, options.mode(), self.options.lang);
        let start = self.options.start.as_ref();
        let replay: Replay = replay_from(&game, options, start);
        // The board decides whether the game is a book's table, as the judge does.
        let replay = match book_reading(game_text, PgnOutcome::of(&replay, &game), options, start) {
            Some(table) => table.replay,
            None => replay,
        };
        let mut position = replay.start.clone();
        let mut plies = Vec::with_capacity(replay.moves.len());
        for (mv, span) in replay.moves.iter().zip(&replay.written) {
            let before = position.clone();
            position.play_unchecked(mv);
            plies.push(Ply {
                span: entry.absolute(*span),
                mv: *mv,
                before,
                after: position.clone(),
            });
        }
        Some(MainLine {
            start: replay.start,
            plies,
            language: self.language_of(&text[entry.span.clone()]),
            notation: entry.verdict.notation,
            style: desc_style(&text[entry.span.clone()]),
        })
    }

    /// The language a game's letters are written in: the settings', else the
    /// one the parser read them in (by their letters, or by the legal moves
    /// where the letters fit languages that read them differently).
    fn language_of(&self, text: &[u8]) -> Language {
        if let Some(lang) = self.options.lang {
            return lang;
        }
        let mut game = Game::default();
        parse_game_told(&mut game, text, 0, Mode::Lenient, None);
        let told = game
            .diagnostics
            .iter()
            .find(|d| d.kind == Kind::LanguageByMoves)
            .and_then(|d| d.candidates.first())
            .and_then(|code| Language::from_code(code));
        if let Some(language) = told {
            return language;
        }
        let tokens = game.tokens.iter().filter_map(|t| match t {
            Token::Move(m) => Some(m.span().slice(text)),
            _ => None,
        });
        match scoresheet_notation::lang::detect(tokens) {
            scoresheet_notation::lang::Detection::Language { language, .. } => language,
            _ => Language::English,
        }
    }
}

/// A game's main line, replayed.
#[derive(Debug, Clone)]
pub struct MainLine {
    /// The position before the first move.
    pub start: Position,
    /// Each ply played, in order.
    pub plies: Vec<Ply>,
    /// The language of the piece letters.
    pub language: Language,
    /// The notation the moves are written in.
    pub notation: Option<&'static str>,
    /// How its descriptive moves are written.
    pub style: DescStyle,
}

/// One ply of a main line.
#[derive(Debug, Clone)]
pub struct Ply {
    /// Where the move is written in the document.
    pub span: Range<usize>,
    /// The move.
    pub mv: Move,
    /// The position it was played in.
    pub before: Position,
    /// The position after it.
    pub after: Position,
}

impl MainLine {
    /// The ply written at byte `offset` of the document, with its index.
    #[must_use]
    pub fn ply_at(&self, offset: usize) -> Option<(usize, &Ply)> {
        self.plies
            .iter()
            .enumerate()
            .find(|(_, p)| p.span.start <= offset && offset <= p.span.end)
    }

    /// The legal moves at byte `offset` (after the last ply written before
    /// it), spelled in this game's notation and language, in the board's order.
    #[must_use]
    pub fn moves_at(&self, offset: usize) -> Vec<String> {
        let (pos, origins) = self.at(offset);
        pos.legal_moves()
            .iter()
            .map(|m| self.spell(pos, origins.as_ref(), m))
            .collect()
    }

    /// The legal move at byte `offset` whose LAN is `lan` (`Nf6xe4`, as the
    /// suggestions for a misprint name it), spelled in this game's notation.
    #[must_use]
    pub fn respell(&self, offset: usize, lan: &str) -> Option<String> {
        let (pos, origins) = self.at(offset);
        let legal = pos.legal_moves();
        let m = legal.iter().find(|m| m.to_lan() == lan)?;
        Some(self.spell(pos, origins.as_ref(), m))
    }

    /// The position at byte `offset`, after the plies written before it, and
    /// for descriptive notation where each piece started.
    fn at(&self, offset: usize) -> (&Position, Option<Origins>) {
        let played = self
            .plies
            .iter()
            .take_while(|p| p.span.end <= offset)
            .count();
        let pos = played
            .checked_sub(1)
            .map_or(&self.start, |i| &self.plies[i].after);
        let origins = (self.notation == Some("descriptive")).then(|| {
            let mut origins = Origins::from_position(&self.start);
            for p in &self.plies[..played] {
                origins.play(&p.mv);
            }
            origins
        });
        (pos, origins)
    }

    fn spell(&self, pos: &Position, origins: Option<&Origins>, m: &Move) -> String {
        match (origins, self.notation) {
            (Some(origins), _) => to_descriptive(pos, m, origins, &self.style),
            (None, Some("lan")) => localized(&m.to_lan(), self.language),
            (None, Some("uci")) => m.to_uci(),
            (None, _) => localized(&pos.san(m), self.language),
        }
    }
}

/// The style of a game's descriptive moves, as its text shows it: `Kt` or
/// `N`, spaced or compact, `Castles` or `O-O`.
fn desc_style(text: &[u8]) -> DescStyle {
    let has = |word: &[u8]| text.windows(word.len()).any(|w| w == word);
    DescStyle {
        spaced: has(b" - "),
        knight: if has(b"Kt") {
            KnightLetter::Kt
        } else {
            KnightLetter::N
        },
        castles_word: has(b"Castles"),
        ..DescStyle::default()
    }
}

/// English SAN or LAN in `language`'s letters.
fn localized(english: &str, language: Language) -> String {
    if language == Language::English {
        return english.to_owned();
    }
    let mut out = Vec::new();
    scoresheet_notation::lang::localize(english.as_bytes(), language, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A judgement as the verdict `validate` reports: the first error, every
/// warning and note. `pgn` is the game's text when it is PGN (a book's
/// tables have no variations).
fn verdict(j: Judgement, pgn: Option<&[u8]>) -> Verdict {
    let first_error = j
        .diagnostics
        .iter()
        .position(|d| d.severity == Severity::Error);
    let problems = j
        .diagnostics
        .iter()
        .enumerate()
        .filter(|(i, d)| d.severity != Severity::Error || Some(*i) == first_error)
        .map(|(_, d)| problem(d, &j.written, j.failed))
        .collect();
    let variations = pgn.map(variations).unwrap_or_default();
    Verdict {
        valid: first_error.is_none(),
        plies: j.plies,
        problems,
        tags: j.tags,
        notation: j.notation,
        variations,
    }
}

/// A diagnostic as a problem: its subject is the move `validate` names (the
/// ply's, else the failed move holding it, else its own span).
fn problem(d: &Diagnostic, written: &[Span], failed: Option<Span>) -> Problem {
    let subject = d
        .ply
        .and_then(|p| written.get((p as usize).checked_sub(1)?))
        .copied()
        .or_else(|| failed.filter(|f| f.start() <= d.span.start() && d.span.end() <= f.end()))
        .unwrap_or(d.span);
    Problem {
        severity: d.severity,
        kind: d.kind,
        message: d.message.clone(),
        span: d.span,
        subject,
        ply: d.ply,
        candidates: d.candidates.clone(),
        suggestions: d.suggestions.clone(),
        misprint: d.misprint.as_deref().cloned(),
    }
}

/// The variations of a PGN game: parsed only when the game has a parenthesis
/// at all.
fn variations(text: &[u8]) -> Vec<Span> {
    if !text.contains(&b'(') {
        return Vec::new();
    }
    let mut game = Game::default();
    parse_game_told(&mut game, text, 0, Mode::Lenient, None);
    let mut open = Vec::new();
    let mut out = Vec::new();
    for t in &game.tokens {
        match t {
            Token::StartVariation(s) => open.push(s.start()),
            Token::EndVariation(s) => {
                if let Some(from) = open.pop() {
                    out.push(Span::new(from, s.end()));
                }
            }
            _ => {}
        }
    }
    out.sort_by_key(|s| s.start());
    out
}

/// A position's FEN, en passant only where it can be taken.
#[must_use]
pub fn fen(pos: &Position) -> String {
    pos.to_fen(EpStyle::Legal)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's place and its problems' kinds and places.
    type Shown = (Range<usize>, Vec<(Kind, Range<usize>)>);

    /// Each game's place and problems: what a document shows.
    fn shown(doc: &Document) -> Vec<Shown> {
        doc.games()
            .iter()
            .map(|g| {
                let problems = g
                    .verdict
                    .problems
                    .iter()
                    .map(|p| (p.kind, g.absolute(p.span)))
                    .collect();
                (g.span.clone(), problems)
            })
            .collect()
    }

    /// Edits a document step by step; after each edit, what the kept
    /// verdicts show must be what a fresh judgement of the text shows.
    #[test]
    fn kept_verdicts_are_fresh_verdicts() {
        let game = |n: usize, moves: &str| format!("[Event \"{n}\"]\n\n{moves}\n\n");
        let a = game(1, "1. e4 e5 2. Nf3 Nc6 *");
        let b = game(2, "1. d4 d5 2. Ke3 *");
        let c = game(3, "1. c4 e5 2. Nc3+ Nf6 *");
        let texts = [
            format!("{a}{b}{c}"),
            // The illegal move fixed.
            format!("{a}{}{c}", b.replace("Ke3", "c4")),
            // A game inserted before the others: every game moves.
            format!("{c}{a}{}{c}", b.replace("Ke3", "c4")),
            // The same game twice, one of them changed.
            format!("{c}{a}{c}{}", c.replace("Nf6", "Kf6")),
            // Text between games, and the last game cut short.
            format!("{c}\n% a remark\n{a}{}", &c[..c.len() - 8]),
            String::new(),
            format!("{a}{b}"),
        ];
        let mut analyzer = Analyzer::default();
        let mut doc = Document::default();
        let mut kept = 0;
        for text in texts {
            let work = analyzer.analyse(&mut doc, text.clone(), true);
            kept += work.reused;
            let mut fresh = Document::default();
            Analyzer::default().analyse(&mut fresh, text.clone(), true);
            assert_eq!(shown(&doc), shown(&fresh), "{text}");
            assert_eq!(work.judged + work.reused, doc.games().len());
        }
        assert!(kept >= 8, "verdicts kept: {kept}");
    }

    #[test]
    fn problems_are_validates_first_error_warnings_and_notes() {
        let mut analyzer = Analyzer::default();
        let mut doc = Document::default();
        // A wrong check mark (a warning), then two illegal moves: the first
        // error alone is reported.
        analyzer.analyse(&mut doc, "1. e4+ e5 2. Ke3 Ke6 *\n".into(), true);
        let kinds: Vec<Kind> = doc.games()[0]
            .verdict
            .problems
            .iter()
            .map(|p| p.kind)
            .collect();
        assert_eq!(kinds, [Kind::WrongCheckMark, Kind::IllegalMove]);
    }

    #[test]
    fn settings_name_real_kinds() {
        let bad = Settings {
            deny: vec!["no-such-kind".into()],
            ..Settings::default()
        };
        assert_eq!(
            Analyzer::new(bad).map(|_| ()),
            Err("unknown kind in deny: no-such-kind".to_owned())
        );
        let strict = Settings {
            deny: vec!["warnings".into()],
            ..Settings::default()
        };
        let options = strict.judge_options().expect("real kinds");
        assert!(options.replay.strict);
    }
}
