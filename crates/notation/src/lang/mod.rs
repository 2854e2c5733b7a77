//! Piece letters of the languages chess is written in, telling a game's
//! language from the letters it uses, and reading a move token written with
//! them.
//!
//! Every table lives here, once: reading (`Sf3` in German is `Nf3`), detection
//! (which languages could have written a game) and writing
//! ([`Language::letter`]) all use [`Language::letters`].
//!
//! ```
//! use scoresheet_notation::lang::{detect, Detection, Language};
//! use scoresheet_notation::Role;
//!
//! assert_eq!(Language::German.letter(Role::Knight), "S");
//! assert_eq!(Language::from_code("fr"), Some(Language::French));
//!
//! // The letters of a game decide its language, never one move alone.
//! let tokens: [&[u8]; 4] = [b"Lc4", b"Dh4+", b"Kf1", b"Sf6"];
//! let Detection::Language { language, .. } = detect(tokens) else { panic!() };
//! assert_eq!(language, Language::German);
//!
//! // `R` is a king in French and Spanish but a knight in Finnish: without a
//! // letter only one of them has (`F`, `A`, `C`, `L`), the language is unknown.
//! let tokens: [&[u8]; 3] = [b"Dd2", b"Rf1", b"Td1"];
//! let Detection::Undecidable { candidates, .. } = detect(tokens) else { panic!() };
//! assert!(candidates.contains(&Language::French) && candidates.contains(&Language::Finnish));
//! ```

use core::fmt;

use crate::ast::{FileCapture, MoveKind, Suffix, WrittenMove};
use crate::span::Span;
use crate::types::{File, Role};

/// A language whose piece letters scoresheet reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Language {
    /// English: K Q R B N (P); `Kt` for the knight in older books.
    English,
    /// German: K D T L S, B for a pawn (Bauer).
    German,
    /// French: R D T F C.
    French,
    /// Spanish: R D T A C.
    Spanish,
    /// Italian: R D T A C.
    Italian,
    /// Portuguese: R D T B C.
    Portuguese,
    /// Dutch: K D T L P (P is the knight, paard; pawns have no letter).
    Dutch,
    /// Swedish: K D T L S, B for a pawn.
    Swedish,
    /// Danish: K D T L S, B for a pawn.
    Danish,
    /// Norwegian: K D T L S, B for a pawn.
    Norwegian,
    /// Czech: K D V S J.
    Czech,
    /// Slovak: K D V S J.
    Slovak,
    /// Polish: K H W G S.
    Polish,
    /// Hungarian: K V B F H.
    Hungarian,
    /// Finnish: K D T L R.
    Finnish,
    /// Russian (and the Cyrillic texts that follow it): Кр Ф Л С К, п for a pawn.
    Russian,
    /// Turkish: Ş V K F A (şah, vezir, kale, fil, at): K is the rook.
    Turkish,
    /// Azerbaijani: Ş V T F A (şah, vəzir, top, fil, at).
    Azerbaijani,
    /// Vietnamese: V H X T M (vua, hậu, xe, tượng, mã): T is the bishop.
    Vietnamese,
    /// Romanian: R D T N C (rege, damă, turn, nebun, cal): N is the bishop.
    Romanian,
    /// Catalan: R D T A C (rei, dama, torre, alfil, cavall).
    Catalan,
    /// Esperanto: R D T K Ĉ (reĝo, damo, turo, kuriero, ĉevalo): K is the bishop.
    Esperanto,
    /// Greek: Ρ Β Π Α Ι (ρήγας, βασίλισσα, πύργος, αξιωματικός, ίππος), Greek capitals;
    /// files α β γ δ ε ζ η θ, or Latin a–h.
    Greek,
    /// Serbian, Croatian and Bosnian in Latin letters: K D T L S (kralj, dama, top, lovac, skakač).
    SerboCroatian,
    /// Serbian in Cyrillic letters: К Д Т Л С (краљ, дама, топ, ловац, скакач);
    /// files а б ц д е ф г х (the Latin ones transliterated), or Latin a–h.
    Serbian,
    /// Slovene: K D T L S (kralj, dama, trdnjava, lovec, skakač).
    Slovene,
    /// Bulgarian: Ц Д Т О К (цар, дама, топ, офицер, кон), п for a pawn.
    Bulgarian,
    /// Ukrainian: Кр Ф Т С К (король, ферзь, тура, слон, кінь), п for a pawn.
    Ukrainian,
    /// Icelandic: K D H B R (kóngur, drottning, hrókur, biskup, riddari): H is the rook.
    Icelandic,
    /// Estonian: K L V O R (kuningas, lipp, vanker, oda, ratsu): L is the queen.
    Estonian,
    /// Latvian: K D T L Z (karalis, dāma, tornis, laidnis, zirdziņš).
    Latvian,
    /// Lithuanian: K V B R Ž (karalius, valdovė, bokštas, rikis, žirgas): R is the bishop.
    Lithuanian,
    /// Indonesian and Malay: R M B G K (raja, menteri, benteng, gajah, kuda): K is the knight.
    Indonesian,
    /// Afrikaans: K D T L R (koning, dame, toring, loper, ruiter).
    Afrikaans,
    /// Basque: E D G A Z (erregea, dama, gaztelua, alfila, zaldia).
    Basque,
    /// Chinese: 王 后 车 象 马 (simplified; 車 and 馬 traditional), 兵 for a pawn.
    Chinese,
}

/// The letters of one language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Letters {
    /// King, queen, rook, bishop, knight: the letters written for them.
    pub pieces: [&'static str; 5],
    /// The pawn's letter where texts write one.
    pub pawn: Option<&'static str>,
    /// Other spellings read but never written (`Kt`; Latin look-alikes of Cyrillic letters).
    pub aliases: &'static [(&'static str, Role)],
    /// The files a to h in the language's own alphabet, where its texts print
    /// them so (Greek `α`–`θ`); read beside the Latin ones, never written.
    pub files: Option<[&'static str; 8]>,
}

/// The order of [`Letters::pieces`].
const PIECE_ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

