//! The resolved game: every move of every line resolved into a legal move, with
//! comments, NAGs and annotation glyphs kept in place.
//!
//! Variations are a flat list of [`Node::StartVariation`] and [`Node::EndVariation`]
//! markers, as in the parsed game, and are walked with an explicit stack: nesting
//! costs heap, never call stack.

use scoresheet_board::eco::{Opening, classify_resolved};
use scoresheet_board::quick::{QuickLane, QuickRecord};
use scoresheet_board::replay::{ReplayOptions, Variant, replay_from, variant_of};
use scoresheet_board::{Color, Move, Position};
use scoresheet_notation::Kind;
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{CommentKind, Game as PgnGame, Tag, Token};
use scoresheet_notation::{Annotation, Diagnostic, GameResult, LanMove, MoveKind, Severity, Span};

/// The notations a move may be written in, for [`Options::from`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation (`Nf3`), with castling and null moves.
    San,
    /// Long algebraic notation (`Ng1-f3`), with castling and null moves.
    Lan,
    /// UCI notation (`g1f3`), with null moves.
    Uci,
    /// English descriptive notation (`N-KB3`), with castling.
    Descriptive,
}

impl Notation {
    /// The notation's name, lower case: `san`, `lan`, `uci`, `descriptive`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Uci => "uci",
            Notation::Descriptive => "descriptive",
        }
    }

    /// Whether a move written as `kind` is in this notation.
    #[must_use]
    pub fn accepts(self, kind: &MoveKind) -> bool {
        match kind {
            MoveKind::San(_) | MoveKind::FileCapture(_) => self == Notation::San,
            MoveKind::Lan(l) => self == lan_notation(l),
            MoveKind::Castle(_) => self != Notation::Uci,
            MoveKind::Null => self != Notation::Descriptive,
            MoveKind::Descriptive(_) => self == Notation::Descriptive,
        }
    }

    /// The notation of a written move (castling and null moves count as SAN).
    #[must_use]
    pub fn of(kind: &MoveKind) -> Notation {
        match kind {
            MoveKind::San(_) | MoveKind::FileCapture(_) | MoveKind::Castle(_) | MoveKind::Null => {
                Notation::San
            }
            MoveKind::Lan(l) => lan_notation(l),
            MoveKind::Descriptive(_) => Notation::Descriptive,
        }
    }
}

fn lan_notation(l: &LanMove) -> Notation {
    if l.is_uci() {
        Notation::Uci
    } else {
        Notation::Lan
    }
}

/// How to resolve a game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// Accept only moves in this notation: a move in another one is an error.
    pub from: Option<Notation>,
    /// Turn every warning into an error.
    pub strict: bool,
    /// Write the result the board gives where the written one contradicts it
    /// (a warning names the change) instead of refusing the game.
    pub fix_results: bool,
    /// Write each tag value in the standard's form where it has one clear
    /// reading (`2025-02-24` as `2025.02.24`, an Elo that is not a number
    /// emptied), `PlyCount` as the main line's plies, and the seven-tag roster
    /// completed, each change a `tag-fixed` note (`--fix-tags`).
    pub fix_tags: bool,
    /// Read the piece letters of this language; `None`: tell each game's from
    /// its letters (English needs no telling).
    pub lang: Option<Language>,
    /// The start position of a game without a `FEN` tag of its own (`--fen`), instead
    /// of the standard one; a game with its own `FEN` keeps it.
    pub start: Option<Position>,
    /// Read a misprinted move as its clearly best suggestion when the rest of
    /// the game then plays (`--repair`), with a `repaired` warning naming both
    /// spellings; a move left out is put back, a move printed twice left out.
    /// Ignored when strict.
    pub repair: bool,
}

/// A move's SAN, check or mate mark included, held inline (no heap).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San {
    bytes: [u8; 8],
    len: u8,
}

impl San {
    /// SAN without a mark (as [`Position::san_plain_bytes`] gives it), and `mark`.
    fn with_mark((mut bytes, len): ([u8; 8], u8), mark: Option<u8>) -> San {
        let mut len = usize::from(len);
        if let (Some(mark), Some(slot)) = (mark, bytes.get_mut(len)) {
            *slot = mark;
            len += 1;
        }
        San {
            bytes,
            len: u8::try_from(len).unwrap_or(0),
        }
    }

