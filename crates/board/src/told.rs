//! The language of a game's piece letters, told by the board when the letters
//! alone cannot tell it.
//!
//! The notation crate tells a game's language from its letters
//! ([`scoresheet_notation::lang::detect`]); when the letters fit languages that
//! read them differently (`L` is a bishop in German and a rook in Italian), it
//! reports `undecidable-language` with the candidates. Often only one of those
//! readings is a legal game, or every legal one names the same moves (a short
//! game whose ambiguous letter is never used for a move that differs): then
//! there is nothing to guess, and [`parse_game_told`] reads the game in that
//! language with a `language-by-moves` note saying why. Otherwise the error
//! stays, its candidates narrowed to the languages whose reading is legal.
//!
//! ```
//! use scoresheet_board::told::parse_game_told;
//! use scoresheet_notation::{Kind, Mode};
//! use scoresheet_notation::pgn::Game;
//! // `S` is a knight in German and a bishop in Czech; after 1.e4 e5 no
//! // bishop reaches f3, so the German reading (a knight) is the only legal one.
//! let text = b"1. e4 e5 2. Sf3 *";
//! let mut game = Game::default();
//! parse_game_told(&mut game, text, 0, Mode::Lenient, None);
//! let kinds: Vec<&str> = game.diagnostics.iter().map(|d| d.kind.name()).collect();
//! assert!(kinds.contains(&"language-by-moves"), "{kinds:?}");
//! assert!(!kinds.contains(&"undecidable-language"));
//! ```

use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{
    Game, Reading, Readings, parse_game_chosen_into, parse_game_lang_into,
};
use scoresheet_notation::{Diagnostic, Kind, Mode, Severity, Span};

use crate::{Move, Position, resolve};

use crate::replay::{ReplayOptions, replay};

/// Parses `text` into `game` as [`parse_game_lang_into`] does, then, when the
/// language cannot be told from the letters (and `lang` does not give it),
/// lets the legal moves tell it (see the module's documentation).
pub fn parse_game_told<'a>(
    game: &mut Game<'a>,
    text: &'a [u8],
    base: usize,
    mode: Mode,
    lang: Option<Language>,
) {
    parse_game_lang_into(game, text, base, mode, lang);
    if lang.is_some() {
        return;
    }
    tell_language(game, text, base, mode);
    rarer_language(game, text, base, mode);
    // Letters no table (or no legal reading in one) explains: learned from
    // the legal moves, when they can be (`learn`). Only for a game whose
    // first error is a move with an unknown capital: other games pay nothing.
    if game.stop.is_some() && crate::learn::worth_trying(game) {
        crate::learn::read_learned(game, text, base, mode);
    }
}

/// A game its letters told to be in a common language that has no legal
/// reading in it, read in the other languages whose tables also have its
/// letters: the board decides, as between the common ones. A game read in
/// another language's letters than English (an Icelandic `Rf3`, a knight,
/// where Portuguese reads a king) tries the rarer tables; a game whose
/// letters are all English (`1.e4 e5, 2.Rf3 Rc6, 3.Bb5`: Icelandic, `R` the
/// knight) tries every language that reads one of its letters as another
/// piece. Only games illegal so pay for it; an English game that writes
/// `N` or `Q` has no other reading.
/// How many plies past the told language's reading another reading must play,
/// none being legal to the end, to be taken for it.
const FURTHER: usize = 4;

