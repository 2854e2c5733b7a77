//! Renders resolved games as strict PGN, SAN, LAN, UCI, FEN or English descriptive notation.
