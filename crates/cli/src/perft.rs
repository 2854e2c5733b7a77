//! `scoresheet perft`: leaf-node counts of the legal move tree.

use std::io::{self, Write};

use scoresheet_board::{divide, perft};

use crate::args::PerftArgs;
use crate::fen::parse_position;
use scoresheet_batch::Outcome;

/// Prints the node count, or with `--divide` the count below each move, then the total.
pub fn run(args: &PerftArgs) -> io::Result<Outcome> {
    let Some(pos) = parse_position(&args.fen)? else {
        return Ok(Outcome::Problems);
    };
    let mut out = io::stdout().lock();
    if args.divide && args.depth == 0 {
        // Depth 0 is the position itself: no first move to split by.
        writeln!(out, "\nmoves: 0\nnodes: {}", perft(&pos, 0))?;
    } else if args.divide {
        let mut rows: Vec<(String, u64)> = divide(&pos, args.depth)
            .into_iter()
            .map(|(m, n)| (m.to_uci(), n))
            .collect();
        rows.sort();
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        for (m, n) in &rows {
            writeln!(out, "{m}: {n}")?;
        }
        writeln!(out, "\nmoves: {}\nnodes: {total}", rows.len())?;
    } else {
        writeln!(out, "{}", perft(&pos, args.depth))?;
    }
    out.flush()?;
    Ok(Outcome::Clean)
}