    /// The SAN text's bytes (ASCII), for writing without a UTF-8 check.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The SAN text: `Nf3`, `exd8=Q+`, `O-O-O#`, `--`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        core::str::from_utf8(bytes).unwrap_or_default()
    }
}

impl core::fmt::Debug for San {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl core::fmt::Display for San {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One resolved move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNode {
    /// The legal move.
    pub mv: Move,
    /// Its SAN in the position it was played in, with `+` or `#`.
    pub san: San,
    /// The full-move number of the position it was played in.
    pub fullmove: u32,
    /// The side that played it.
    pub turn: Color,
    /// The annotation glyph written with it (`!`, `?`, ...), written as `$1`..`$6` in PGN.
    pub annotation: Option<Annotation>,
    /// Where the move was written.
    pub span: Span,
}

/// One element of a resolved game's movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Node<'a> {
    /// A move.
    Move(MoveNode),
    /// A numeric annotation glyph.
    Nag(u8),
    /// A comment's raw text (brace, `;` or commentary line), delimiters excluded.
    Comment(&'a [u8]),
    /// A variation starts: its moves replace the move before it.
    StartVariation,
    /// The innermost variation ends.
    EndVariation,
}

/// A game with every move of every line resolved.
#[derive(Debug, Clone)]
pub struct ResolvedGame<'a> {
    /// The tag pairs as read, in order.
    pub tags: Vec<Tag<'a>>,
    /// The starting position (the `FEN` tag's, or the standard one).
    pub start: Position,
    /// Whether the game is Chess960 (a `Variant` tag naming it).
    pub chess960: bool,
    /// The movetext, results inside variations and `%` escape lines dropped.
    pub nodes: Vec<Node<'a>>,
    /// The game's result: the `Result` tag's when it is one, else the movetext's, else `*`.
    pub result: GameResult,
    /// Warnings (errors when [`Options::strict`] is set never reach here).
    pub warnings: Vec<Diagnostic>,
    /// Notes: the choices made in reading the game that are not wrong (a book's
    /// tie-breaks, commentary kept, a FEN completed).
    pub notes: Vec<Diagnostic>,
    /// Tag values are written in the standard's form where they have one clear
    /// reading ([`Options::fix_tags`]).
    pub fix_tags: bool,
}

impl ResolvedGame<'_> {
    /// The main-line moves (outside every variation), in order.
    pub fn mainline(&self) -> impl Iterator<Item = &MoveNode> + '_ {
        let mut depth = 0usize;
        self.nodes.iter().filter_map(move |n| match n {
            Node::StartVariation => {
                depth += 1;
                None
            }
            Node::EndVariation => {
                depth = depth.saturating_sub(1);
                None
            }
            Node::Move(m) if depth == 0 => Some(m),
            _ => None,
        })
    }
}

/// What [`ResolvedGame::strip`] leaves out of a game's movetext (`convert
/// --no-comments --no-variations --no-nags`, `--reduced`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Strip {
    /// Comments.
    pub comments: bool,
    /// Variations, with everything in them.
    pub variations: bool,
    /// NAGs and the `!`/`?` glyphs of moves.
    pub nags: bool,
    /// Tags outside the seven-tag roster (`FEN` and `SetUp` kept: the game
    /// starts there), as the standard's reduced export format writes a game.
    pub tags: bool,
}

impl Strip {
    /// Whether nothing is left out.
    #[must_use]
    pub fn is_none(&self) -> bool {
        *self == Strip::default()
    }
}

