//! PGN files.