const fn letters(pieces: [&'static str; 5], pawn: Option<&'static str>) -> Letters {
    Letters {
        pieces,
        pawn,
        aliases: &[],
        files: None,
    }
}

const EN: Letters = Letters {
    pieces: ["K", "Q", "R", "B", "N"],
    pawn: Some("P"),
    aliases: &[("Kt", Role::Knight)],
    files: None,
};
const DE: Letters = letters(["K", "D", "T", "L", "S"], Some("B"));
const FR: Letters = letters(["R", "D", "T", "F", "C"], None);
const ES: Letters = letters(["R", "D", "T", "A", "C"], None);
const PT: Letters = letters(["R", "D", "T", "B", "C"], None);
const NL: Letters = letters(["K", "D", "T", "L", "P"], None);
const CS: Letters = letters(["K", "D", "V", "S", "J"], None);
const PL: Letters = letters(["K", "H", "W", "G", "S"], None);
const HU: Letters = letters(["K", "V", "B", "F", "H"], None);
const FI: Letters = letters(["K", "D", "T", "L", "R"], None);
const RU: Letters = Letters {
    pieces: ["Кр", "Ф", "Л", "С", "К"],
    pawn: Some("п"),
    // Russian texts set in Latin type, or mixing it in: `Kp`/`Kр`/`Кp` the
    // king, a lone Latin `K` the knight (конь), Latin `C` the bishop (слон).
    aliases: &[
        ("Kp", Role::King),
        ("Kр", Role::King),
        ("Кp", Role::King),
        ("K", Role::Knight),
        ("C", Role::Bishop),
    ],
    files: None,
};

const TR: Letters = letters(["Ş", "V", "K", "F", "A"], None);
const AZ: Letters = letters(["Ş", "V", "T", "F", "A"], None);
const VI: Letters = letters(["V", "H", "X", "T", "M"], None);
const RO: Letters = letters(["R", "D", "T", "N", "C"], None);
const EO: Letters = letters(["R", "D", "T", "K", "Ĉ"], None);
// Greek Wikipedia and Greek chess sites print the files in Greek small
// letters, the alphabet's first eight (`1.ε4 ε5 2.Ιζ3`).
const EL: Letters = Letters {
    files: Some(["α", "β", "γ", "δ", "ε", "ζ", "η", "θ"]),
    ..letters(["Ρ", "Β", "Π", "Α", "Ι"], None)
};
// Serbian Wikipedia in Cyrillic transliterates the Latin files letter by
// letter (`1. е4 е5 2. Сф3 Сц6 3. Лц4`): c is ц, h is х.
const SR: Letters = Letters {
    files: Some(["а", "б", "ц", "д", "е", "ф", "г", "х"]),
    ..letters(["К", "Д", "Т", "Л", "С"], None)
};
const SH: Letters = letters(["K", "D", "T", "L", "S"], None);
const BG: Letters = letters(["Ц", "Д", "Т", "О", "К"], Some("п"));
const UK: Letters = letters(["Кр", "Ф", "Т", "С", "К"], Some("п"));
const IS: Letters = letters(["K", "D", "H", "B", "R"], None);
const ET: Letters = letters(["K", "L", "V", "O", "R"], None);
const LV: Letters = letters(["K", "D", "T", "L", "Z"], None);
const LT: Letters = letters(["K", "V", "B", "R", "Ž"], None);
const ID: Letters = letters(["R", "M", "B", "G", "K"], None);
const EU: Letters = letters(["E", "D", "G", "A", "Z"], None);
const ZH: Letters = Letters {
    pieces: ["王", "后", "车", "象", "马"],
    pawn: Some("兵"),
    aliases: &[("車", Role::Rook), ("馬", Role::Knight)],
    files: None,
};

impl Language {
    /// The languages whose letters turn up mixed into other languages' games
    /// and that misprint suggestions and the decoder spell moves in: the
    /// sixteen with a large body of printed games (English first). The others
    /// of [`Language::ALL`] are read where a game's letters call for them.
    pub const COMMON: [Language; 16] = [
        Language::English,
        Language::German,
        Language::French,
        Language::Spanish,
        Language::Italian,
        Language::Portuguese,
        Language::Dutch,
        Language::Swedish,
        Language::Danish,
        Language::Norwegian,
        Language::Czech,
        Language::Slovak,
        Language::Polish,
        Language::Hungarian,
        Language::Finnish,
        Language::Russian,
    ];

    /// Every language, in the order detection prefers among languages that
    /// agree: [`Language::COMMON`], then the rarer tables.
    pub const ALL: [Language; 36] = {
        const RARER: [Language; 20] = [
            Language::Turkish,
            Language::Azerbaijani,
            Language::Vietnamese,
            Language::Romanian,
            Language::Catalan,
            Language::Esperanto,
            Language::Greek,
            Language::SerboCroatian,
            Language::Serbian,
            Language::Slovene,
            Language::Bulgarian,
            Language::Ukrainian,
            Language::Icelandic,
            Language::Estonian,
            Language::Latvian,
            Language::Lithuanian,
            Language::Indonesian,
            Language::Afrikaans,
            Language::Basque,
            Language::Chinese,
        ];
        let mut all = [Language::English; 36];
        let mut k = 0;
        while k < all.len() {
            all[k] = if k < Language::COMMON.len() {
                Language::COMMON[k]
            } else {
                RARER[k - Language::COMMON.len()]
            };
            k += 1;
        }
        all
    };

    /// The ISO 639-1 code (`de`), as `--lang` takes it.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
            Language::French => "fr",
            Language::Spanish => "es",
            Language::Italian => "it",
            Language::Portuguese => "pt",
            Language::Dutch => "nl",
            Language::Swedish => "sv",
            Language::Danish => "da",
            Language::Norwegian => "no",
            Language::Czech => "cs",
            Language::Slovak => "sk",
            Language::Polish => "pl",
            Language::Hungarian => "hu",
            Language::Finnish => "fi",
            Language::Russian => "ru",
            Language::Turkish => "tr",
            Language::Azerbaijani => "az",
            Language::Vietnamese => "vi",
            Language::Romanian => "ro",
            Language::Catalan => "ca",
            Language::Esperanto => "eo",
            Language::Greek => "el",
            Language::SerboCroatian => "sh",
            Language::Serbian => "sr",
            Language::Slovene => "sl",
            Language::Bulgarian => "bg",
            Language::Ukrainian => "uk",
            Language::Icelandic => "is",
            Language::Estonian => "et",
            Language::Latvian => "lv",
            Language::Lithuanian => "lt",
            Language::Indonesian => "id",
            Language::Afrikaans => "af",
            Language::Basque => "eu",
            Language::Chinese => "zh",
        }
    }

    /// The language of an ISO 639-1 code (`nb` is Norwegian too).
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        let code = code.to_ascii_lowercase();
        if code == "nb" {
            return Some(Language::Norwegian);
        }
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The English name (`German`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "German",
            Language::French => "French",
            Language::Spanish => "Spanish",
            Language::Italian => "Italian",
            Language::Portuguese => "Portuguese",
            Language::Dutch => "Dutch",
            Language::Swedish => "Swedish",
            Language::Danish => "Danish",
            Language::Norwegian => "Norwegian",
            Language::Czech => "Czech",
            Language::Slovak => "Slovak",
            Language::Polish => "Polish",
            Language::Hungarian => "Hungarian",
            Language::Finnish => "Finnish",
            Language::Russian => "Russian",
            Language::Turkish => "Turkish",
            Language::Azerbaijani => "Azerbaijani",
            Language::Vietnamese => "Vietnamese",
            Language::Romanian => "Romanian",
            Language::Catalan => "Catalan",
            Language::Esperanto => "Esperanto",
            Language::Greek => "Greek",
            Language::SerboCroatian => "Serbo-Croatian",
            Language::Serbian => "Serbian",
            Language::Slovene => "Slovene",
            Language::Bulgarian => "Bulgarian",
            Language::Ukrainian => "Ukrainian",
            Language::Icelandic => "Icelandic",
            Language::Estonian => "Estonian",
            Language::Latvian => "Latvian",
            Language::Lithuanian => "Lithuanian",
            Language::Indonesian => "Indonesian",
            Language::Afrikaans => "Afrikaans",
            Language::Basque => "Basque",
            Language::Chinese => "Chinese",
        }
    }

    /// The language's letters.
    #[must_use]
    pub const fn letters(self) -> &'static Letters {
        match self {
            Language::English => &EN,
            Language::German | Language::Swedish | Language::Danish | Language::Norwegian => &DE,
            Language::French => &FR,
            Language::Spanish | Language::Italian => &ES,
            Language::Portuguese => &PT,
            Language::Dutch => &NL,
            Language::Czech | Language::Slovak => &CS,
            Language::Polish => &PL,
            Language::Hungarian => &HU,
            Language::Finnish => &FI,
            Language::Russian => &RU,
            Language::Turkish => &TR,
            Language::Azerbaijani => &AZ,
            Language::Vietnamese => &VI,
            Language::Romanian => &RO,
            Language::Catalan => &ES,
            Language::Esperanto => &EO,
            Language::Greek => &EL,
            Language::SerboCroatian => &SH,
            Language::Serbian => &SR,
            Language::Slovene => &SH,
            Language::Bulgarian => &BG,
            Language::Ukrainian => &UK,
            Language::Icelandic => &IS,
            Language::Estonian => &ET,
            Language::Latvian => &LV,
            Language::Lithuanian => &LT,
            Language::Indonesian => &ID,
            Language::Afrikaans => &FI,
            Language::Basque => &EU,
            Language::Chinese => &ZH,
        }
    }

    /// The letter written for a role (a pawn's is empty: algebraic omits it).
    #[must_use]
    pub fn letter(self, role: Role) -> &'static str {
        let l = self.letters();
        PIECE_ROLES
            .iter()
            .position(|&r| r == role)
            .map_or("", |i| l.pieces[i])
    }

    /// The role a letter stands for in this language (pieces, pawn, aliases).
    #[must_use]
    pub fn role_of(self, letter: &str) -> Option<Role> {
        let l = self.letters();
        if let Some(i) = l.pieces.iter().position(|&p| p == letter) {
            return Some(PIECE_ROLES[i]);
        }
        if l.pawn == Some(letter) {
            return Some(Role::Pawn);
        }
        l.aliases.iter().find(|a| a.0 == letter).map(|a| a.1)
    }

    /// The letters as documentation writes them: `K D T L S, B for a pawn`.
    #[must_use]
    pub fn letters_text(self) -> String {
        let l = self.letters();
        let mut s = l.pieces.join(" ");
        if let Some(p) = l.pawn {
            s.push_str(", ");
            s.push_str(p);
            s.push_str(" for a pawn");
        }
        if let Some(files) = l.files {
            s.push_str("; files ");
            s.push_str(&files.join(" "));
        }
        s
    }

    /// Whether `letter` (a piece letter or a file letter of the language's
    /// own alphabet) is one this language writes.
    fn reads(self, letter: &str) -> bool {
        self.role_of(letter).is_some() || self.letters().files.is_some_and(|f| f.contains(&letter))
    }

    /// The file (`b'a'`..=`b'h'`) a letter of this language's own files at
    /// the start of `text` stands for, and the letter's length in bytes.
    fn file_at(self, text: &[u8]) -> Option<(u8, usize)> {
        if text.first().is_none_or(u8::is_ascii) {
            return None;
        }
        own_file_in(self.letters().files.as_ref()?, text)
    }

    /// The longest letter of this language at the start of `text`, with its role and length.
    fn letter_at(self, text: &[u8]) -> Option<(Role, usize)> {
        let l = self.letters();
        let mut best: Option<(Role, usize)> = None;
        let mut consider = |letter: &str, role: Role| {
            if text.starts_with(letter.as_bytes()) && best.is_none_or(|b| b.1 < letter.len()) {
                best = Some((role, letter.len()));
            }
        };
        for (i, p) in l.pieces.iter().enumerate() {
            consider(p, PIECE_ROLES[i]);
        }
        if let Some(p) = l.pawn {
            consider(p, Role::Pawn);
        }
        for &(a, r) in l.aliases {
            consider(a, r);
        }
        best
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The codes `--lang` takes, for help texts: `en, de, fr, ...`.
#[must_use]
pub fn codes() -> String {
    Language::ALL.map(Language::code).join(", ")
}

/// What the letters of a game say about its language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detection {
    /// No piece letter beyond English ones: read as English.
    English,
    /// One reading: every language that could have written these letters agrees
    /// on what each one means (German, Swedish, Danish, Norwegian share theirs).
    Language {
        /// The language read (the first candidate).
        language: Language,
        /// Every language with these letters, all meaning the same.
        candidates: Vec<Language>,
    },
    /// Languages that could have written the letters but disagree on their meaning.
    Undecidable {
        /// The letters used, in the order first seen.
        letters: Vec<&'static str>,
        /// The languages that have all of them.
        candidates: Vec<Language>,
    },
    /// No language has all the letters used.
    Unknown {
        /// The letters used, in the order first seen.
        letters: Vec<&'static str>,
    },
}