impl ResolvedGame<'_> {
    /// Leaves out of the game what `strip` names.
    ///
    /// ```
    /// use scoresheet_convert::{resolve_game, write_pgn, Options, game::Strip};
    /// use scoresheet_notation::{pgn::parse_game, Mode};
    /// let game = parse_game(b"[Annotator \"x\"]\n1. e4 {best} e5!? (1... c5 $1) 2. Nf3 *", 0, Mode::Lenient);
    /// let mut r = resolve_game(&game, &Options::default()).unwrap();
    /// r.strip(Strip { comments: true, variations: true, nags: true, tags: true });
    /// let mut out = Vec::new();
    /// write_pgn(&r, &mut out);
    /// assert!(String::from_utf8(out).unwrap().ends_with("[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"));
    /// ```
    pub fn strip(&mut self, strip: Strip) {
        let mut depth = 0usize;
        self.nodes.retain_mut(|n| match n {
            Node::StartVariation if strip.variations => {
                depth += 1;
                false
            }
            Node::EndVariation if strip.variations => {
                depth = depth.saturating_sub(1);
                false
            }
            _ if depth > 0 => false,
            Node::Comment(_) => !strip.comments,
            Node::Nag(_) => !strip.nags,
            Node::Move(m) => {
                if strip.nags {
                    m.annotation = None;
                }
                true
            }
            Node::StartVariation | Node::EndVariation => true,
        });
        if strip.tags {
            self.tags.retain(|t| {
                crate::pgn::ROSTER.iter().any(|r| r.as_bytes() == t.name)
                    || t.name == b"FEN"
                    || t.name == b"SetUp"
            });
        }
    }
}

/// The tags `--eco` writes, in the order they are replaced.
pub const OPENING_TAGS: [&str; 3] = ["ECO", "Opening", "Variation"];

impl ResolvedGame<'_> {
    /// The game's opening, named by position from lichess's table
    /// ([`scoresheet_board::eco`]): `None` from a start other than the
    /// standard one, or when no position of the main line is named.
    #[must_use]
    pub fn opening(&self) -> Option<&'static Opening> {
        // Its moves were resolved, each legal where it stands.
        classify_resolved(&self.start, self.mainline().map(|m| &m.mv))
    }

    /// Writes the game's `ECO`, `Opening` and `Variation` tags from its
    /// opening ([`ResolvedGame::opening`]): the family in `Opening`, the rest
    /// of the name in `Variation` (none when the name has no variation). A
    /// game with no named position keeps its tags. Gives the opening.
    ///
    /// ```
    /// use scoresheet_convert::{resolve_game, write_pgn, Options};
    /// use scoresheet_notation::{pgn::parse_game, Mode};
    /// let game = parse_game(b"[ECO \"C00\"]\n[Opening \"French\"]\n1. d4 c6 2. e4 d5 3. e5 *", 0, Mode::Lenient);
    /// let mut r = resolve_game(&game, &Options::default()).unwrap();
    /// r.set_opening_tags();
    /// let mut out = Vec::new();
    /// write_pgn(&r, &mut out);
    /// let out = String::from_utf8(out).unwrap();
    /// assert!(out.contains("[ECO \"B12\"]\n[Opening \"Caro-Kann Defense\"]\n"), "{out}");
    /// assert!(out.contains("[Variation \"Advance Variation\"]\n"), "{out}");
    /// ```
    pub fn set_opening_tags(&mut self) -> Option<&'static Opening> {
        let opening = self.opening()?;
        self.tags
            .retain(|t| !OPENING_TAGS.iter().any(|n| n.as_bytes() == t.name));
        let tag = |name: &'static str, value: &'static str| Tag {
            name: name.as_bytes(),
            raw_value: value.as_bytes(),
            span: Span::default(),
            value_span: Span::default(),
        };
        self.tags.push(tag("ECO", opening.eco));
        self.tags.push(tag("Opening", opening.family()));
        if let Some(variation) = opening.variation() {
            self.tags.push(tag("Variation", variation));
        }
        Some(opening)
    }
}

/// Why a game cannot be converted: its first error, and the warnings found before it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", error.message)]
pub struct ConvertError {
    /// The first error in text order. For a move that cannot be resolved, its span is the
    /// part of the move at fault and its candidates list the readings of an ambiguous move.
    pub error: Diagnostic,
    /// The whole move the error is about, when it is about a move.
    pub move_span: Option<Span>,
    /// The game's other errors, in text order: the parser's, and the
    /// spelling problems `--strict` and `--deny` make errors (all are listed,
    /// as `validate` lists them).
    pub other_errors: Vec<Diagnostic>,
    /// Where each main-line ply tried is written (`written[ply - 1]`), as in
    /// the judge's `Replay::written`: reports name a problem's move by it,
    /// as `validate` does.
    pub written: Vec<Span>,
    /// The warnings found (with strict options, there are none: they are errors).
    pub warnings: Vec<Diagnostic>,
    /// The notes found.
    pub notes: Vec<Diagnostic>,
}

