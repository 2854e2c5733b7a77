//! Renders resolved games as strict PGN, SAN, LAN, UCI, FEN or English descriptive notation.
//!
//! ```
//! use scoresheet_board::Position;
//! use scoresheet_board::desc::Origins;
//! use scoresheet_convert::descriptive::{to_descriptive, DescStyle};
//! let pos = Position::new();
//! let e4 = *pos.legal_moves().iter().find(|m| m.to_uci() == "e2e4").unwrap();
//! assert_eq!(to_descriptive(&pos, &e4, &Origins::from_position(&pos), &DescStyle::default()), "P-K4");
//! ```

pub mod descriptive;