/// Every letter of every table, longest first, for finding the letter a token starts with.
fn all_letters() -> impl Iterator<Item = &'static str> {
    Language::ALL.iter().flat_map(|l| {
        let t = l.letters();
        t.pieces
            .iter()
            .copied()
            .chain(t.pawn)
            .chain(t.aliases.iter().map(|a| a.0))
    })
}

/// The piece letter a move token is written with, if the token looks like a
/// move: after a move number and dots, a letter of some table followed by a
/// square, a file, a rank or a capture mark (`Sf6`, `Lxb5`, `Крg1`, `Sg1-f3`;
/// never `P-K4` or a word of prose).
#[must_use]
pub fn leading_letter(token: &[u8]) -> Option<&'static str> {
    let start = skip_number(token);
    let text = &token[start..];
    let letter = all_letters()
        .filter(|l| text.starts_with(l.as_bytes()))
        .max_by_key(|l| l.len())?;
    let rest = &text[letter.len()..];
    followed_by_square(rest).then_some(letter)
}

/// Whether `rest` goes on as a move does after its piece letter: origin hints,
/// capture marks and dashes, then a square (`f3`, `xb5`, `bd2`, `1e2`, `g1-f3`,
/// `:d5`, `хd5`, `с3`), so that a word of prose (`After`, `Der`) is no move.
fn followed_by_square(rest: &[u8]) -> bool {
    let mut i = 0;
    let mut prev_file = false;
    // A move's part before its square is short: `g1-` or `b:` at most, and a
    // square is two characters of up to two bytes each.
    while i < rest.len() && i < 12 {
        let (len, file) = if let Some(_f) = cyrillic_file(&rest[i..]) {
            (2, true)
        } else if let Some((_, _, len)) = any_own_file(&rest[i..]) {
            (len, true)
        } else {
            match rest[i..] {
                [b'a'..=b'h', ..] => (1, true),
                [b'1'..=b'8', ..] if prev_file => return true,
                [b'1'..=b'8' | b'x' | b':' | b'-', ..] => (1, false),
                [0xD1, 0x85, ..] | [0xC3, 0x97, ..] => (2, false),
                [0xE2, 0x80, 0x90..=0x95, ..] => (3, false),
                _ => return false,
            }
        };
        prev_file = file;
        i += len;
    }
    false
}