/// One open line: the position now, and the position before its last move.
struct Line {
    pos: Position,
    before_last: Option<Position>,
}

/// Resolves every move of `game`, main line and variations.
///
/// # Errors
/// The first error in text order: a parse error, an invalid `FEN` tag, a move that names
/// no legal move or several, a move in another notation than [`Options::from`], a
/// variation with no move to replace, or any warning when [`Options::strict`] is set.
///
/// ```
/// use scoresheet_convert::{resolve_game, Node, Options};
/// use scoresheet_notation::{pgn::parse_game, Mode};
/// let game = parse_game(b"1. e4 e5 (1... c5 $1 {Sicilian}) 2. Nf3 *", 0, Mode::Lenient);
/// let r = resolve_game(&game, &Options::default()).unwrap();
/// let sans: Vec<String> = r.nodes.iter().filter_map(|n| match n {
///     Node::Move(m) => Some(m.san.to_string()),
///     _ => None,
/// }).collect();
/// assert_eq!(sans, ["e4", "e5", "c5", "Nf3"]);
///
/// let bad = parse_game(b"1. e4 e5 (1... Ke7) 2. Nf3 *", 0, Mode::Lenient);
/// let e = resolve_game(&bad, &Options::default()).unwrap_err();
/// assert_eq!(e.move_span.unwrap().slice(b"1. e4 e5 (1... Ke7) 2. Nf3 *"), b"Ke7");
/// ```
pub fn resolve_game<'a>(
    game: &PgnGame<'a>,
    options: &Options,
) -> Result<ResolvedGame<'a>, Box<ConvertError>> {
    let mut nodes = Vec::with_capacity(game.tokens.len());
    resolve_game_into(game, options, &mut nodes).map(
        |(start, chess960, result, (warnings, mut notes))| {
            if options.fix_tags {
                roster_notes(&game.tags, &mut notes);
            }
            ResolvedGame {
                tags: game.tags.clone(),
                start,
                chess960,
                nodes,
                result,
                warnings,
                notes,
                fix_tags: options.fix_tags,
            }
        },
    )
}

type Resolved = (
    Position,
    bool,
    GameResult,
    (Vec<Diagnostic>, Vec<Diagnostic>),
);

