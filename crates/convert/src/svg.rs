//! Board diagrams as SVG: a position, the move just played marked, optional
//! arrows, coordinates, from White's side or Black's.
//!
//! The pieces are drawn by this module (simple outlines on a 45-unit square,
//! defined once as `<symbol>`s and placed with `<use>`), so the diagrams carry
//! no third-party artwork and need no font. Every piece placed is a `<use>`
//! element with `class="piece"` and a `data-piece` attribute holding its FEN
//! letter, and every square a `<rect>` with a `data-square` attribute, so a
//! page or a test can read the diagram back.
//!
//! ```
//! use scoresheet_board::Position;
//! use scoresheet_convert::svg::{Diagram, diagram};
//! let svg = diagram(&Position::new(), &Diagram::default());
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"piece\"").count(), 32);
//! ```

use std::fmt::Write as _;

use scoresheet_board::{Color, Move, Position, Role, Square};

/// One square's side in SVG units.
const SQUARE: u32 = 45;
/// The margin around the board that holds the coordinates.
const MARGIN: u32 = 18;

/// What a diagram shows besides the position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagram {
    /// The move just played: its two squares are tinted.
    pub last_move: Option<(Square, Square)>,
    /// Arrows from one square to another (ideas, threats, the next move).
    pub arrows: Vec<(Square, Square)>,
    /// Seen from Black's side (rank 1 at the top).
    pub flipped: bool,
    /// Without the file letters and rank digits around the board.
    pub no_coordinates: bool,
}

impl Diagram {
    /// A diagram with `m`, the move that led to the position, marked (a null
    /// move marks nothing).
    #[must_use]
    pub fn after(m: &Move) -> Diagram {
        Diagram {
            last_move: (!m.is_null()).then_some((m.from, m.to)),
            ..Diagram::default()
        }
    }
}

/// The diagram of `position` as a standalone SVG document.
#[must_use]
pub fn diagram(position: &Position, options: &Diagram) -> String {
    let side = SQUARE * 8 + 2 * MARGIN;
    let mut out = String::with_capacity(8 << 10);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         viewBox=\"0 0 {side} {side}\" width=\"{side}\" height=\"{side}\" class=\"board\" \
         data-turn=\"{}\">",
        position.turn().char()
    );
    out.push_str(DEFS);
    let _ = write!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{side}\" height=\"{side}\" fill=\"#5d4a38\"/>"
    );
    for index in 0..64u8 {
        let square = Square::from_index_masked(index);
        let (x, y) = corner(square, options.flipped);
        let light = (index / 8 + index % 8) % 2 == 0;
        let marked = options
            .last_move
            .is_some_and(|(from, to)| square == from || square == to);
        let fill = match (light, marked) {
            (true, false) => "#f0d9b5",
            (false, false) => "#b58863",
            (true, true) => "#e8e07a",
            (false, true) => "#c4b446",
        };
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\" \
             data-square=\"{square}\"{}/>",
            if marked { " class=\"marked\"" } else { "" }
        );
    }
    if !options.no_coordinates {
        coordinates(&mut out, options.flipped);
    }
    for index in 0..64u8 {
        let square = Square::from_index_masked(index);
        if let Some(piece) = position.piece_at(square) {
            let (x, y) = corner(square, options.flipped);
            let letter = piece.char();
            let id = symbol_id(piece.color, piece.role);
            let _ = write!(
                out,
                "<use href=\"#{id}\" xlink:href=\"#{id}\" x=\"{x}\" y=\"{y}\" \
                 width=\"{SQUARE}\" height=\"{SQUARE}\" class=\"piece\" data-piece=\"{letter}\" \
                 data-square=\"{square}\"/>"
            );
        }
    }
    for &(from, to) in &options.arrows {
        arrow(&mut out, from, to, options.flipped);
    }
    out.push_str("</svg>");
    out
}