/// The file a letter of `files` at the start of `text` stands for, and the
/// letter's length. Serbian `х` (h) is also the Cyrillic capture mark (`Фхd5`):
/// it is a file only before a rank (`Тх1`), as a destination square's file.
fn own_file_in(files: &[&'static str; 8], text: &[u8]) -> Option<(u8, usize)> {
    let k = files.iter().position(|f| text.starts_with(f.as_bytes()))?;
    let len = files[k].len();
    if files[k] == "х" && !matches!(text.get(len), Some(b'1'..=b'8')) {
        return None;
    }
    Some((b"abcdefgh"[k], len))
}

/// A file letter of some language's own alphabet at the start of `text`
/// (Greek `ζ`, Serbian `ф`): the table's letter, its file, its length.
fn any_own_file(text: &[u8]) -> Option<(&'static str, u8, usize)> {
    if text.first().is_none_or(u8::is_ascii) {
        return None;
    }
    Language::ALL.iter().find_map(|l| {
        let files = l.letters().files.as_ref()?;
        let (file, len) = own_file_in(files, text)?;
        Some((files[usize::from(file - b'a')], file, len))
    })
}

/// A Cyrillic letter that looks like a file letter: `а`, `с`, `е` (two bytes each).
fn cyrillic_file(text: &[u8]) -> Option<u8> {
    match text {
        [0xD0, 0xB0, ..] => Some(b'a'),
        [0xD1, 0x81, ..] => Some(b'c'),
        [0xD0, 0xB5, ..] => Some(b'e'),
        _ => None,
    }
}

/// The length of a move number and its dots at the start of a token (`12.`, `11…`, `..`).
fn skip_number(token: &[u8]) -> usize {
    let mut i = token.iter().take_while(|b| b.is_ascii_digit()).count();
    loop {
        match token.get(i..) {
            Some([b'.', ..]) => i += 1,
            Some([0xE2, 0x80, 0xA6, ..]) => i += 3,
            _ => return i,
        }
    }
}

/// Tells a game's language from the piece letters of its move tokens.
///
/// Only the letters decide, all of them together: a language is a candidate
/// when it has every letter used; the candidates must agree on what each
/// letter means, or the game is [`Detection::Undecidable`]. The
/// [common](Language::COMMON) languages are asked first; the other tables
/// only when none of those has every letter (`Şf3`, `Ĉc6`, `Xe1`).
///
/// ```
/// use scoresheet_notation::lang::{detect, Detection, Language};
/// let turkish: [&[u8]; 3] = ["Af3".as_bytes(), "Fc4".as_bytes(), "Şe7".as_bytes()];
/// let Detection::Language { language, .. } = detect(turkish) else { panic!() };
/// assert_eq!(language, Language::Turkish);
/// // `K` and `D` alone are German's king and queen, as before Esperanto
/// // (where `K` is the bishop) was read.
/// let german: [&[u8]; 2] = [b"Dd1", b"Ke2"];
/// let Detection::Language { language, .. } = detect(german) else { panic!() };
/// assert_eq!(language, Language::German);
/// ```
pub fn detect<'t>(tokens: impl IntoIterator<Item = &'t [u8]>) -> Detection {
    let mut used: Vec<&'static str> = Vec::new();
    for t in tokens {
        for letter in token_letters(t) {
            if !used.contains(&letter) {
                used.push(letter);
            }
        }
    }
    // The common languages first, as they were read before the rarer tables
    // were added: a game their letters fit is read as it always was; the
    // others are candidates only when no common language has every letter.
    match decide(used.clone(), &Language::COMMON) {
        Detection::Unknown { .. } => decide(used, &Language::ALL),
        told => told,
    }
}

