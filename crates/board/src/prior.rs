//! How likely each legal move is to be the one played, from the position
//! alone: a prior over moves for the decoder ([`crate::decode`]).
//!
//! A transcription whose readings are all legal cannot be decoded from its
//! probabilities alone: `5...e6` and `5...c6` may both be legal and both let
//! the game go on. What tells them apart is what players do: they recapture,
//! they do not leave a piece where a pawn takes it, they develop, they
//! answer threats. [`log_priors`] scores every legal move by a few such
//! features of the move in its position ([`features`]) with weights fitted
//! to real games (a multinomial logit: `P(m) = exp(w·f(m)) / Σ exp(w·f(m'))`
//! over the legal moves; `cargo xtask prior` fits them again and `cargo xtask
//! prior --check` checks they are current, docs/DECODE.md gives the method and
//! the figures). The features are static (no search), so a position costs a
//! few microseconds.
//!
//! ```
//! use scoresheet_board::Position;
//! use scoresheet_board::prior::log_priors;
//! let pos = Position::from_fen("rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3").unwrap();
//! let moves = pos.legal_moves();
//! let lp = log_priors(&pos, None, &moves);
//! let p = |san: &str| lp[moves.iter().position(|m| pos.san(m) == san).unwrap()];
//! // Taking the pawn beats putting the knight where a pawn takes it.
//! assert!(p("exd5") > p("Ng5"));
//! assert!(p("Nxe5") > p("Nh4"));
//! ```

use crate::attacks::attacks;
use crate::{Bitboard, Color, Move, MoveType, Position, Role, Square};

/// How many features a move has.
pub const FEATURES: usize = 31;

/// The size of a table with one entry per role and square (seen from the
/// mover's side: White's a1 is Black's a8).
pub const SQUARES: usize = 6 * 64;

/// The fitted weights (`cargo xtask prior` writes this file).
mod weights;
use weights::{FROM_TABLE, TO_TABLE, WEIGHTS};

/// What the prior looks at in one move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveFeatures {
    /// The features [`features`] lists.
    pub dense: [f64; FEATURES],
    /// The moving role and its destination (from the mover's side), an index
    /// into a table of [`SQUARES`].
    pub to: usize,
    /// The moving role and where it starts, likewise.
    pub from: usize,
}

/// Weights for every feature: what [`log_priors`] scores moves by.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    /// One per dense feature.
    pub dense: [f64; FEATURES],
    /// One per role and destination.
    pub to: Vec<f64>,
    /// One per role and origin.
    pub from: Vec<f64>,
}

impl Weights {
    /// All zero: every legal move equally likely.
    #[must_use]
    pub fn zero() -> Weights {
        Weights {
            dense: [0.0; FEATURES],
            to: vec![0.0; SQUARES],
            from: vec![0.0; SQUARES],
        }
    }

    /// The weights fitted to real games.
    #[must_use]
    pub fn fitted() -> Weights {
        Weights {
            dense: WEIGHTS,
            to: TO_TABLE.to_vec(),
            from: FROM_TABLE.to_vec(),
        }
    }

    /// A move's score: the log of its prior up to a constant of the position.
    #[must_use]
    pub fn score(&self, f: &MoveFeatures) -> f64 {
        let dense: f64 = self.dense.iter().zip(&f.dense).map(|(w, x)| w * x).sum();
        dense
            + self.to.get(f.to).copied().unwrap_or(0.0)
            + self.from.get(f.from).copied().unwrap_or(0.0)
    }
}

/// Material values (pawn 1, knight and bishop 3, rook 5, queen 9), in ninths.
const VALUE: [f64; 6] = [1.0 / 9.0, 3.0 / 9.0, 3.25 / 9.0, 5.0 / 9.0, 1.0, 0.0];

fn value(role: Role) -> f64 {
    VALUE.get(role.index()).copied().unwrap_or(0.0)
}

/// What one position says about all of its moves (worked out once).
struct Context {
    us: Color,
    /// Our most valuable piece (not the king) that the opponent wins if it
    /// stays: attacked by a cheaper piece, or attacked and undefended.
    threatened: Option<(Square, f64)>,
    /// Whether the opponent has a queen (a king walk is then a risk).
    their_queen: bool,
    /// The opening: the first ten moves.
    opening: bool,
}

/// The cheapest piece of `by` among `attackers` (its value), if any.
fn cheapest(pos: &Position, attackers: Bitboard) -> Option<f64> {
    attackers
        .filter_map(|sq| pos.board().role_at(sq))
        .map(value)
        .min_by(f64::total_cmp)
}