/// The top-left corner of `square` in SVG units.
fn corner(square: Square, flipped: bool) -> (u32, u32) {
    let (column, row) = (u32::from(square.index() % 8), u32::from(square.index() / 8));
    let (column, row) = if flipped {
        (7 - column, 7 - row)
    } else {
        (column, row)
    };
    (MARGIN + column * SQUARE, MARGIN + row * SQUARE)
}

/// The centre of `square` in SVG units.
fn centre(square: Square, flipped: bool) -> (u32, u32) {
    let (x, y) = corner(square, flipped);
    (x + SQUARE / 2, y + SQUARE / 2)
}

/// File letters below and above the board, rank digits left and right.
fn coordinates(out: &mut String, flipped: bool) {
    let far = MARGIN + 8 * SQUARE + MARGIN / 2;
    for i in 0..8u32 {
        let (file, rank) = if flipped {
            (b'h' - i as u8, b'1' + i as u8)
        } else {
            (b'a' + i as u8, b'8' - i as u8)
        };
        let middle = MARGIN + i * SQUARE + SQUARE / 2;
        for y in [MARGIN / 2, far] {
            let _ = write!(
                out,
                "<text x=\"{middle}\" y=\"{y}\" class=\"coordinate\" font-size=\"11\" \
                 font-family=\"sans-serif\" fill=\"#f0d9b5\" text-anchor=\"middle\" \
                 dominant-baseline=\"central\">{}</text>",
                file as char
            );
        }
        for x in [MARGIN / 2, far] {
            let _ = write!(
                out,
                "<text x=\"{x}\" y=\"{middle}\" class=\"coordinate\" font-size=\"11\" \
                 font-family=\"sans-serif\" fill=\"#f0d9b5\" text-anchor=\"middle\" \
                 dominant-baseline=\"central\">{}</text>",
                rank as char
            );
        }
    }
}

/// An arrow from the centre of `from` to the centre of `to`, its head short of
/// the centre so the piece there stays visible.
fn arrow(out: &mut String, from: Square, to: Square, flipped: bool) {
    if from == to {
        return;
    }
    let (x1, y1) = centre(from, flipped);
    let (x2, y2) = centre(to, flipped);
    let (dx, dy) = (f64::from(x2) - f64::from(x1), f64::from(y2) - f64::from(y1));
    let length = dx.hypot(dy);
    let shorten = 12.0 / length;
    let (ex, ey) = (f64::from(x2) - dx * shorten, f64::from(y2) - dy * shorten);
    let _ = write!(
        out,
        "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\" class=\"arrow\" \
         data-from=\"{from}\" data-to=\"{to}\" stroke=\"#2a7a2a\" stroke-opacity=\"0.8\" \
         stroke-width=\"7\" stroke-linecap=\"round\" marker-end=\"url(#arrowhead)\"/>"
    );
}

/// The `<symbol>` id of a piece: `wK`, `bN`, ...
fn symbol_id(color: Color, role: Role) -> String {
    format!("{}{}", color.char(), role.upper_char())
}