/// The [`Detection`] of the letters `used` among `languages` (English first).
fn decide(used: Vec<&'static str>, languages: &[Language]) -> Detection {
    let fits = |l: &Language| used.iter().all(|u| l.reads(u));
    if fits(&Language::English) {
        return Detection::English;
    }
    let candidates: Vec<Language> = languages.iter().copied().filter(fits).collect();
    let Some(&first) = candidates.first() else {
        return Detection::Unknown { letters: used };
    };
    let agree = candidates
        .iter()
        .all(|l| used.iter().all(|u| l.role_of(u) == first.role_of(u)));
    if agree {
        Detection::Language {
            language: first,
            candidates,
        }
    } else {
        Detection::Undecidable {
            letters: used,
            candidates,
        }
    }
}

/// What the letters of [`Detection::Unknown`] say when only the letters of
/// the [common](Language::COMMON) languages are counted: a game of a common
/// language with one letter only a rarer table has (a misprint `Mf3` in a
/// German game, `M` being a Vietnamese queen) is read in its language, the
/// odd letter an error there, as when that letter was in no table.
///
/// ```
/// use scoresheet_notation::lang::{detect, common_detection, Detection, Language};
/// let tokens: [&[u8]; 4] = [b"Lc4", b"Dh4+", b"Sf6", b"Mf3"];
/// let Detection::Unknown { letters } = detect(tokens) else { panic!() };
/// let Detection::Language { language, .. } = common_detection(&letters) else { panic!() };
/// assert_eq!(language, Language::German);
/// ```
#[must_use]
pub fn common_detection(letters: &[&'static str]) -> Detection {
    let common: Vec<&'static str> = letters
        .iter()
        .copied()
        .filter(|u| Language::COMMON.iter().any(|l| l.role_of(u).is_some()))
        .collect();
    decide(common, &Language::COMMON)
}

/// The languages a game mixes when no one language has all its letters
/// ([`Detection::Unknown`]): every language of every smallest set of languages
/// that together have all of `letters` (sets of up to three; none beyond).
///
/// A letter unique to one language (`Q`, `H`, `W`) brings its language in;
/// letters most languages share (`K`, `D`, `T`) bring in none of their own, so
/// Russian's Latin `K` for the knight counts only in a game that needs Russian.
///
/// ```
/// use scoresheet_notation::lang::{mixture, Language};
/// // Polish `G` beside English `Q`: Polish and English, nothing else.
/// assert_eq!(mixture(&["G", "Q"]), [Language::English, Language::Polish]);
/// // `H` is Polish (queen) and Hungarian (knight): both are in play.
/// assert_eq!(mixture(&["H", "Q"]), [Language::English, Language::Polish, Language::Hungarian]);
/// assert_eq!(mixture(&["Q"]), [Language::English]);
/// ```
#[must_use]
pub fn mixture(letters: &[&str]) -> Vec<Language> {
    let has = |l: Language, u: &str| l.role_of(u).is_some();
    let covers = |set: &[Language]| letters.iter().all(|u| set.iter().any(|&l| has(l, u)));
    let all = Language::COMMON;
    let mut found: Vec<Language> = Vec::new();
    let take = |set: &[Language], found: &mut Vec<Language>| {
        for &l in set {
            if !found.contains(&l) {
                found.push(l);
            }
        }
    };
    for size in 1..=3 {
        for i in 0..all.len() {
            if size == 1 {
                if covers(&all[i..=i]) {
                    take(&all[i..=i], &mut found);
                }
                continue;
            }
            for j in i + 1..all.len() {
                if size == 2 {
                    if covers(&[all[i], all[j]]) {
                        take(&[all[i], all[j]], &mut found);
                    }
                    continue;
                }
                for k in j + 1..all.len() {
                    if covers(&[all[i], all[j], all[k]]) {
                        take(&[all[i], all[j], all[k]], &mut found);
                    }
                }
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    // In the order detection prefers (English first).
    found.sort_by_key(|l| all.iter().position(|a| a == l));
    found
}

/// What each of `letters` means in `languages`, for reports: `G bishop (pl),
/// H queen (pl) or knight (hu), Q queen (en)`.
///
/// ```
/// use scoresheet_notation::lang::{letter_meanings, Language};
/// let languages = [Language::English, Language::Polish, Language::Hungarian];
/// assert_eq!(
///     letter_meanings(&["H", "Q"], &languages),
///     "H queen (pl) or knight (hu), Q queen (en)"
/// );
/// ```
#[must_use]
pub fn letter_meanings(letters: &[&str], languages: &[Language]) -> String {
    let mut out: Vec<String> = Vec::new();
    for letter in letters {
        let mut roles: Vec<(Role, Vec<&str>)> = Vec::new();
        for &l in languages {
            let Some(role) = l.role_of(letter) else {
                continue;
            };
            match roles.iter_mut().find(|r| r.0 == role) {
                Some(r) => r.1.push(l.code()),
                None => roles.push((role, vec![l.code()])),
            }
        }
        let each: Vec<String> = roles
            .iter()
            .map(|(role, codes)| format!("{} ({})", role.name(), codes.join(" ")))
            .collect();
        out.push(format!("{letter} {}", each.join(" or ")));
    }
    out.join(", ")
}

/// The piece letters of one token: the moving piece's and a promotion's.
fn token_letters(token: &[u8]) -> impl Iterator<Item = &'static str> {
    let lead = leading_letter(token);
    // A promotion letter after the destination's rank: `e8D`, `e8=Ф`, `e8(D)`.
    let promo = token.windows(2).position(|w| {
        w[0].is_ascii_digit() && matches!(w[1], b'=' | b'(' | b'/' | b'A'..=b'Z' | 0xD0..=0xD1)
    });
    let promo = promo.and_then(|i| {
        let mut rest = &token[i + 1..];
        if let [b'=' | b'(' | b'/', r @ ..] = rest {
            rest = r;
        }
        all_letters()
            .filter(|l| rest.starts_with(l.as_bytes()) && *l != "п")
            .max_by_key(|l| l.len())
    });
    lead.into_iter().chain(promo).chain(own_files(token))
}

/// The letters of languages' own files a token writes on a square (`ζ3`,
/// `Сф3`, `γδ4`): they tell the language as piece letters do. Cyrillic `а`
/// and `е`, which Russian texts print for Latin files, tell nothing: they
/// are read as a and e in every language.
fn own_files(token: &[u8]) -> impl Iterator<Item = &'static str> + '_ {
    let mut i = if token.is_ascii() { token.len() } else { 0 };
    core::iter::from_fn(move || {
        while i < token.len() {
            let rest = &token[i..];
            if let Some(len) = cyrillic_file(rest).map(|_| 2) {
                i += len;
                continue;
            }
            if let Some((letter, _, len)) = any_own_file(rest) {
                i += len;
                let on_square = matches!(token.get(i), Some(b'1'..=b'8'))
                    || any_own_file(&token[i..]).is_some();
                if on_square {
                    return Some(letter);
                }
                continue;
            }
            i += 1;
        }
        None
    })
}

/// Whether a token English cannot read might be written in another language
/// (national letters, Cyrillic, or spellings only [`translate`] reads).
#[must_use]
pub fn foreign_hint(token: &[u8]) -> bool {
    !token.is_ascii()
        || leading_letter(token).is_some_and(|l| Language::English.role_of(l).is_none())
        || leading_letter(token) == Some("Kt")
        || castle_prefix(token).is_some_and(|c| c.spelled)
}

/// A pawn capture written by files only: `cd:`, `c:d`, `cxd`, `cd` (adjacent
/// files), with check and annotation marks after it. `base` is the token's
/// offset in the file.
#[must_use]
pub fn read_file_capture(token: &[u8], base: usize) -> Option<WrittenMove> {
    use crate::san::parsers::{Origin, suffix};
    let file = |b: Option<&u8>| b.and_then(|&b| File::from_char(b as char));
    let from = file(token.first())?;
    let (mark_before, at) = match token.get(1) {
        Some(b':' | b'x') => (Some(1), 2),
        _ => (None, 1),
    };
    let to = file(token.get(at))?;
    if from.index().abs_diff(to.index()) != 1 {
        return None;
    }
    let mut end = at + 1;
    let mut capture = mark_before.map(|i| Span::new(base + i, base + i + 1));
    if capture.is_none() && token.get(end) == Some(&b':') {
        capture = Some(Span::new(base + end, base + end + 1));
        end += 1;
    }
    let rest = &token[end..];
    let (left, raw) = suffix(Origin(rest.len()))(rest).ok()?;
    if !left.is_empty() || raw.en_passant.is_some() {
        return None;
    }
    let shift = |s: Span| s.shifted(base + end);
    Some(WrittenMove {
        kind: MoveKind::FileCapture(FileCapture {
            from,
            from_span: Span::new(base, base + 1),
            to,
            to_span: Span::new(base + at, base + at + 1),
            capture,
        }),
        suffix: Suffix {
            check: raw.check.map(|(c, s)| (c, shift(s))),
            annotation: raw.annotation.map(|(a, s)| (a, shift(s))),
            en_passant: None,
        },
        span: Span::new(base, base + token.len()),
    })
}

/// Whether a word reads as a move in some language (for telling moves from
/// prose in bare move lists: `Sf3` is a move, `Spassky` is not).
#[must_use]
pub(crate) fn looks_like_move(word: &[u8]) -> bool {
    leading_letter(word).is_some() || castle_prefix(word).is_some()
}

/// A token rewritten with English letters and ASCII marks, and where each byte came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Translation {
    /// The token as English SAN/LAN would write it.
    pub bytes: Vec<u8>,
    /// For each byte of `bytes` (and one past the end), its offset in the original token.
    pub from: Vec<usize>,
    /// Whether a piece letter was translated (a national letter, not only marks).
    pub national: bool,
    /// Castling spelled otherwise than `O-O`/`0-0`: its offset and length in the
    /// token, and whether a dash other than `-` (`–`, `—`, U+2011) is among its
    /// characters (`o-o`, `O--O`, `O—O`).
    pub castling: Option<SpelledCastling>,
    /// The first dash other than `-` (`–`, `—`, U+2011, `−`) in a move that is
    /// not castling (`e2–e4`): its offset and length in the token.
    pub unicode_dash: Option<(usize, usize)>,
}

/// How a castling token was spelled, when not as `O-O` or `0-0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpelledCastling {
    /// The length in bytes of the castling (without its marks).
    pub len: usize,
    /// A dash other than `-` was written (`O—O`, `0–0`, U+2011).
    pub unicode_dash: bool,
    /// A lower-case `o` or a doubled dash was written (`o-o`, `O--O`).
    pub letters: bool,
}

impl Translation {
    fn push(&mut self, b: u8, from: usize) {
        self.bytes.push(b);
        self.from.push(from);
    }

    /// The original offset of an offset into [`Translation::bytes`].
    #[must_use]
    pub fn original(&self, at: usize) -> usize {
        self.from.get(at).or(self.from.last()).copied().unwrap_or(0)
    }
}

/// Piece letters no table lists, learned for one game from its legal moves
/// (the board crate's `learn`): each letter one piece, each piece one letter.
///
/// ```
/// use scoresheet_notation::lang::{translate_learned, LearnedLetters, Translation};
/// use scoresheet_notation::Role;
/// let learned = LearnedLetters::new(vec![("Ş".into(), Role::King), ("A".into(), Role::Knight)]);
/// let mut t = Translation::default();
/// translate_learned("Af3".as_bytes(), &learned, &mut t).unwrap();
/// assert_eq!(t.bytes, b"Nf3");
/// assert_eq!(learned.describe(), "read Ş as the king, A as the knight");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LearnedLetters {
    letters: Vec<(String, Role)>,
}

