//! A tiny reader of one move token (SAN, LAN, UCI, castling, null) with its check marks,
//! for the board crate's tests and examples only: the real PGN parser lives in the
//! notation crate. Not part of the library.

use scoresheet_notation::{
    CastleMove, CastleSide, CheckMark, File, LanMove, MoveKind, Rank, Role, SanMove, Span, Square,
    Suffix, WrittenMove,
};

/// A tiny test-only reader of one move token (SAN, LAN, UCI, castling, null) with its
/// check marks; the real PGN parser lives in the notation crate.
pub fn written(token: &str) -> WrittenMove {
    let span_all = Span::new(0, token.len());
    let mut body = token.trim_end_matches(['!', '?']);
    let mut suffix = Suffix::default();
    for (mark, check) in [
        ("++", CheckMark::PlusPlus),
        ("#", CheckMark::Mate),
        ("+", CheckMark::Check),
    ] {
        if let Some(rest) = body.strip_suffix(mark) {
            suffix.check = Some((check, Span::new(rest.len(), rest.len() + mark.len())));
            body = rest;
            break;
        }
    }
    if let Some(rest) = body.strip_suffix("e.p.") {
        suffix.en_passant = Some(Span::new(rest.len(), rest.len() + 4));
        body = rest;
    }
    let kind = match body {
        "O-O" | "0-0" => MoveKind::Castle(CastleMove {
            side: Some(CastleSide::King),
            zeros: body.starts_with('0'),
        }),
        "O-O-O" | "0-0-0" => MoveKind::Castle(CastleMove {
            side: Some(CastleSide::Queen),
            zeros: body.starts_with('0'),
        }),
        "Castles" => MoveKind::Castle(CastleMove {
            side: None,
            zeros: false,
        }),
        "--" => MoveKind::Null,
        _ if body.starts_with("P-") => {
            match scoresheet_notation::desc::parse_token(body.as_bytes(), 0) {
                Some(m) => m.kind,
                None => MoveKind::Null,
            }
        }
        _ => lan_or_san(body),
    };
    WrittenMove {
        kind,
        suffix,
        span: span_all,
    }
}

fn lan_or_san(body: &str) -> MoveKind {
    let b = body.as_bytes();
    let mut i = 0;
    let (role, role_span) = match b.first().and_then(|&c| Role::from_char(c as char)) {
        Some(r) if b[0].is_ascii_uppercase() => {
            i = 1;
            (Some(r), Some(Span::new(0, 1)))
        }
        _ => (None, None),
    };
    let rest = &body[i..];
    let (main, promotion, promotion_span) = match rest.split_once('=') {
        Some((m, p)) => (
            m,
            p.chars().next().and_then(Role::from_char),
            Some(Span::new(i + m.len(), body.len())),
        ),
        None => (rest, None, None),
    };
    let sq = |s: &str| Square::from_ascii(s.as_bytes());
    let m = main.as_bytes();
    // LAN `e2-e4` / `e2xe4`, UCI `e2e4` / `e7e8q`.
    if m.len() >= 4 && sq(&main[..2]).is_some() {
        let (sep, to_at) = match m[2] {
            b'-' => (Some(false), 3),
            b'x' => (Some(true), 3),
            _ => (None, 2),
        };
        if let Some(to) = main.get(to_at..to_at + 2).and_then(sq) {
            let tail = &main[to_at + 2..];
            let (promotion, promotion_span) = if tail.is_empty() {
                (promotion, promotion_span)
            } else {
                (
                    tail.chars().next().and_then(Role::from_char),
                    Some(Span::new(i + to_at + 2, body.len())),
                )
            };
            return MoveKind::Lan(LanMove {
                role,
                role_span,
                from: sq(&main[..2]).expect("checked"),
                from_span: Span::new(i, i + 2),
                capture: sep,
                separator_span: sep.map(|_| Span::new(i + 2, i + 3)),
                captured: None,
                captured_span: None,
                to,
                to_span: Span::new(i + to_at, i + to_at + 2),
                promotion,
                promotion_span,
            });
        }
    }
    // SAN: [file][rank][x]square.
    let to_at = main.len() - 2;
    let to = sq(&main[to_at..]).expect("a destination square");
    let mut from_file = None;
    let mut from_rank = None;
    let mut capture = None;
    let mut hint_end = i;
    for (k, c) in main[..to_at].char_indices() {
        if let Some(f) = File::from_char(c) {
            from_file = Some(f);
            hint_end = i + k + 1;
        } else if let Some(r) = Rank::from_char(c) {
            from_rank = Some(r);
            hint_end = i + k + 1;
        } else if c == 'x' || c == ':' {
            capture = Some(Span::new(i + k, i + k + 1));
        }
    }
    MoveKind::San(SanMove {
        role: role.unwrap_or(Role::Pawn),
        role_span,
        from_file,
        from_rank,
        from_span: (from_file.is_some() || from_rank.is_some()).then(|| Span::new(i, hint_end)),
        capture,
        to,
        to_span: Span::new(i + to_at, i + main.len()),
        promotion,
        promotion_span,
    })
}