/// The twelve pieces and the arrowhead, drawn in a 45 by 45 box. White pieces
/// are white with a black outline, Black's black with white details.
const DEFS: &str = concat!(
    "<defs>",
    "<marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"3\" refY=\"5\" markerWidth=\"2.6\" ",
    "markerHeight=\"2.6\" orient=\"auto\"><path d=\"M0 0 L10 5 L0 10 Z\" fill=\"#2a7a2a\" ",
    "fill-opacity=\"0.8\"/></marker>",
    "<style>.pw{fill:#fff;stroke:#000}.pb{fill:#222;stroke:#000}",
    ".pw .d{fill:none;stroke:#000}.pb .d{fill:none;stroke:#eee}</style>",
    // Pawn: a head on a cone.
    "<symbol id=\"wP\" viewBox=\"0 0 45 45\"><g class=\"pw\" stroke-width=\"1.5\">",
    "<path d=\"M16 35 L19.5 21 L25.5 21 L29 35 Z\"/><circle cx=\"22.5\" cy=\"15\" r=\"6\"/>",
    "<rect x=\"12\" y=\"34\" width=\"21\" height=\"5\" rx=\"1.5\"/></g></symbol>",
    "<symbol id=\"bP\" viewBox=\"0 0 45 45\"><g class=\"pb\" stroke-width=\"1.5\">",
    "<path d=\"M16 35 L19.5 21 L25.5 21 L29 35 Z\"/><circle cx=\"22.5\" cy=\"15\" r=\"6\"/>",
    "<rect x=\"12\" y=\"34\" width=\"21\" height=\"5\" rx=\"1.5\"/></g></symbol>",
    // Rook: a crenellated tower.
    "<symbol id=\"wR\" viewBox=\"0 0 45 45\"><g class=\"pw\" stroke-width=\"1.5\">",
    "<path d=\"M11 9 h5 v4 h4 v-4 h5 v4 h4 v-4 h5 v9 h-23 Z\"/>",
    "<path d=\"M14 18 h17 l-1.5 15 h-14 Z\"/>",
    "<rect x=\"10\" y=\"33\" width=\"25\" height=\"6\" rx=\"1.5\"/>",
    "<path class=\"d\" d=\"M15 18 h15\"/></g></symbol>",
    "<symbol id=\"bR\" viewBox=\"0 0 45 45\"><g class=\"pb\" stroke-width=\"1.5\">",
    "<path d=\"M11 9 h5 v4 h4 v-4 h5 v4 h4 v-4 h5 v9 h-23 Z\"/>",
    "<path d=\"M14 18 h17 l-1.5 15 h-14 Z\"/>",
    "<rect x=\"10\" y=\"33\" width=\"25\" height=\"6\" rx=\"1.5\"/>",
    "<path class=\"d\" d=\"M15 19 h15 M16 32 h13\"/></g></symbol>",
    // Knight: a horse's head facing left.
    "<symbol id=\"wN\" viewBox=\"0 0 45 45\"><g class=\"pw\" stroke-width=\"1.5\" ",
    "stroke-linejoin=\"round\"><path d=\"M14 34 C14 27 17 23 21 20 L14 22 C11 22 9 19 11 17 ",
    "L19 10 L20 6 L23 9 C31 10 34 19 33 34 Z\"/>",
    "<rect x=\"11\" y=\"33\" width=\"24\" height=\"6\" rx=\"1.5\"/>",
    "<circle class=\"d\" cx=\"19\" cy=\"14\" r=\"1\"/></g></symbol>",
    "<symbol id=\"bN\" viewBox=\"0 0 45 45\"><g class=\"pb\" stroke-width=\"1.5\" ",
    "stroke-linejoin=\"round\"><path d=\"M14 34 C14 27 17 23 21 20 L14 22 C11 22 9 19 11 17 ",
    "L19 10 L20 6 L23 9 C31 10 34 19 33 34 Z\"/>",
    "<rect x=\"11\" y=\"33\" width=\"24\" height=\"6\" rx=\"1.5\"/>",
    "<circle class=\"d\" cx=\"19\" cy=\"14\" r=\"1\"/>",
    "<path class=\"d\" d=\"M24 11 C30 13 31 22 31 32\"/></g></symbol>",
    // Bishop: a mitre with its slit, on a collar.
    "<symbol id=\"wB\" viewBox=\"0 0 45 45\"><g class=\"pw\" stroke-width=\"1.5\">",
    "<circle cx=\"22.5\" cy=\"7.5\" r=\"2.5\"/>",
    "<path d=\"M22.5 10 C14 17 14 26 22.5 29 C31 26 31 17 22.5 10 Z\"/>",
    "<rect x=\"16\" y=\"28.5\" width=\"13\" height=\"5\" rx=\"1\"/>",
    "<rect x=\"11\" y=\"34\" width=\"23\" height=\"5\" rx=\"1.5\"/>",
    "<path class=\"d\" d=\"M22.5 15 v8 M18.5 19 h8\"/></g></symbol>",
    "<symbol id=\"bB\" viewBox=\"0 0 45 45\"><g class=\"pb\" stroke-width=\"1.5\">",
    "<circle cx=\"22.5\" cy=\"7.5\" r=\"2.5\"/>",
    "<path d=\"M22.5 10 C14 17 14 26 22.5 29 C31 26 31 17 22.5 10 Z\"/>",
    "<rect x=\"16\" y=\"28.5\" width=\"13\" height=\"5\" rx=\"1\"/>",
    "<rect x=\"11\" y=\"34\" width=\"23\" height=\"5\" rx=\"1.5\"/>",
    "<path class=\"d\" d=\"M22.5 15 v8 M18.5 19 h8\"/></g></symbol>",
    // Queen: a crown of five points, each with a ball.
    "<symbol id=\"wQ\" viewBox=\"0 0 45 45\"><g class=\"pw\" stroke-width=\"1.5\" ",
    "stroke-linejoin=\"round\"><path d=\"M11 33 L8 14 L15 24 L15.5 11 L20 23 L22.5 9 ",
    "L25 23 L29.5 11 L30 24 L37 14 L34 33 Z\"/>",
    "<circle cx=\"8\" cy=\"12.5\" r=\"2\"/><circle cx=\"15.5\" cy=\"9.5\" r=\"2\"/>",
    "<circle cx=\"22.5\" cy=\"7.5\" r=\"2\"/><circle cx=\"29.5\" cy=\"9.5\" r=\"2\"/>",
    "<circle cx=\"37\" cy=\"12.5\" r=\"2\"/>",
    "<rect x=\"10\" y=\"33\" width=\"25\" height=\"6\" rx=\"1.5\"/></g></symbol>",
    "<symbol id=\"bQ\" viewBox=\"0 0 45 45\"><g class=\"pb\" stroke-width=\"1.5\" ",
    "stroke-linejoin=\"round\"><path d=\"M11 33 L8 14 L15 24 L15.5 11 L20 23 L22.5 9 ",
    "L25 23 L29.5 11 L30 24 L37 14 L34 33 Z\"/>",
    "<circle cx=\"8\" cy=\"12.5\" r=\"2\"/><circle cx=\"15.5\" cy=\"9.5\" r=\"2\"/>",
    "<circle cx=\"22.5\" cy=\"7.5\" r=\"2\"/><circle cx=\"29.5\" cy=\"9.5\" r=\"2\"/>",
    "<circle cx=\"37\" cy=\"12.5\" r=\"2\"/>",
    "<rect x=\"10\" y=\"33\" width=\"25\" height=\"6\" rx=\"1.5\"/>",
    "<path class=\"d\" d=\"M12 30 h21\"/></g></symbol>",
    // King: two lobes under a cross.
    "<symbol id=\"wK\" viewBox=\"0 0 45 45\"><g class=\"pw\" stroke-width=\"1.5\" ",
    "stroke-linejoin=\"round\"><path d=\"M22.5 4 v8 M18.5 7.5 h8\" fill=\"none\"/>",
    "<path d=\"M22.5 25 C19 19 19.5 14 22.5 13 C25.5 14 26 19 22.5 25 Z\"/>",
    "<path d=\"M11 33 C6 25 13 17 22.5 25 C32 17 39 25 34 33 Z\"/>",
    "<rect x=\"10\" y=\"33\" width=\"25\" height=\"6\" rx=\"1.5\"/></g></symbol>",
    "<symbol id=\"bK\" viewBox=\"0 0 45 45\"><g class=\"pb\" stroke-width=\"1.5\" ",
    "stroke-linejoin=\"round\"><path d=\"M22.5 4 v8 M18.5 7.5 h8\" fill=\"none\"/>",
    "<path d=\"M22.5 25 C19 19 19.5 14 22.5 13 C25.5 14 26 19 22.5 25 Z\"/>",
    "<path d=\"M11 33 C6 25 13 17 22.5 25 C32 17 39 25 34 33 Z\"/>",
    "<rect x=\"10\" y=\"33\" width=\"25\" height=\"6\" rx=\"1.5\"/>",
    "<path class=\"d\" d=\"M13 30 h19\"/></g></symbol>",
    "</defs>"
);

#[cfg(test)]
mod tests;