/// The game is judged once, by [`replay`] (main line, variations, marks, move
/// numbers, result): what it calls an error is the conversion's error, its
/// warnings are the conversion's warnings, and its resolved moves are written.
fn resolve_game_into<'a>(
    game: &PgnGame<'a>,
    options: &Options,
    nodes: &mut Vec<Node<'a>>,
) -> Result<Resolved, Box<ConvertError>> {
    let r = replay_from(
        game,
        &ReplayOptions {
            strict: options.strict,
            fix_results: options.fix_results,
            fix_tags: options.fix_tags,
            repair: options.repair,
            ..ReplayOptions::default()
        },
        options.start.as_ref(),
    );
    let wrong = options.from.and_then(|from| wrong_notation(game, from));
    let first = r.first_error();
    let of = |severity: Severity| {
        r.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .cloned()
            .collect::<Vec<_>>()
    };
    let error = match (first, wrong) {
        (Some(e), Some(w)) if w.span.start() < e.span.start() => Some((Some(w.span), w)),
        // The whole move, when the error is about a move that could not be played.
        (Some(e), _) => Some((
            r.failed
                .filter(|f| f.start() <= e.span.start() && e.span.end() <= f.end()),
            e.clone(),
        )),
        (None, Some(w)) => Some((Some(w.span), w)),
        (None, None) => None,
    };
    if let Some((move_span, error)) = error {
        let other_errors = r
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error && **d != error)
            .cloned()
            .collect();
        return Err(Box::new(ConvertError {
            error,
            move_span,
            other_errors,
            written: r.written.clone(),
            warnings: of(Severity::Warning),
            notes: of(Severity::Note),
        }));
    }
    let chess960 = is_chess960(game);
    let (mut main, mut variations) = (r.moves.iter(), r.variation_moves.iter());
    // A repair can put a move back before a printed one, or leave a printed
    // move out, and a pair printed with a dash between its moves (`e4 – e5`)
    // is two moves of one token: the main line's moves are then matched to the
    // printed moves by where each was written.
    let repaired = r
        .diagnostics
        .iter()
        .any(|d| matches!(d.kind, Kind::Repaired | Kind::DashBetweenMoves));
    let mut written = r.written.iter().peekable();
    let mut line = Line {
        pos: r.start.clone(),
        before_last: None,
    };
    let mut stack: Vec<Line> = Vec::new();
    // Every token: in a valid game, a token no grammar read was read by its
    // spelling (a main-line move, where the replay says it printed one) or
    // skipped as no move.
    let mut prose = r.prose.iter().peekable();
    for token in &game.tokens {
        // Prose skipped between the moves is the game's comment, written
        // where it stood; none of its tokens is a move.
        if let Some(p) = prose.peek().filter(|p| p.start() <= token.span().start()) {
            if token.span().start() < p.end() {
                if token.span().start() == p.start() {
                    let from = p.start().saturating_sub(game.base);
                    let to = p.end().saturating_sub(game.base);
                    let text = game.text.get(from..to).unwrap_or_default();
                    // A brace would end the comment early: such prose is left out.
                    if !text.contains(&b'}') && !text.contains(&b'{') {
                        nodes.push(Node::Comment(text));
                    }
                }
                continue;
            }
            prose.next();
        }
        let played = match token {
            Token::Move(mv) => Some((mv.get().suffix.annotation.map(|(a, _)| a), mv.span())),
            Token::Invalid(span)
                if stack.is_empty()
                    && scoresheet_board::replay::sorted_holds_within(&r.written, *span) =>
            {
                Some((None, *span))
            }
            _ => None,
        };
        match token {
            Token::Move(_) | Token::Invalid(_)
                if let Some((annotation, span)) =
                    played.filter(|_| repaired && stack.is_empty()) =>
            {
                // Every move played where this one is printed: none when it was
                // left out, two when a move left out was put back before it.
                let within = |w: &Span| span.start() <= w.start() && w.end() <= span.end();
                while written.next_if(|w| within(w)).is_some() {
                    let Some(&m) = main.next() else { break };
                    match &mut line.before_last {
                        Some(b) => b.clone_from(&line.pos),
                        None => line.before_last = Some(line.pos.clone()),
                    }
                    let last = written.peek().is_none_or(|w| !within(w));
                    nodes.push(Node::Move(played_node(
                        &mut line.pos,
                        m,
                        annotation.filter(|_| last),
                        span,
                    )));
                }
            }
            Token::Move(_) | Token::Invalid(_) if let Some((annotation, span)) = played => {
                let next = if stack.is_empty() {
                    main.next()
                } else {
                    variations.next()
                };
                // A valid game has a resolved move for every move written.
                let Some(&m) = next else { break };
                match &mut line.before_last {
                    Some(b) => b.clone_from(&line.pos),
                    None => line.before_last = Some(line.pos.clone()),
                }
                nodes.push(Node::Move(played_node(&mut line.pos, m, annotation, span)));
            }
            Token::Nag { nag, .. } => nodes.push(Node::Nag(*nag)),
            Token::Comment { kind, text, .. } => {
                if *kind != CommentKind::Escape {
                    nodes.push(Node::Comment(text));
                }
            }
            Token::StartVariation(_) => {
                // The judge has made sure the variation follows a move.
                let Some(before) = line.before_last.take() else {
                    break;
                };
                let outer = core::mem::replace(
                    &mut line,
                    Line {
                        pos: before,
                        before_last: None,
                    },
                );
                // The outer line's position before its last move is the variation's start:
                // keep a copy for a following sibling variation.
                stack.push(Line {
                    before_last: Some(line.pos.clone()),
                    pos: outer.pos,
                });
                nodes.push(Node::StartVariation);
            }
            Token::EndVariation(_) => {
                if let Some(outer) = stack.pop() {
                    line = outer;
                    nodes.push(Node::EndVariation);
                }
            }
            Token::Move(_) | Token::MoveNumber { .. } | Token::Result(..) | Token::Invalid(_) => {}
        }
    }
    // Close what an unterminated variation left open (the parser reported it).
    for _ in 0..stack.len() {
        nodes.push(Node::EndVariation);
    }
    Ok((
        r.start,
        chess960,
        r.result,
        (of(Severity::Warning), of(Severity::Note)),
    ))
}