impl LearnedLetters {
    /// The alphabet of `letters` (letter, role), in the order learned.
    #[must_use]
    pub fn new(letters: Vec<(String, Role)>) -> LearnedLetters {
        LearnedLetters { letters }
    }

    /// The letters and their roles, in the order learned.
    #[must_use]
    pub fn letters(&self) -> &[(String, Role)] {
        &self.letters
    }

    /// The role of `letter`, if learned.
    #[must_use]
    pub fn role_of(&self, letter: &str) -> Option<Role> {
        self.letters.iter().find(|l| l.0 == letter).map(|l| l.1)
    }

    /// For reports: `read A as the knight, F as the bishop`.
    #[must_use]
    pub fn describe(&self) -> String {
        let each: Vec<String> = self
            .letters
            .iter()
            .map(|(l, r)| format!("{l} as the {}", r.name()))
            .collect();
        format!("read {}", each.join(", "))
    }

    /// The longest learned letter at the start of `text`, with its role and length.
    fn letter_at(&self, text: &[u8]) -> Option<(Role, usize)> {
        self.letters
            .iter()
            .filter(|l| text.starts_with(l.0.as_bytes()))
            .max_by_key(|l| l.0.len())
            .map(|l| (l.1, l.0.len()))
    }
}

/// The piece letters a token is translated with: a language's table, or
/// letters learned for the game.
#[derive(Clone, Copy)]
enum Alphabet<'l> {
    Table(Language),
    Learned(&'l LearnedLetters),
}

