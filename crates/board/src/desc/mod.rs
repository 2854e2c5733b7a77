//! English descriptive notation on the board: which legal move a written [`DescMove`]
//! names (docs/DESCRIPTIVE.md §2 to §4), and whole book games replayed move by move.
//!
//! A descriptive move is a set of constraints; it means the one legal move that meets
//! all of them. When printed books leave more than one, three tie-breaks settle most
//! cases, each reported as a [`Diagnostic`]: the check marker (`tie-break-check-marker`,
//! both modes), the recapture (`tie-break-recapture`, lenient only) and the lookahead
//! over the rest of the game (`tie-break-lookahead`, lenient only, in [`replay_book`]).
//! `K`/`Q` prefixes on rooks, knights and bishops name a piece by its origin, tracked
//! by [`Origins`], with the wing it stands on as a fallback (`origin-wing-conflict` when
//! the two readings name different moves).
//!
//! # Diagnostic kinds
//!
//! | kind | severity | when |
//! |---|---|---|
//! | `tie-break-check-marker` | note | the printed check word (or its absence) left one move |
//! | `vague-move` | note | a move named by its effect (`Q. checks.`, `P. Queens.`) |
//! | `wing-reading` | note | no piece of the prefix's origin is on the board: read by wing |
//! | `check-mark-mismatch` | note | the one fitting move gives check (or mate) and the text says otherwise |
//! | `tie-break-recapture` | warning | lenient: the recapture on the last move's square |
//! | `tie-break-lookahead` | warning | lenient: the only reading under which the game goes on farthest |
//! | `origin-wing-conflict` | warning | origin and wing name different moves; origin taken |
//! | `origin-wing-fallback` | warning | lenient: the piece of that origin cannot make the move; read by wing |
//! | `castles-both-legal` | warning | lenient: plain `Castles` with both sides legal, read as `O-O` |
//! | `promotion-assumed-queen` | warning | lenient: no promotion piece written, a queen taken |
//! | `side-to-move` | warning | the start position's side to move differs from the table's |
//! | `no-legal-reading` | error | no legal move fits; the message names the constraint that failed |
//! | `ambiguous-move` | error | several fit; every candidate as `SAN (LAN)`, with what lenient mode would do |
//! | `desc-syntax`, `not-descriptive`, `invalid-fen` | error | the move or the start cannot be read |
//!
//! ```
//! use scoresheet_board::desc::{replay_book, Origins};
//! use scoresheet_notation::desc::read_book;
//! let book = read_book(b"1. P. to K's 4th.   1. P. to K's 4th.\n2. K. Kt. to B's 3d.  2. Q. Kt. to B's 3d.\n");
//! let replay = replay_book(&book, None, false);
//! assert_eq!(replay.san_movetext(), "1. e4 e5 2. Nf3 Nc6");
//! assert!(replay.diagnostics.is_empty());
//! ```
//!
//! [`DescMove`]: scoresheet_notation::DescMove
//! [`Diagnostic`]: scoresheet_notation::Diagnostic

mod origins;
mod replay;
mod resolve;
mod suggest;
#[cfg(test)]
mod tests;

pub use origins::Origins;
pub use replay::{BookOptions, BookReplay, ReplayedPly, replay_book, replay_book_with};
pub use resolve::{
    DescContext, DescResolution, DescResolveError, describe_candidate, resolve_desc,
};
pub use suggest::{MAX_SUGGESTIONS, Suggestion, suggest};
