//! The chess vocabulary: colours, roles, pieces, files, ranks and squares.
//!
//! Squares are numbered in FEN order, as the project's board notes do:
//! a8 = 0, b8 = 1, ..., h8 = 7, a7 = 8, ..., a1 = 56, ..., h1 = 63.
//! So `e4` is 36 and `h1` is 63.

use core::fmt;
use core::str::FromStr;

/// The side a piece belongs to, or the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White moves first; its pieces start on ranks 1 and 2.
    White,
    /// Black; its pieces start on ranks 7 and 8.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    ///
    /// ```
    /// use scoresheet_notation::Color;
    /// assert_eq!(Color::White.other(), Color::Black);
    /// ```
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black: an index into per-colour arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN active-colour letter: `w` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads the FEN active-colour letter `w` or `b`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// `"white"` or `"black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The rank on which this side's pieces start (1 for White, 8 for Black).
    #[inline]
    #[must_use]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// Picks `white` or `black` by colour.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of a piece, without its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (`P`, omitted in SAN).
    Pawn = 0,
    /// Knight (`N`; `Kt` in older English books).
    Knight = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Rook (`R`).
    Rook = 3,
    /// Queen (`Q`).
    Queen = 4,
    /// King (`K`).
    King = 5,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The four roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// `0` for pawn to `5` for king: an index into per-role arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case SAN letter: `P`, `N`, `B`, `R`, `Q`, `K`.
    #[must_use]
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case letter: `p`, `n`, `b`, `r`, `q`, `k`.
    #[must_use]
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// Reads a role letter in either case.
    ///
    /// ```
    /// use scoresheet_notation::Role;
    /// assert_eq!(Role::from_char('N'), Some(Role::Knight));
    /// assert_eq!(Role::from_char('q'), Some(Role::Queen));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The English name: `"pawn"`, `"knight"`, ...
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// This role in the given colour.
    #[inline]
    #[must_use]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White (`PNBRQK`), lower case for Black (`pnbrqk`).
    ///
    /// ```
    /// use scoresheet_notation::{Color, Piece, Role};
    /// assert_eq!(Role::Knight.of(Color::White).char(), 'N');
    /// assert_eq!(Piece::from_char('k'), Some(Role::King.of(Color::Black)));
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN piece letter; the case gives the colour.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// The Unicode chess figurine (`♔` ... `♟`).
    #[must_use]
    pub const fn figurine(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        }
    }

    /// Reads a Unicode figurine of either colour.
    #[must_use]
    pub fn from_figurine(c: char) -> Option<Piece> {
        let (color, role) = match c {
            '♔' => (Color::White, Role::King),
            '♕' => (Color::White, Role::Queen),
            '♖' => (Color::White, Role::Rook),
            '♗' => (Color::White, Role::Bishop),
            '♘' => (Color::White, Role::Knight),
            '♙' => (Color::White, Role::Pawn),
            '♚' => (Color::Black, Role::King),
            '♛' => (Color::Black, Role::Queen),
            '♜' => (Color::Black, Role::Rook),
            '♝' => (Color::Black, Role::Bishop),
            '♞' => (Color::Black, Role::Knight),
            '♟' => (Color::Black, Role::Pawn),
            _ => return None,
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A file (column), `a` to `h` from White's left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum File {
    /// The a-file.
    A = 0,
    /// The b-file.
    B = 1,
    /// The c-file.
    C = 2,
    /// The d-file.
    D = 3,
    /// The e-file.
    E = 4,
    /// The f-file.
    F = 5,
    /// The g-file.
    G = 6,
    /// The h-file.
    H = 7,
}

impl File {
    /// All files, a to h.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `0..8` (a = 0).
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The index, a = 0 to h = 7.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The letter `a` to `h`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Reads a file letter `a` to `h` (lower case only, as SAN writes it).
    ///
    /// ```
    /// use scoresheet_notation::File;
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::from_char('i'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        if c >= 'a' && c <= 'h' {
            File::new(c as u8 - b'a')
        } else {
            None
        }
    }

    /// The file `delta` steps to the right (towards h), if it is on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i8) -> Option<File> {
        let i = self as i8 + delta;
        if i >= 0 && i < 8 {
            File::new(i as u8)
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row), `1` to `8` from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// Rank 1, White's back rank.
    First = 0,
    /// Rank 2.
    Second = 1,
    /// Rank 3.
    Third = 2,
    /// Rank 4.
    Fourth = 3,
    /// Rank 5.
    Fifth = 4,
    /// Rank 6.
    Sixth = 5,
    /// Rank 7.
    Seventh = 6,
    /// Rank 8, Black's back rank.
    Eighth = 7,
}

impl Rank {
    /// All ranks, 1 to 8.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `0..8` (rank 1 = 0).
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The index, rank 1 = 0 to rank 8 = 7.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The digit `1` to `8`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Reads a rank digit `1` to `8`.
    ///
    /// ```
    /// use scoresheet_notation::Rank;
    /// assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Rank::new(c as u8 - b'1')
        } else {
            None
        }
    }

    /// This rank as seen from `color`'s side: rank 1 is White's first rank and Black's eighth.
    ///
    /// ```
    /// use scoresheet_notation::{Color, Rank};
    /// assert_eq!(Rank::Fourth.relative_to(Color::Black), Rank::Fifth);
    /// ```
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }

    /// The rank `delta` steps up (towards rank 8), if it is on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i8) -> Option<Rank> {
        let i = self as i8 + delta;
        if i >= 0 && i < 8 {
            Rank::new(i as u8)
        } else {
            None
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The colour of a square on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareShade {
    /// A light square (h1 is light).
    Light,
    /// A dark square (a1 is dark).
    Dark,
}

/// One of the 64 squares, numbered in FEN order: a8 = 0, ..., h8 = 7, ..., a1 = 56, ..., h1 = 63.
///
/// ```
/// use scoresheet_notation::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4.index(), 36);
/// assert_eq!(e4.file(), File::E);
/// assert_eq!(e4.rank(), Rank::Fourth);
/// assert_eq!(Square::new(63).unwrap().to_string(), "h1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The error for text that is not a square name such as `e4`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a square such as e4, found {found:?}")]
pub struct ParseSquareError {
    /// The text that was given.
    pub found: String,
}

impl Square {
    /// a8, square 0.
    pub const A8: Square = Square(0);
    /// h8, square 7.
    pub const H8: Square = Square(7);
    /// a1, square 56.
    pub const A1: Square = Square(56);
    /// h1, square 63.
    pub const H1: Square = Square(63);

    /// The square with FEN-order index `0..64`.
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with FEN-order index `index & 63`: never fails.
    #[inline]
    #[must_use]
    pub const fn from_index_masked(index: u8) -> Square {
        Square(index & 63)
    }

    /// The square on `file` and `rank`.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square((7 - rank as u8) * 8 + file as u8)
    }

    /// The FEN-order index: a8 = 0 ... h1 = 63.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file of the square.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    /// The rank of the square.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        // `!r & 7` is `7 - r` for a rank index in 0..8, and needs no bounds check.
        Rank::ALL[(!(self.0 >> 3) & 7) as usize]
    }

    /// Light or dark: a1 and h8 are dark, h1 and a8 are light.
    ///
    /// ```
    /// use scoresheet_notation::{Square, SquareShade};
    /// assert_eq!(Square::new(56).unwrap().shade(), SquareShade::Dark); // a1
    /// assert_eq!(Square::H8.shade(), SquareShade::Dark);
    /// assert_eq!(Square::H1.shade(), SquareShade::Light);
    /// ```
    #[inline]
    #[must_use]
    pub const fn shade(self) -> SquareShade {
        if (self.file() as u8 + self.rank() as u8) % 2 == 0 {
            SquareShade::Dark
        } else {
            SquareShade::Light
        }
    }

    /// The square moved by `df` files and `dr` ranks (up is towards rank 8), if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        match (self.file().offset(df), self.rank().offset(dr)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// The same square seen from the other side (e2 becomes e7).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Reads a square name such as `e4` from ASCII bytes.
    #[inline]
    #[must_use]
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        // Arithmetic on the bytes: this is on the hot path of every SAN move.
        let file = s[0].wrapping_sub(b'a');
        let rank = s[1].wrapping_sub(b'1');
        if file < 8 && rank < 8 {
            Some(Square((7 - rank) * 8 + file))
        } else {
            None
        }
    }

    /// All 64 squares in FEN order (a8 first).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or_else(|| ParseSquareError {
            found: s.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests;