impl Alphabet<'_> {
    fn letter_at(self, text: &[u8]) -> Option<(Role, usize)> {
        match self {
            Alphabet::Table(l) => l.letter_at(text),
            Alphabet::Learned(l) => l.letter_at(text),
        }
    }

    /// Whether a letter read in this alphabet is a national one (English's
    /// own single letters are not; learned letters are reported by the board).
    fn national(self, len: usize) -> bool {
        match self {
            Alphabet::Table(l) => l != Language::English || len > 1,
            Alphabet::Learned(_) => false,
        }
    }

    /// A file of the language's own alphabet (`ζ` in Greek), as
    /// [`Language::file_at`]; learned letters are pieces only.
    fn file_at(self, text: &[u8]) -> Option<(u8, usize)> {
        match self {
            Alphabet::Table(l) => l.file_at(text),
            Alphabet::Learned(_) => None,
        }
    }

    fn foreign(self) -> bool {
        !matches!(
            self,
            Alphabet::Table(Language::English) | Alphabet::Learned(_)
        )
    }
}

/// A letter that is not a piece letter in the language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{letter:?} is not a piece letter in {language} ({})", language.letters_text())]
pub struct UnknownLetter {
    /// The letter.
    pub letter: String,
    /// Its offset in the token.
    pub at: usize,
    /// Its length in bytes.
    pub len: usize,
    /// The language the token was read in.
    pub language: Language,
}

/// Whether a token starts with castling spelled otherwise than `O-O`/`0-0`
/// (`o-o`, `O--O`, `O—O`), which [`translate`] reads.
pub(crate) fn spelled_castling(token: &[u8]) -> bool {
    castle_prefix(token).is_some_and(|c| c.spelled)
}

/// A castling prefix: its side, written with zeros, length, and whether it is
/// spelled otherwise than `O-O`/`0-0` (`o-o`, `O--O`, `0—0`).
#[derive(Debug, Clone, Copy)]
struct CastlePrefix {
    long: bool,
    zeros: bool,
    len: usize,
    spelled: bool,
}

/// `[Oo0]` (dash) `[Oo0]` ((dash) `[Oo0]`)? where a dash is one or two `-`, `–` or `—`.
fn castle_prefix(token: &[u8]) -> Option<CastlePrefix> {
    let o = |t: &[u8]| matches!(t.first(), Some(b'O' | b'o' | b'0'));
    let dash = |t: &[u8]| -> Option<usize> {
        let one = |t: &[u8]| match t {
            [b'-', ..] => Some(1),
            [0xE2, 0x80, 0x90..=0x95, ..] => Some(3),
            _ => None,
        };
        let a = one(t)?;
        Some(a + t.get(a..).and_then(one).unwrap_or(0))
    };
    if !o(token) {
        return None;
    }
    let mut i = 1;
    let d = dash(&token[i..])?;
    i += d;
    if !o(&token[i..]) {
        return None;
    }
    i += 1;
    let mut long = false;
    if let Some(d) = dash(&token[i..]) {
        if o(&token[i + d..]) {
            i += d + 1;
            long = true;
        }
    }
    let body = &token[..i];
    let zeros = body.iter().all(|&b| b != b'O' && b != b'o');
    let canonical: &[u8] = match (long, zeros) {
        (true, true) => b"0-0-0",
        (true, false) => b"O-O-O",
        (false, true) => b"0-0",
        (false, false) => b"O-O",
    };
    // A lone `0-0` could be a result or a score; only castling spellings count.
    if body.contains(&b'0') && body.iter().any(|&b| b == b'O' || b == b'o') {
        return None;
    }
    Some(CastlePrefix {
        long,
        zeros,
        len: i,
        spelled: body != canonical,
    })
}

/// Rewrites one move token written in `language` with English letters and
/// ASCII marks, so that the English grammar reads it: the piece letter at the
/// start (`Sf3` → `Nf3`, `Крg1` → `Kg1`, `пe4` → `Pe4`), a promotion letter
/// after the rank (`e8D` → `e8Q`), the piece taken named after a capture mark
/// (`Sd7xSe5` → `Nd7xNe5`), Cyrillic `х` for the capture mark and
/// `а`/`с`/`е` for files, dashes `–` `—` for `-`, and castling spelled `o-o`,
/// `O--O` or with long dashes.
///
/// # Errors
///
/// [`UnknownLetter`] when the token starts with a capital letter the language
/// has no piece for (an English `N` in a German game).
pub fn translate(
    token: &[u8],
    language: Language,
    out: &mut Translation,
) -> Result<(), UnknownLetter> {
    translate_in(token, Alphabet::Table(language), language, out)
}

/// [`translate`] with letters learned for the game: a capital not among them
/// is an [`UnknownLetter`] (reported as English's).
///
/// # Errors
///
/// [`UnknownLetter`] when the token starts with a capital not learned.
pub fn translate_learned(
    token: &[u8],
    learned: &LearnedLetters,
    out: &mut Translation,
) -> Result<(), UnknownLetter> {
    translate_in(token, Alphabet::Learned(learned), Language::English, out)
}