/// The first move (in any line) not written in `from`, as an error (with its
/// ply when it is in the main line).
fn wrong_notation(game: &PgnGame<'_>, from: Notation) -> Option<Diagnostic> {
    let (mut depth, mut plies) = (0usize, 0u32);
    for t in game.replayable() {
        match t {
            Token::StartVariation(_) => depth += 1,
            Token::EndVariation(_) => depth = depth.saturating_sub(1),
            Token::Move(mv) => {
                if depth == 0 {
                    plies = plies.saturating_add(1);
                }
                let mv = mv.get();
                if !from.accepts(&mv.kind) {
                    let mut d = Diagnostic::new(
                        Severity::Error,
                        Kind::WrongNotation,
                        format!(
                            "the move is written in {} notation but only {} is accepted",
                            Notation::of(&mv.kind).name(),
                            from.name()
                        ),
                        mv.span,
                    );
                    d.ply = (depth == 0).then_some(plies);
                    return Some(d);
                }
            }
            _ => {}
        }
    }
    None
}

/// Plays `m`, legal in `pos`, and gives its node: its SAN in `pos`, with the
/// check or mate mark the position after it calls for.
fn played_node(
    pos: &mut Position,
    m: Move,
    annotation: Option<Annotation>,
    span: Span,
) -> MoveNode {
    let plain = pos.san_plain_bytes(&m);
    let fullmove = pos.fullmove_number();
    let turn = pos.turn();
    pos.play_unchecked(&m);
    let mark = if m.is_null() || !pos.is_check() {
        None
    } else if pos.has_legal_move() {
        Some(b'+')
    } else {
        Some(b'#')
    };
    MoveNode {
        mv: m,
        san: San::with_mark(plain, mark),
        fullmove,
        turn,
        annotation,
        span,
    }
}

/// A game the quick lane takes ([`QuickLane::replay_recording`]), resolved as
/// [`resolve_game`] resolves it but without parsing it into tokens: the same
/// tags, start, moves and result, and the same warnings (about check marks, the
/// only ones the lane takes). `None` for a game that needs [`resolve_game`]: one
/// the quick lane does not take or that has anything else to report, a warning
/// under [`Options::strict`] (an error), a comment, a NAG, a variation, a
/// repeated tag or a `Variant` tag, or when `options` ask for another notation
/// than SAN.
///
/// ```
/// use scoresheet_board::quick::QuickLane;
/// use scoresheet_convert::game::resolve_quick;
/// use scoresheet_convert::Options;
/// let text = b"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0\n";
/// let game = resolve_quick(text, &mut QuickLane::default(), &Options::default()).unwrap();
/// let sans: Vec<_> = game.mainline().map(|m| m.san.as_str()).collect();
/// assert_eq!(sans, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
/// assert_eq!(game.warnings[0].kind, "wrong-check-mark");
/// let strict = Options { strict: true, ..Options::default() };
/// assert!(resolve_quick(text, &mut QuickLane::default(), &strict).is_none());
/// let commented = b"[Event \"a\"]\n\n1. e4 {best} e5 *\n";
/// assert!(resolve_quick(commented, &mut QuickLane::default(), &Options::default()).is_none());
/// ```
#[must_use]
pub fn resolve_quick<'a>(
    text: &'a [u8],
    lane: &mut QuickLane,
    options: &Options,
) -> Option<ResolvedGame<'a>> {
    resolve_recorded(text, lane, options, false).map(|(game, _)| game)
}

