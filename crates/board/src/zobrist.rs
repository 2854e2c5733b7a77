//! Zobrist keys: fixed pseudo-random numbers whose XOR identifies a position.

/// One step of SplitMix64, a good generator for filling key tables at compile time.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// By colour * 8 + role (rows 6, 7, 14 and 15 unused: the index needs no
    /// division), then square.
    pub(crate) pieces: [[u64; 64]; 16],
    /// By castling rook square.
    pub(crate) castling: [u64; 64],
    /// By the file of a capturable en passant square.
    pub(crate) ep_file: [u64; 8],
    /// Black to move.
    pub(crate) black: u64,
}

const fn make_keys() -> Keys {
    let mut state = 0x5C0E_5EE7_B0A2_D000;
    let mut keys = Keys {
        pieces: [[0; 64]; 16],
        castling: [0; 64],
        ep_file: [0; 8],
        black: 0,
    };
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            // Row colour * 8 + role holds the key once drawn for colour * 6 + role.
            keys.pieces[p / 6 * 8 + p % 6][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    let mut sq = 0;
    while sq < 64 {
        let (s, k) = splitmix(state);
        state = s;
        keys.castling[sq] = k;
        sq += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, k) = splitmix(state);
        state = s;
        keys.ep_file[f] = k;
        f += 1;
    }
    let (_, k) = splitmix(state);
    keys.black = k;
    keys
}

pub(crate) static KEYS: Keys = make_keys();

/// The placement hash of the standard starting position, worked out at compile
/// time (every game that starts there would otherwise add up 32 keys).
pub(crate) const START_PLACEMENT_HASH: u64 = {
    let keys = make_keys();
    let board = crate::Board::start();
    let mut h = 0;
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 6 {
            let mut bits = board.colors[color].0 & board.roles[role].0;
            while bits != 0 {
                let sq = bits.trailing_zeros() as usize;
                h ^= keys.pieces[color * 8 + role][sq];
                bits &= bits - 1;
            }
            role += 1;
        }
        color += 1;
    }
    h
};