fn rarer_language<'a>(game: &mut Game<'a>, text: &'a [u8], base: usize, mode: Mode) {
    let national = game
        .diagnostics
        .iter()
        .position(|d| d.kind == Kind::NationalLetters);
    let told_elsewhere = game.diagnostics.iter().any(|d| {
        matches!(
            d.kind,
            Kind::LanguageByMoves | Kind::UndecidableLanguage | Kind::MixedPieceLetters
        )
    });
    if national.is_none() && told_elsewhere {
        return;
    }
    // The languages to try, told from the letters before any replay: most
    // games (an English game writing `N` or `Q`) have none and pay nothing.
    let (told, others): (Option<Language>, Vec<Language>) = match national {
        Some(at) => {
            // The relaxation names the language it read the game in.
            let message = &game.diagnostics[at].message;
            let told = Language::ALL
                .into_iter()
                .find(|l| message.contains(&format!("read as {} (", l.name())));
            let rarer = Language::ALL
                .into_iter()
                .filter(|l| !Language::COMMON.contains(l))
                .collect();
            (told, rarer)
        }
        None => {
            // Read as English: the languages that have every letter and read
            // one of them as another piece.
            let (letters, mut others) = english_letters(game);
            let english = |u: &str| Language::English.role_of(u);
            others.retain(|l| letters.iter().any(|u| l.role_of(u) != english(u)));
            (Some(Language::English), others)
        }
    };
    if others.is_empty() {
        return;
    }
    let options = ReplayOptions::default();
    let replayed = replay(game, &options);
    let Some(error) = replayed.first_error() else {
        return;
    };
    // Read as English, only an illegal move (a letter read as the wrong
    // piece) is worth another language.
    let span = match national {
        Some(at) => game.diagnostics[at].span,
        None if error.kind == Kind::IllegalMove => error.span,
        None => return,
    };
    let readings = readings_in(text, base, mode, &others);
    let mut legal = legal_readings(&readings);
    legal.retain(|(_, moves)| !moves.is_empty());
    let to_the_end = !legal.is_empty();
    if legal.is_empty() {
        // No reading is legal to the end (prose after the moves, a misprint
        // later on): the one that plays furthest, far past where the told
        // reading stops, is how the game is written; its own error stays.
        let (best, _) = furthest_reading(&readings);
        if best
            .first()
            .is_some_and(|(_, m)| m.len() >= replayed.moves.len() + FURTHER)
        {
            legal = best;
        }
    }
    let Some((first, moves)) = legal.first() else {
        return;
    };
    if legal.iter().any(|(_, m)| m != moves) {
        return;
    }
    let first = *first;
    let alike: Vec<Language> = legal.iter().map(|(l, _)| *l).collect();
    parse_game_chosen_into(game, text, base, mode, first, &alike);
    let common = told.map_or_else(|| "a common language".to_owned(), |l| l.name().to_owned());
    let mut note = Diagnostic::new(
        Severity::Note,
        Kind::LanguageByMoves,
        format!(
            "the piece letters fit {common}, whose reading is illegal, and {}: read as {}, {}",
            alike
                .iter()
                .map(|l| l.name())
                .collect::<Vec<_>>()
                .join(", "),
            first.name(),
            if to_the_end {
                "the legal one".to_owned()
            } else {
                format!("legal furthest ({} plies)", moves.len())
            }
        ),
        span,
    );
    note.candidates = alike.iter().map(|l| l.code().to_owned()).collect();
    game.diagnostics.push(note);
}

/// The piece letters leading the main line's move tokens of a game read in
/// English (`R`, `B`, `K`), each once, and the other languages whose tables
/// have them all; none as soon as no other table has every letter seen so
/// far (`Q`, or `K` beside `N`), which in most games is within a few moves.
/// (Its letters are English ones: the first byte of each move tells.)
fn english_letters(game: &Game<'_>) -> (Vec<&'static str>, Vec<Language>) {
    const LETTERS: [&str; 6] = ["K", "Q", "R", "B", "N", "P"];
    let mut seen = [false; LETTERS.len()];
    let mut others: Vec<Language> = Language::ALL
        .into_iter()
        .filter(|&l| l != Language::English)
        .collect();
    for mv in game.mainline() {
        let first = text_at(game, mv.span()).and_then(|t| t.first().copied());
        let Some(i) = first.and_then(|b| b"KQRBNP".iter().position(|&c| c == b)) else {
            continue;
        };
        if !seen[i] {
            seen[i] = true;
            others.retain(|l| l.role_of(LETTERS[i]).is_some());
            if others.is_empty() {
                return (Vec::new(), others);
            }
        }
    }
    let letters = LETTERS
        .iter()
        .zip(seen)
        .filter_map(|(letter, seen)| seen.then_some(*letter))
        .collect();
    (letters, others)
}

/// The bytes of `span` in `game`'s text.
fn text_at<'a>(game: &Game<'a>, span: Span) -> Option<&'a [u8]> {
    game.text
        .get(span.start().checked_sub(game.base)?..span.end().checked_sub(game.base)?)
}

/// The game read in one language and replayed leniently (only whether its
/// moves are legal counts): the language, its moves in UCI as far as they
/// play, and whether it plays to the end with no error.
type LanguageReading = (Language, Vec<String>, bool);