/// What a king counts for in an exchange: more than everything else, so that
/// it takes only what is not defended.
const KING_IN_EXCHANGE: f64 = 100.0;

/// What `side` wins by capturing first on `sq`, where a piece worth `target`
/// stands, and the exchange that follows (a static exchange: each side takes
/// back with its least valuable attacker, pieces behind the capturers join in,
/// and either side stops when taking on would lose; pins are not looked at).
/// 0 when `side` should not start it.
fn exchange(pos: &Position, sq: Square, target: f64, side: Color) -> f64 {
    let board = pos.board();
    let mut occupied = pos.occupied();
    let mut side = side;
    // `gains[d]`: what the side making the d-th capture has won if the
    // exchange stops after it.
    let mut gains = [0.0f64; 32];
    let mut depth = 0usize;
    let mut on_square = target;
    loop {
        let attackers = pos.attackers_to(sq, side, occupied) & occupied;
        let Some((from, v)) = attackers
            .filter_map(|s| {
                board.role_at(s).map(|r| {
                    let v = if r == Role::King {
                        KING_IN_EXCHANGE
                    } else {
                        value(r)
                    };
                    (s, v)
                })
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
        else {
            break;
        };
        let before = if depth == 0 { 0.0 } else { gains[depth - 1] };
        let Some(g) = gains.get_mut(depth) else {
            break;
        };
        *g = on_square - before;
        depth += 1;
        on_square = v;
        occupied = occupied.without(from);
        side = side.other();
    }
    // Each side stops where going on would lose: back from the last capture.
    while depth > 1 {
        depth -= 1;
        gains[depth - 1] = gains[depth - 1].min(-gains[depth]);
    }
    if depth == 0 { 0.0 } else { gains[0].max(0.0) }
}

/// Every square `side` attacks.
fn reach(pos: &Position, side: Color, occupied: Bitboard) -> Bitboard {
    let mut all = Bitboard::EMPTY;
    for sq in pos.by_color(side) {
        if let Some(piece) = pos.board().piece_at(sq) {
            all |= attacks(piece, sq, occupied);
        }
    }
    all
}

/// Whether a piece worth `v` on `sq` is lost if it stays: a cheaper piece of
/// `them` attacks it, or it is attacked and not defended.
fn en_prise(pos: &Position, sq: Square, v: f64, them: Color) -> bool {
    let occupied = pos.occupied();
    let attackers = pos.attackers_to(sq, them, occupied);
    if attackers.is_empty() {
        return false;
    }
    if cheapest(pos, attackers).is_some_and(|c| c < v) {
        return true;
    }
    pos.attackers_to(sq, them.other(), occupied).is_empty()
}

impl Context {
    fn new(pos: &Position) -> Context {
        let us = pos.turn();
        let them = us.other();
        let mut threatened: Option<(Square, f64)> = None;
        for sq in pos.by_color(us) {
            let Some(role) = pos.board().role_at(sq) else {
                continue;
            };
            let v = value(role);
            if role == Role::King || threatened.is_some_and(|(_, t)| t >= v) {
                continue;
            }
            if en_prise(pos, sq, v, them) {
                threatened = Some((sq, v));
            }
        }
        Context {
            us,
            threatened,
            their_queen: pos.by_piece(Role::Queen.of(them)).any(),
            opening: pos.fullmove_number() <= 10,
        }
    }
}

/// The features of move `m` in `pos` (`last`: where the opponent's last move
/// landed, if known), each about 0 to 1, by index:
///
/// - 0: the value of the piece captured; 1: a capture on the square the
///   opponent's last move landed on (a recapture, or taking the piece that
///   just moved); 21: a capture with a piece worth no more than the one taken;
/// - 2: the move gives check; 3: it mates;
/// - 4: the piece lands where a cheaper enemy piece attacks it (by how much
///   cheaper); 5: it lands attacked and undefended (its value);
/// - 6: it moves our most threatened piece away (that piece's value); 7: it
///   leaves a threatened piece where it is and captures nothing;
/// - 8: castling; 9: a knight or bishop leaves its first rank; 10: one goes
///   back to it;
/// - 11: a king move while the opponent has a queen; 12: any other king move;
/// - 13: a pawn move; 14: a pawn's double step; 15: a pawn of the a, b, g or
///   h file in the opening (the first ten moves); 16: a queen move in the
///   opening;
/// - 17: a promotion to a queen; 18: a promotion to anything else;
/// - 19: a knight to the a or h file; 20: a move to the centre (c3 to f6);
/// - 22: how many squares the piece attacks where it lands (a fourteenth
///   each); 23: the value of the enemy pieces it then attacks that are worth
///   more than it or undefended;
/// - 24: what the opponent wins by a static exchange on the square the
///   piece lands on; 25: the most the opponent so wins on any other square
///   of ours after the move (a piece left or exposed); 26: the most we so
///   threaten to win on one of the opponent's squares after the move;
/// - 27: a king move while the opponent has no queen, by how many steps it
///   comes nearer the centre (-1 to 1: in an ending the king comes out);
/// - 28: a rook to a file without a pawn of ours from one with one (the
///   open file);
/// - 29: a passed pawn's step (no enemy pawn ahead of it on its file or the
///   next), by how far it then stands (its rank from ours, a seventh each);
/// - 30: a piece (not the king or a pawn) nearer the enemy king, by how
///   many steps (a seventh each; negative when it goes away).
///
/// Beside them, the moving role's origin and destination index two tables of
/// weights (where each piece tends to go, and to leave from).
#[must_use]
pub fn features(pos: &Position, last: Option<Square>, m: &Move) -> MoveFeatures {
    features_in(pos, &Context::new(pos), last, m)
}

/// `sq` as the side `us` sees it (White's own view; Black's mirrored).
fn relative(sq: Square, us: Color) -> usize {
    let i = usize::from(sq.index());
    if us == Color::White { i } else { i ^ 56 }
}

fn features_in(pos: &Position, cx: &Context, last: Option<Square>, m: &Move) -> MoveFeatures {
    let mut f = [0.0; FEATURES];
    let mut set = |i: usize, v: f64| {
        if let Some(x) = f.get_mut(i) {
            *x = v;
        }
    };
    let them = cx.us.other();
    let mover = value(m.promotion.unwrap_or(m.role));
    let taken = m.capture.map_or(0.0, value);
    set(0, taken);
    if m.capture.is_some() && last == Some(m.to) {
        set(1, 1.0);
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_check() {
        set(2, 1.0);
        if !after.has_legal_move() {
            set(3, 1.0);
        }
    }
    if m.role != Role::King {
        let occupied = after.occupied();
        let attackers = after.attackers_to(m.to, them, occupied);
        if attackers.any() {
            let cheaper = cheapest(&after, attackers).map_or(0.0, |c| (mover - c).max(0.0));
            set(4, cheaper);
            if after.attackers_to(m.to, cx.us, occupied).is_empty() {
                set(5, mover);
            }
        }
    }
    if let Some((sq, v)) = cx.threatened {
        if m.from == sq {
            set(6, v);
        } else if m.capture.is_none() {
            set(7, v);
        }
    }
    let home = cx.us.back_rank();
    match (m.role, m.kind) {
        (_, MoveType::Castle { .. }) => set(8, 1.0),
        (Role::Knight | Role::Bishop, _) => {
            if m.from.rank() == home {
                set(9, 1.0);
            } else if m.to.rank() == home {
                set(10, 1.0);
            }
        }
        (Role::King, _) => set(if cx.their_queen { 11 } else { 12 }, 1.0),
        (Role::Pawn, _) => {
            set(13, 1.0);
            if m.from.rank().index().abs_diff(m.to.rank().index()) == 2 {
                set(14, 1.0);
            }
            if cx.opening && matches!(m.from.file().char(), 'a' | 'b' | 'g' | 'h') {
                set(15, 1.0);
            }
        }
        (Role::Queen, _) if cx.opening => set(16, 1.0),
        _ => {}
    }
    match m.promotion {
        Some(Role::Queen) => set(17, 1.0),
        Some(_) => set(18, 1.0),
        None => {}
    }
    if m.role == Role::Knight && matches!(m.to.file().char(), 'a' | 'h') {
        set(19, 1.0);
    }
    if (2..=5).contains(&m.to.file().index()) && (2..=5).contains(&m.to.rank().index()) {
        set(20, 1.0);
    }
    if m.capture.is_some() && mover <= taken {
        set(21, 1.0);
    }
    let role = m.promotion.unwrap_or(m.role);
    if !matches!(m.kind, MoveType::Castle { .. }) {
        let occupied = after.occupied();
        let reach = attacks(role.of(cx.us), m.to, occupied);
        set(22, f64::from(reach.count()) / 14.0);
        let mut threat: f64 = 0.0;
        for sq in reach & after.by_color(them) {
            let Some(r) = after.board().role_at(sq) else {
                continue;
            };
            let v = value(r);
            if r != Role::King && (v > mover || after.attackers_to(sq, them, occupied).is_empty()) {
                threat = threat.max(v);
            }
        }
        set(23, threat);
    }
    let occupied = after.occupied();
    if m.role != Role::King {
        set(24, exchange(&after, m.to, mover, them));
    }
    // Only pieces the other side attacks can be won: one attack map per
    // side, then an exchange on each piece in it.
    let their_reach = reach(&after, them, occupied);
    let our_reach = reach(&after, cx.us, occupied);
    let mut exposed: f64 = 0.0;
    let mut threat: f64 = 0.0;
    for sq in (after.by_color(cx.us) & their_reach) | (after.by_color(them) & our_reach) {
        let Some(piece) = after.board().piece_at(sq) else {
            continue;
        };
        if piece.role == Role::King || sq == m.to {
            continue;
        }
        let v = value(piece.role);
        if piece.color == cx.us {
            if v > exposed {
                exposed = exposed.max(exchange(&after, sq, v, them));
            }
        } else if v > threat {
            threat = threat.max(exchange(&after, sq, v, cx.us));
        }
    }
    set(25, exposed);
    set(26, threat);
    match m.role {
        Role::King if !cx.their_queen && !matches!(m.kind, MoveType::Castle { .. }) => {
            set(
                27,
                f64::from(centre_steps(m.from)) - f64::from(centre_steps(m.to)),
            );
        }
        Role::Rook => {
            let ours = pos.by_piece(Role::Pawn.of(cx.us));
            let has_pawn = |sq: Square| (ours & Bitboard::file(sq.file())).any();
            if has_pawn(m.from) && !has_pawn(m.to) {
                set(28, 1.0);
            }
        }
        Role::Pawn if passed(pos, m.from, cx.us) => {
            set(29, f64::from(relative_rank(m.to, cx.us)) / 7.0);
        }
        Role::Pawn | Role::King => {}
        _ => {
            if let Some(king) = pos.board().king_of(them) {
                let before = f64::from(steps_between(m.from, king));
                let now = f64::from(steps_between(m.to, king));
                set(30, (before - now) / 7.0);
            }
        }
    }
    MoveFeatures {
        dense: f,
        to: m.role.index() * 64 + relative(m.to, cx.us),
        from: m.role.index() * 64 + relative(m.from, cx.us),
    }
}

/// How many king steps `sq` is from the four centre squares (0 to 3).
fn centre_steps(sq: Square) -> u8 {
    let off = |i: u8| if i < 4 { 3 - i } else { i - 4 };
    off(sq.file().index()).max(off(sq.rank().index()))
}

/// How many king steps apart two squares are.
fn steps_between(a: Square, b: Square) -> u8 {
    a.file()
        .index()
        .abs_diff(b.file().index())
        .max(a.rank().index().abs_diff(b.rank().index()))
}

/// `sq`'s rank counted from `us`'s side (0 to 7).
fn relative_rank(sq: Square, us: Color) -> u8 {
    let r = sq.rank().index();
    if us == Color::White { r } else { 7 - r }
}

/// Whether a pawn of `us` on `sq` is passed: no enemy pawn ahead of it on its
/// file or the files beside it.
fn passed(pos: &Position, sq: Square, us: Color) -> bool {
    let rank = relative_rank(sq, us);
    let file = sq.file().index();
    !Iterator::any(&mut pos.by_piece(Role::Pawn.of(us.other())), |p| {
        p.file().index().abs_diff(file) <= 1 && relative_rank(p, us) > rank
    })
}

/// The features of every move of `moves` (legal in `pos`), in order.
#[must_use]
pub fn all_features(pos: &Position, last: Option<Square>, moves: &[Move]) -> Vec<MoveFeatures> {
    let cx = Context::new(pos);
    moves
        .iter()
        .map(|m| features_in(pos, &cx, last, m))
        .collect()
}

/// The natural log of each move's prior probability (the moves of `moves`,
/// all legal in `pos`, in order; they are taken to be all the legal moves, so
/// the probabilities add up to 1 over them). `last` is where the opponent's
/// last move landed, if known.
#[must_use]
pub fn log_priors(pos: &Position, last: Option<Square>, moves: &[Move]) -> Vec<f64> {
    log_priors_with(&FITTED, pos, last, moves)
}

/// The fitted weights, made once.
static FITTED: std::sync::LazyLock<Weights> = std::sync::LazyLock::new(Weights::fitted);

/// [`log_priors`] under other weights.
#[must_use]
pub fn log_priors_with(
    weights: &Weights,
    pos: &Position,
    last: Option<Square>,
    moves: &[Move],
) -> Vec<f64> {
    let scores: Vec<f64> = all_features(pos, last, moves)
        .iter()
        .map(|f| weights.score(f))
        .collect();
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let norm = top + scores.iter().map(|s| (s - top).exp()).sum::<f64>().ln();
    scores.into_iter().map(|s| s - norm).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priors_add_up_to_one() {
        let pos = Position::new();
        let moves = pos.legal_moves();
        let lp = log_priors(&pos, None, &moves);
        let total: f64 = lp.iter().map(|l| l.exp()).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    fn square(name: &str) -> Square {
        let b = name.as_bytes();
        let file = crate::File::from_char(char::from(b[0])).unwrap();
        let rank = crate::Rank::from_char(char::from(b[1])).unwrap();
        Square::from_coords(file, rank)
    }

    #[test]
    fn an_exchange_counts_what_each_side_takes_back() {
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        // The knight on e5 is taken by a pawn and the pawn taken back: Black
        // wins a knight for a pawn.
        let pos = Position::from_fen("4k3/8/3p4/4N3/3P4/8/8/4K3 b - - 0 1").unwrap();
        let n = value(Role::Knight);
        let p = value(Role::Pawn);
        assert!(near(exchange(&pos, square("e5"), n, Color::Black), n - p));
        // A pawn defended by a pawn is not worth a rook: Black leaves it.
        let pos = Position::from_fen("4r1k1/8/8/8/4P3/3P4/8/4K3 b - - 0 1").unwrap();
        assert!(near(exchange(&pos, square("e4"), p, Color::Black), 0.0));
        // Two rooks against one defender: the rook behind joins in, and Black
        // wins the pawn.
        let pos = Position::from_fen("4r1k1/4r3/8/8/4P3/8/8/4RK2 b - - 0 1").unwrap();
        assert!(near(exchange(&pos, square("e4"), p, Color::Black), p));
        // A king takes only what is not defended.
        let pos = Position::from_fen("8/8/8/8/8/3k4/3P4/3QK3 b - - 0 1").unwrap();
        assert!(near(exchange(&pos, square("d2"), p, Color::Black), 0.0));
    }

    #[test]
    fn endings_passed_pawns_open_files_and_the_enemy_king() {
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let feature = |fen: &str, san: &str, i: usize| {
            let pos = Position::from_fen(fen).unwrap();
            let moves = pos.legal_moves();
            let m = moves.iter().find(|m| pos.san(m) == san).unwrap();
            features(&pos, None, m).dense[i]
        };
        // No queens: the king coming out is a step nearer the centre.
        let ending = "7k/8/8/8/3p4/8/P3P3/4K3 w - - 0 1";
        assert!(near(feature(ending, "Kd2", 27), 1.0));
        assert!(near(feature(ending, "Kf1", 27), 0.0));
        // The a-pawn is passed, the e-pawn is not (the d-pawn is ahead).
        assert!(near(feature(ending, "a3", 29), 2.0 / 7.0));
        assert!(near(feature(ending, "e3", 29), 0.0));
        // The rook leaves the file of its pawn.
        let rook = "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1";
        assert!(near(feature(rook, "Rb1", 28), 1.0));
        // The knight comes two steps nearer the king on e8.
        let knight = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1";
        assert!(near(feature(knight, "Nc3", 30), 2.0 / 7.0));
    }

    #[test]
    fn a_move_that_leaves_a_piece_to_be_taken_is_less_likely() {
        // The knight on c6 is attacked by the pawn on d5: moving it away
        // is likelier than a quiet move that leaves it, and a knight move
        // likelier than putting the queen on g5, where the knight on f3
        // takes it for nothing.
        let pos =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/3Pp3/8/5N2/PPP1PPPP/RNBQKB1R b KQkq - 0 3")
                .unwrap();
        let moves = pos.legal_moves();
        let lp = log_priors(&pos, None, &moves);
        let p = |san: &str| lp[moves.iter().position(|m| pos.san(m) == san).unwrap()];
        assert!(p("Nce7") > p("h6"));
        assert!(p("Nb4") > p("Qg5"));
        assert!(p("Nd4") > p("Qg5"));
    }
}