fn translate_in(
    token: &[u8],
    alphabet: Alphabet<'_>,
    language: Language,
    out: &mut Translation,
) -> Result<(), UnknownLetter> {
    out.bytes.clear();
    out.from.clear();
    out.national = false;
    out.castling = None;
    out.unicode_dash = None;
    let mut i = 0;
    if let Some(c) = castle_prefix(token) {
        if c.spelled {
            let body = &token[..c.len];
            let unicode_dash = !body.is_ascii();
            let ascii: Vec<u8> = body.iter().copied().filter(u8::is_ascii).collect();
            let letters = ascii.contains(&b'o') || ascii.windows(2).any(|w| w == b"--");
            out.castling = Some(SpelledCastling {
                len: c.len,
                unicode_dash,
                letters,
            });
        }
        let text: &[u8] = match (c.long, c.zeros) {
            (true, true) => b"0-0-0",
            (true, false) => b"O-O-O",
            (false, true) => b"0-0",
            (false, false) => b"O-O",
        };
        for &b in text {
            out.push(b, 0);
        }
        i = c.len;
    } else if let Some((role, len)) = alphabet.letter_at(token) {
        if followed_by_square(&token[len..]) {
            out.push(role.upper_char() as u8, 0);
            out.national = alphabet.national(len);
            i = len;
        }
    } else if let Some(&b) = token.first() {
        let letter_len = utf8_len(b);
        let is_letter = b.is_ascii_uppercase()
            || ((0xD0..=0xD1).contains(&b)
                && cyrillic_file(token).is_none()
                && alphabet.file_at(token).is_none())
            || (b >= 0xC0 && capital_at(token).is_some());
        if is_letter && followed_by_square(token.get(letter_len..).unwrap_or_default()) {
            return Err(UnknownLetter {
                letter: String::from_utf8_lossy(&token[..letter_len.min(token.len())]).into_owned(),
                at: 0,
                len: letter_len,
                language,
            });
        }
    }
    while i < token.len() {
        let rest = &token[i..];
        if let Some(f) = cyrillic_file(rest) {
            out.push(f, i);
            i += 2;
            continue;
        }
        if let Some((f, len)) = alphabet.file_at(rest) {
            // A square in the language's own letters (`ζ3`) is as national
            // as its piece letters: the game is read in that language.
            out.push(f, i);
            out.national = true;
            i += len;
            continue;
        }
        match rest {
            // Cyrillic `х`, and the multiplication sign printers set for `x`.
            [0xD1, 0x85, ..] | [0xD0, 0xA5, ..] | [0xC3, 0x97, ..] => {
                out.push(b'x', i);
                i += 2;
                continue;
            }
            [0xE2, 0x80, 0x90..=0x95, ..] | [0xE2, 0x88, 0x92, ..] => {
                out.push(b'-', i);
                out.unicode_dash.get_or_insert((i, 3));
                i += 3;
                continue;
            }
            _ => {}
        }
        let after_rank = out
            .bytes
            .last()
            .is_some_and(|b| matches!(b, b'1'..=b'8' | b'=' | b'(' | b'/'));
        if after_rank && (rest[0].is_ascii_uppercase() || rest[0] >= 0xC0) {
            if let Some((role, len)) = alphabet.letter_at(rest) {
                if role != Role::Pawn {
                    out.push(role.upper_char() as u8, i);
                    out.national |= alphabet.foreign();
                    i += len;
                    continue;
                }
            }
        }
        // The piece taken, named after the capture mark (`Sd7xSe5`, `Lb5:Bc6`).
        let after_capture = out
            .bytes
            .last()
            .is_some_and(|b| matches!(b, b'x' | b'X' | b':'))
            && out.bytes.len() >= 3;
        if after_capture && rest[0].is_ascii_uppercase() {
            if let Some((role, len)) = alphabet.letter_at(rest) {
                if followed_by_square(&rest[len..]) {
                    out.push(role.upper_char() as u8, i);
                    out.national |= alphabet.foreign();
                    i += len;
                    continue;
                }
            }
        }
        out.push(rest[0], i);
        i += 1;
    }
    out.from.push(token.len());
    Ok(())
}

/// Appends a move written in English SAN or LAN (`Nf3`, `Ng1-f3`, `exd8=Q+`,
/// `O-O`) to `out` with the piece letters of `language`: the moving piece's
/// letter at the start, and a promotion's after `=`.
///
/// ```
/// use scoresheet_notation::lang::{localize, Language};
/// let mut out = Vec::new();
/// localize(b"Nxf3+", Language::German, &mut out);
/// out.push(b' ');
/// localize(b"exd8=Q", Language::Russian, &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "Sxf3+ exd8=Ф");
/// ```
pub fn localize(english: &[u8], language: Language, out: &mut Vec<u8>) {
    let letter =
        |b: u8| Role::from_char(b.to_ascii_lowercase() as char).filter(|_| b.is_ascii_uppercase());
    for (i, &b) in english.iter().enumerate() {
        let piece = (i == 0 || english[i - 1] == b'=') && b != b'O';
        match letter(b).filter(|_| piece) {
            Some(role) if role != Role::Pawn => {
                out.extend_from_slice(language.letter(role).as_bytes())
            }
            _ => out.push(b),
        }
    }
}

/// The capital letter (Latin, Greek or Cyrillic upper case, or any letter of
/// another script: Georgian `მ`, a Chinese character) at the start of `text`, and its length in bytes:
/// what a piece letter may be in an alphabet no table lists.
///
/// ```
/// use scoresheet_notation::lang::capital_at;
/// assert_eq!(capital_at("Şf3".as_bytes()), Some(("Ş", 2)));
/// assert_eq!(capital_at(b"Xe1"), Some(("X", 1)));
/// assert_eq!(capital_at(b"e4"), None);
/// ```
#[must_use]
pub fn capital_at(text: &[u8]) -> Option<(&str, usize)> {
    let len = utf8_len(*text.first()?);
    let s = core::str::from_utf8(text.get(..len)?).ok()?;
    let c = s.chars().next()?;
    // Latin, Greek and Cyrillic small letters are files, words and endings;
    // the letters of other scripts (Georgian, Armenian, Hebrew, Arabic, CJK)
    // may be piece letters whatever their case.
    let other_script = c.is_alphabetic() && u32::from(c) >= 0x0530;
    (c.is_uppercase() || other_script).then_some((s, len))
}

/// The piece letter a move token is written with in an alphabet no table
/// need list: after a move number and dots, a capital ([`capital_at`])
/// followed by a square as a move goes on (`Şf3`, `Xe1`, `Ĉc3`, `Qxd5`).
/// Castling and pawn moves have none.
///
/// ```
/// use scoresheet_notation::lang::any_leading_capital;
/// assert_eq!(any_leading_capital("12.Şxe1+".as_bytes()), Some("Ş"));
/// assert_eq!(any_leading_capital(b"Kaufmann"), None);
/// assert_eq!(any_leading_capital(b"O-O"), None);
/// ```
#[must_use]
pub fn any_leading_capital(token: &[u8]) -> Option<&str> {
    let text = &token[skip_number(token)..];
    let (letter, len) = capital_at(text)?;
    if letter == "O" && castle_prefix(text).is_some() {
        return None;
    }
    followed_by_square(&text[len..]).then_some(letter)
}

/// The length of the UTF-8 sequence a byte starts (1 for anything malformed).
fn utf8_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests;