/// The game read in each of `languages` ([`LanguageReading`]), each once.
fn readings_in(
    text: &[u8],
    base: usize,
    mode: Mode,
    languages: &[Language],
) -> Vec<LanguageReading> {
    let options = ReplayOptions::default();
    languages
        .iter()
        .map(|&language| {
            let mut trial = Game::default();
            parse_game_lang_into(&mut trial, text, base, mode, Some(language));
            let r = replay(&trial, &options);
            let moves = r.moves.iter().map(|m| m.to_uci()).collect();
            (language, moves, r.first_error().is_none())
        })
        .collect()
}

/// Of `readings`, those legal to the end, each with its moves.
fn legal_readings(readings: &[LanguageReading]) -> Vec<(Language, Vec<String>)> {
    readings
        .iter()
        .filter(|(_, _, legal)| *legal)
        .map(|(language, moves, _)| (*language, moves.clone()))
        .collect()
}

/// Of `readings`, those that play the most moves before their first error
/// (each with its moves), and how many plies the best of the others plays.
fn furthest_reading(readings: &[LanguageReading]) -> (Vec<(Language, Vec<String>)>, usize) {
    let most = readings.iter().map(|(_, m, _)| m.len()).max().unwrap_or(0);
    let best = readings
        .iter()
        .filter(|(_, m, _)| m.len() == most)
        .map(|(language, moves, _)| (*language, moves.clone()))
        .collect();
    let runner_up = readings
        .iter()
        .map(|(_, m, _)| m.len())
        .filter(|&n| n < most)
        .max()
        .unwrap_or(0);
    (best, runner_up)
}

/// The candidates' readings of a game whose letters they read differently
/// ([`parse_game_told`]).
fn tell_language<'a>(game: &mut Game<'a>, text: &'a [u8], base: usize, mode: Mode) {
    let Some(at) = game
        .diagnostics
        .iter()
        .position(|d| d.kind == Kind::UndecidableLanguage)
    else {
        return;
    };
    let candidates: Vec<Language> = game.diagnostics[at]
        .candidates
        .iter()
        .filter_map(|c| Language::from_code(c.split(' ').next().unwrap_or_default()))
        .collect();
    let readings = readings_in(text, base, mode, &candidates);
    let mut legal = legal_readings(&readings);
    let mut furthest = None;
    if legal.is_empty() {
        // No reading legal to the end (words after the moves, a misprint
        // later): the one that plays further than every other is how the game
        // is written; its own error stays.
        let (best, runner_up) = furthest_reading(&readings);
        // Only where some reading stopped sooner: readings that all stop at
        // the same move never told the letter apart.
        if best.len() < candidates.len() && best.first().is_some_and(|(_, m)| m.len() > runner_up) {
            furthest = Some(runner_up);
            legal = best;
        }
    }
    let Some((first, moves)) = legal.first() else {
        return;
    };
    if legal.iter().any(|(_, m)| m != moves) {
        // Two legal readings naming different moves: the reader must say.
        let d = &mut game.diagnostics[at];
        d.candidates.retain(|c| {
            legal
                .iter()
                .any(|(l, _)| c.starts_with(&format!("{} ", l.code())))
        });
        return;
    }
    let first = *first;
    let names: Vec<&str> = candidates.iter().map(|l| l.name()).collect();
    let why = if let Some(runner_up) = furthest {
        let agree: Vec<&str> = legal.iter().map(|(l, _)| l.name()).collect();
        format!(
            "no reading is legal to the end, and {} plays {} plies legally where the others stop by {runner_up}",
            agree.join(", "),
            moves.len()
        )
    } else if legal.len() == 1 {
        format!("only {} gives legal moves", first.name())
    } else {
        let agree: Vec<&str> = legal.iter().map(|(l, _)| l.name()).collect();
        let (last, rest) = agree.split_last().unwrap_or((&"", &[]));
        format!("{} and {last} read every move alike", rest.join(", "))
    };
    let span = game.diagnostics[at].span;
    let alike: Vec<Language> = legal.iter().map(|(l, _)| *l).collect();
    parse_game_chosen_into(game, text, base, mode, first, &alike);
    let mut note = Diagnostic::new(
        Severity::Note,
        Kind::LanguageByMoves,
        format!(
            "the piece letters fit {}, which read them differently; {why}: read as {}",
            names.join(", "),
            first.name()
        ),
        span,
    );
    note.candidates = legal.iter().map(|(l, _)| l.code().to_owned()).collect();
    game.diagnostics.push(note);
}