/// Like [`resolve_quick`], on a game at the start of `text` that runs on into
/// more of the file: gives the game's length too, where the splitter would end
/// it.
///
/// ```
/// use scoresheet_board::quick::QuickLane;
/// use scoresheet_convert::game::resolve_quick_prefix;
/// use scoresheet_convert::Options;
/// let file = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let (game, len) = resolve_quick_prefix(file, &mut QuickLane::default(), &Options::default()).unwrap();
/// assert_eq!(game.mainline().count(), 2);
/// assert_eq!(&file[len..], b"\n\n[Event \"b\"]\n\n1. d4 *\n");
/// ```
#[must_use]
pub fn resolve_quick_prefix<'a>(
    text: &'a [u8],
    lane: &mut QuickLane,
    options: &Options,
) -> Option<(ResolvedGame<'a>, usize)> {
    resolve_recorded(text, lane, options, true)
}

/// The quick lane's resolution of the game at the start of `text` (the whole
/// of it unless `prefix`), and the game's length.
fn resolve_recorded<'a>(
    text: &'a [u8],
    lane: &mut QuickLane,
    options: &Options,
    prefix: bool,
) -> Option<(ResolvedGame<'a>, usize)> {
    if options.from.is_some_and(|n| n != Notation::San)
        || options.lang.is_some_and(|l| l != Language::English)
        || options.start.is_some()
    {
        // The quick lane reads English letters only, from the standard start or a FEN tag.
        return None;
    }
    // Room for the usual game at once (a move takes at least six bytes of text
    // with its blank and its share of the numbers), rather than growing the
    // lists move by move; capped, so a huge game grows as it goes.
    let mut record = QuickRecord {
        tags: Vec::with_capacity(24),
        moves: Vec::with_capacity((text.len() / 6).min(512)),
        result: None,
        comment: None,
    };
    let (replay, len) = if prefix {
        lane.replay_recording_prefix(text, &mut record)?
    } else {
        (lane.replay_recording(text, &mut record)?, text.len())
    };
    // Check marks that do not fit their moves: the lane warns as the full
    // resolution does (and records the right marks); strict, they are errors,
    // which the full resolution reports.
    if options.strict && !replay.warnings.is_empty() {
        return None;
    }
    // What `tags_check` would warn about or read: a repeated tag, a variant
    // other than standard chess.
    for (i, (name, value)) in record.tags.iter().enumerate() {
        let repeated = record.tags.get(..i)?.iter().any(|(n, _)| n == name);
        if repeated || (*name == b"Variant" && !plain_standard(value)) {
            return None;
        }
    }
    // Where a slice of `text` starts in it.
    let at = |part: &[u8]| part.as_ptr().addr().wrapping_sub(text.as_ptr().addr());
    let tags: Vec<Tag<'a>> = record
        .tags
        .iter()
        .map(|&(name, raw_value)| {
            let (name_at, value_at) = (at(name), at(raw_value));
            Tag {
                name,
                raw_value,
                span: Span::new(name_at.saturating_sub(1), value_at + raw_value.len() + 2),
                value_span: Span::new(value_at, value_at + raw_value.len()),
            }
        })
        .collect();
    let start = match record.tags.iter().find(|(name, _)| *name == b"FEN") {
        Some((_, fen)) => Position::from_fen(core::str::from_utf8(fen).ok()?).ok()?,
        None => Position::new(),
    };
    // A comment line before the tags comes first, as in the full resolution.
    let nodes = record
        .comment
        .map(Node::Comment)
        .into_iter()
        .chain(record.moves.iter().map(|r| {
            Node::Move(MoveNode {
                mv: r.mv,
                san: San::with_mark(r.san, r.mark),
                fullmove: r.fullmove,
                turn: r.turn,
                annotation: r.annotation,
                span: r.at,
            })
        }))
        .collect();
    let mut notes = Vec::new();
    if options.fix_tags {
        roster_notes(&tags, &mut notes);
    }
    let game = ResolvedGame {
        tags,
        start,
        chess960: false,
        nodes,
        result: record.result?,
        warnings: replay.warnings.into_iter().map(|(d, _)| d).collect(),
        notes,
        fix_tags: options.fix_tags,
    };
    Some((game, len))
}