/// How the board reads a token whose letters the game's languages read
/// differently ([`Readings`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The reading at this index of [`Readings::moves`] is the one legal move
    /// (several readings naming the same move count as one).
    One(usize),
    /// No reading is legal, or readings naming different moves are: the
    /// token's error, naming every reading and its languages.
    Refused(Diagnostic),
}

/// The one rule for a token the game's languages read differently: the board
/// takes the reading that alone gives a legal move in `pos`; when none does,
/// or several naming different moves do, the token is an error that names
/// the letter, the languages tried and what each read.
///
/// ```
/// use scoresheet_board::told::{choose, Choice};
/// use scoresheet_board::{Position, resolve};
/// use scoresheet_notation::pgn::parse_game;
/// use scoresheet_notation::{Mode, parse_move};
/// // `H` is a queen in Polish, a knight in Hungarian; `Q` is English.
/// let game = parse_game(b"1. e4 e5 2. Qh5 Nc6 3. Hxf7# *", 0, Mode::Lenient);
/// let readings = &game.readings[0];
/// assert_eq!(readings.describe(), "Qxf7# (Polish), Nxf7# (Hungarian)");
/// let mut pos = Position::new();
/// for san in ["e4", "e5", "Qh5", "Nc6"] {
///     let written = parse_move(san.as_bytes(), 0, Mode::Strict).unwrap().value;
///     let m = resolve(&pos, &written).unwrap();
///     pos.play_unchecked(&m);
/// }
/// assert_eq!(choose(&pos, readings), Choice::One(0));
/// ```
#[must_use]
pub fn choose(pos: &Position, readings: &Readings) -> Choice {
    let mut legal: Vec<(usize, Move)> = Vec::new();
    let mut why: Vec<String> = Vec::new();
    for (i, r) in readings.moves.iter().enumerate() {
        match resolve(pos, &r.written) {
            Ok(m) => {
                if !legal.iter().any(|(_, l)| *l == m) {
                    legal.push((i, m));
                }
            }
            Err(e) => why.push(format!("{}: {}", r.written, e)),
        }
    }
    let Some(first) = readings.moves.first() else {
        return Choice::Refused(Diagnostic::new(
            Severity::Error,
            Kind::IllegalMove,
            "no reading",
            Span::new(0, 0),
        ));
    };
    let span = first.written.span;
    let letter = |r: &Reading| -> String {
        let letter: String = r
            .written
            .to_string()
            .chars()
            .take_while(char::is_ascii_uppercase)
            .collect();
        if letter.is_empty() {
            "a pawn".to_owned()
        } else {
            letter
        }
    };
    let tried = readings.describe();
    match legal.as_slice() {
        [(i, _)] => Choice::One(*i),
        [] => Choice::Refused(Diagnostic::new(
            Severity::Error,
            Kind::IllegalMove,
            format!(
                "no reading of this move is legal: its letter reads differently in the game's languages, tried {tried}: {}",
                why.join("; ")
            ),
            span,
        )),
        several => {
            let moves: Vec<String> = several
                .iter()
                .map(|(i, _)| {
                    let r = &readings.moves[*i];
                    let names: Vec<&str> = r.languages.iter().map(|l| l.name()).collect();
                    format!("{} ({}: {})", r.written, letter(r), names.join(", "))
                })
                .collect();
            let codes: Vec<&str> = several
                .iter()
                .filter_map(|(i, _)| readings.moves[*i].languages.first())
                .map(|l| l.code())
                .collect();
            let mut d = Diagnostic::new(
                Severity::Error,
                Kind::UndecidableLanguage,
                format!(
                    "cannot tell which piece this letter is: the game's languages read it differently and each reading is legal here: {}; give --lang {}",
                    moves.join(", "),
                    codes.join("|")
                ),
                span,
            );
            d.candidates = moves;
            Choice::Refused(d)
        }
    }
}

#[cfg(test)]
mod tests {
    use pretty_assertions::assert_eq;
    use scoresheet_notation::pgn::Game;
    use scoresheet_notation::{Kind, Mode};

    use super::parse_game_told;
    use crate::replay::{Replay, ReplayOptions, replay};