/// A `tag-fixed` note for each tag of the seven-tag roster the game lacks,
/// which the export writes with its unknown value.
fn roster_notes(tags: &[Tag<'_>], notes: &mut Vec<Diagnostic>) {
    for name in crate::pgn::ROSTER {
        if !tags.iter().any(|t| t.name == name.as_bytes()) {
            let value = if name == "Date" { "????.??.??" } else { "?" };
            notes.push(Diagnostic::new(
                Severity::Note,
                Kind::TagFixed,
                format!("the {name} tag of the seven-tag roster is added: {value:?}"),
                tags.first().map_or(Span::default(), |t| t.span),
            ));
        }
    }
}

/// Whether the game's `Variant` tag names Chess960.
fn is_chess960(game: &PgnGame<'_>) -> bool {
    game.tag("Variant")
        .is_some_and(|v| variant_of(&v.value()) == Variant::Chess960)
}

/// Whether a raw `Variant` tag value names standard chess (and has no escape).
fn plain_standard(raw: &[u8]) -> bool {
    !raw.contains(&b'\\')
        && core::str::from_utf8(raw).is_ok_and(|v| variant_of(v) == Variant::Standard)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use scoresheet_notation::Mode;
    use scoresheet_notation::pgn::parse_game;

    fn sans(text: &str) -> Vec<String> {
        let g = parse_game(text.as_bytes(), 0, Mode::Lenient);
        let r = resolve_game(&g, &Options::default()).unwrap();
        r.nodes
            .iter()
            .map(|n| match n {
                Node::Move(m) => m.san.to_string(),
                Node::Nag(n) => format!("${n}"),
                Node::Comment(c) => format!("{{{}}}", scoresheet_notation::text::decode(c)),
                Node::StartVariation => "(".into(),
                Node::EndVariation => ")".into(),
            })
            .collect()
    }

    #[test]
    fn variations_start_before_the_move_they_replace() {
        assert_eq!(
            sans("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 Nc6 *"),
            [
                "e4", "e5", "(", "c5", "Nf3", "(", "c3", "d5", ")", "d6", ")", "(", "e6", ")",
                "Nf3", "Nc6"
            ]
        );
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let depth = 100_000;
        let mut text = String::from("1. e4 e5 ");
        for _ in 0..depth {
            text.push_str("(1... d5 ");
        }
        text.push_str("2. exd5");
        for _ in 0..depth {
            text.push(')');
        }
        text.push_str(" *");
        let g = parse_game(text.as_bytes(), 0, Mode::Lenient);
        let e = resolve_game(&g, &Options::default());
        // "(1... d5 (1... d5" replaces d5 with d5: every level resolves.
        let r = e.unwrap();
        assert_eq!(r.nodes.len(), 2 + depth * 3 + 1);
    }

    #[test]
    fn illegal_move_in_a_variation_is_an_error() {
        let text = b"1. e4 e5 (1... Nf3) 2. Nf3 *";
        let g = parse_game(text, 0, Mode::Lenient);
        let e = resolve_game(&g, &Options::default()).unwrap_err();
        assert_eq!(e.error.kind, "illegal-move");
        assert_eq!(e.move_span.map(|s| s.slice(text)), Some(&b"Nf3"[..]));
    }

    #[test]
    fn from_restricts_the_notation() {
        let g = parse_game(b"1. e4 e7e5 *", 0, Mode::Lenient);
        let o = Options {
            from: Some(Notation::San),
            ..Options::default()
        };
        let e = resolve_game(&g, &o).unwrap_err();
        assert_eq!(e.error.kind, "wrong-notation");
        assert_eq!(
            e.error.message,
            "the move is written in uci notation but only san is accepted"
        );
    }

    #[test]
    fn strict_turns_warnings_into_errors() {
        let g = parse_game(
            b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *",
            0,
            Mode::Lenient,
        );
        let r = resolve_game(&g, &Options::default()).unwrap();
        assert_eq!(r.warnings[0].kind, "missing-check-mark");
        let strict = Options {
            strict: true,
            ..Options::default()
        };
        let e = resolve_game(&g, &strict).unwrap_err();
        assert_eq!(e.error.kind, "missing-check-mark");
    }

    #[test]
    fn ambiguous_move_has_candidates() {
        let g = parse_game(b"1. Nf3 Nf6 2. d3 d6 3. Nd2 *", 0, Mode::Lenient);
        let e = resolve_game(&g, &Options::default()).unwrap_err();
        assert_eq!(e.error.kind, "ambiguous-move");
        assert_eq!(e.error.candidates.len(), 2);
    }
}