    /// The kinds said about `text`, the candidates of the language problem,
    /// and the moves replayed.
    fn told(text: &str) -> (Vec<&'static str>, Vec<String>, Vec<String>) {
        let mut game = Game::default();
        parse_game_told(&mut game, text.as_bytes(), 0, Mode::Lenient, None);
        let kinds = game.diagnostics.iter().map(|d| d.kind.name()).collect();
        let candidates = game
            .diagnostics
            .iter()
            .find(|d| matches!(d.kind, Kind::LanguageByMoves | Kind::UndecidableLanguage))
            .map(|d| d.candidates.clone())
            .unwrap_or_default();
        let r = replay(&game, &ReplayOptions::default());
        let moves = r.moves.iter().map(|m| m.to_uci()).collect();
        (kinds, candidates, moves)
    }

    #[test]
    fn the_one_legal_reading_is_read_with_a_note() {
        // `S` is a knight in German, a bishop in Czech: no bishop reaches f3.
        let (kinds, candidates, moves) = told("1. e4 e5 2. Sf3 *");
        assert_eq!(kinds, ["national-letters", "language-by-moves"]);
        assert_eq!(candidates, ["de", "sv", "da", "no", "pl"]);
        assert_eq!(moves, ["e2e4", "e7e5", "g1f3"]);
    }

    #[test]
    fn two_legal_readings_that_differ_stay_undecidable_among_them() {
        // After 1.e3 e6 both a knight (German) and a bishop (Czech) reach e2.
        let (kinds, candidates, _) = told("1. e3 e6 2. Se2 *");
        assert!(kinds.contains(&"undecidable-language"), "{kinds:?}");
        let codes: Vec<&str> = candidates
            .iter()
            .map(|c| c.split(' ').next().unwrap_or_default())
            .collect();
        assert_eq!(codes, ["de", "sv", "da", "no", "cs", "sk", "pl"]);
    }

    #[test]
    fn with_no_reading_legal_to_the_end_the_one_legal_furthest_is_read_with_its_error() {
        // `1. d4 Sg8-f6`: only a knight stands on g8 (German); `2. Se3` is
        // then no knight move (only a bishop's, Czech): no reading is legal
        // to the end, and German's goes a move further than Czech's.
        let (kinds, candidates, moves) = told("1. d4 Sg8-f6 2. Se3 *");
        assert!(kinds.contains(&"language-by-moves"), "{kinds:?}");
        assert!(!kinds.contains(&"undecidable-language"), "{kinds:?}");
        assert_eq!(candidates, ["de", "sv", "da", "no", "pl"]);
        assert_eq!(moves, ["d2d4", "g8f6"]);
        let mut game = Game::default();
        parse_game_told(&mut game, b"1. d4 Sg8-f6 2. Se3 *", 0, Mode::Lenient, None);
        let r = replay(&game, &ReplayOptions::default());
        assert_eq!(r.first_error().map(|d| d.kind), Some(Kind::IllegalMove));
    }

    #[test]
    fn no_legal_reading_keeps_every_candidate() {
        // Neither a knight nor a bishop reaches e3 after 1.e4 e5.
        let (kinds, candidates, _) = told("1. e4 e5 2. Se3 *");
        assert!(kinds.contains(&"undecidable-language"), "{kinds:?}");
        assert_eq!(candidates.len(), 7, "{candidates:?}");
    }

    #[test]
    fn a_language_asked_for_is_never_second_guessed() {
        let mut game = Game::default();
        parse_game_told(
            &mut game,
            b"1. e4 e5 2. Sf3 *",
            0,
            Mode::Lenient,
            Some(scoresheet_notation::lang::Language::Czech),
        );
        let r = replay(&game, &ReplayOptions::default());
        assert_eq!(
            r.first_error().map(|d| d.kind),
            Some(Kind::IllegalMove),
            "{:?}",
            r.diagnostics
        );
    }
    /// The moves a game replays to (UCI), and its diagnostics' kinds.
    fn replayed(text: &str) -> (Vec<String>, Vec<&'static str>, Replay) {
        let mut game = Game::default();
        parse_game_told(&mut game, text.as_bytes(), 0, Mode::Lenient, None);
        let r = replay(&game, &ReplayOptions::default());
        let moves = r.moves.iter().map(|m| m.to_uci()).collect();
        let kinds = r.diagnostics.iter().map(|d| d.kind.name()).collect();
        (moves, kinds, r)
    }

    #[test]
    fn mixed_alphabets_without_a_clash_are_read() {
        for (text, last) in [
            // Polish `G`, `H` beside English `N`, `Q`.
            ("1. e4 e5 2. Nf3 Nc6 3. Gb5 a6 4. Qe2 Hf6 *", "d8f6"),
            // German `L` beside English `Q`; `B` is an English bishop (no German pawn reaches g4).
            ("1. e4 e5 2. Nf3 d6 3. Lc4 Bg4 4. Qe2 *", "d1e2"),
            // Czech `J` and `S` beside English `Q`.
            ("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Qe2 *", "d1e2"),
            // Hungarian `H` and `F` beside English `Q`.
            ("1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 4. Qe2 *", "d1e2"),
            // French `C` and `F`, Spanish `A`, beside English `Q`.
            ("1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. Qe2 *", "d1e2"),
            ("1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. Qe2 *", "d1e2"),
            // Figurines beside German letters.
            ("1. e4 e5 2. ♘f3 Sc6 3. ♗b5 Lc5 *", "f8c5"),
        ] {
            let (moves, kinds, r) = replayed(text);
            assert!(r.is_valid(), "{text}: {:?}", r.diagnostics);
            assert_eq!(moves.last().map(String::as_str), Some(last), "{text}");
            assert!(!kinds.contains(&"illegal-move"), "{text}: {kinds:?}");
        }
    }

    #[test]
    fn a_clashing_letter_is_read_as_its_one_legal_reading_with_a_note() {
        // `H` is a Polish queen and a Hungarian knight: only the queen takes on f7.
        let (moves, kinds, r) = replayed("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Hxf7# 1-0");
        assert!(r.is_valid(), "{:?}", r.diagnostics);
        assert_eq!(moves.last().map(String::as_str), Some("h5f7"));
        assert!(kinds.contains(&"mixed-piece-letters"), "{kinds:?}");
        // Russian set in Latin type: `C` a bishop where a bishop stands.
        let (moves, kinds, r) =
            replayed("1. e2-e4 e7-e5 2. Cf1-c4 Kb8-c6 3. Dd1-h5 Kg8-f6 4. Dh5xf7# 1-0");
        assert!(r.is_valid(), "{:?}", r.diagnostics);
        assert_eq!(
            moves,
            ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
        );
        assert!(kinds.contains(&"language-by-moves"), "{kinds:?}");
    }

    #[test]
    fn a_clashing_letter_with_two_legal_readings_or_none_is_refused_at_its_token() {
        // After 2. Qh5 Nc6 both a queen and a knight reach f3.
        let (moves, _, r) = replayed("1. e4 e5 2. Qh5 Nc6 3. Hf3 *");
        assert_eq!(moves.len(), 4);
        let d = r.first_error().unwrap();
        assert_eq!(d.kind, Kind::UndecidableLanguage);
        assert_eq!(d.span.start(), 23);
        assert!(
            d.message.contains("Qf3 (Q: Polish), Nf3 (N: Hungarian)"),
            "{}",
            d.message
        );
        assert!(d.misprint.is_none());
        // Neither reaches d4: an illegal move naming both readings, with suggestions.
        let (_, _, r) = replayed("1. e4 e5 2. Qh5 Nc6 3. Hd4 *");
        let d = r.first_error().unwrap();
        assert_eq!(d.kind, Kind::IllegalMove);
        assert!(
            d.message.contains("tried Qd4 (Polish), Nd4 (Hungarian)"),
            "{}",
            d.message
        );
        assert!(!d.suggestions.is_empty());
    }

    #[test]
    fn a_clashing_letter_in_a_variation_is_read_in_the_variation_s_position() {
        let (_, _, r) =
            replayed("1. e4 e5 2. Qh5 (2. Nf3 Nc6 3. Hxe5) 2... Nc6 3. Bc4 Nf6 4. Hxf7# 1-0");
        // In the variation the knight takes on e5 (no queen reaches it).
        assert!(r.is_valid(), "{:?}", r.diagnostics);
        let uci: Vec<String> = r.variation_moves.iter().map(|m| m.to_uci()).collect();
        assert_eq!(uci, ["g1f3", "b8c6", "f3e5"]);
    }
}
