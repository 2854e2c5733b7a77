//! Checks that streaming and in-memory splitting agree on real files:
//! `cargo run --release --example pgn_split_check -- FILE...` (reads of 4 KiB).

use scoresheet_notation::pgn::{GameReader, games};

fn main() -> std::io::Result<()> {
    let mut all_same = true;
    for path in std::env::args().skip(1) {
        let text = std::fs::read(&path)?;
        let in_memory: Vec<(u64, &[u8])> =
            games(&text).map(|g| (g.offset as u64, g.bytes)).collect();
        let file = std::fs::File::open(&path)?;
        let mut n = 0;
        let mut same = true;
        for (i, g) in GameReader::with_limits(file, 4096, 64 << 20).enumerate() {
            let g = g.map_err(std::io::Error::other)?;
            n += 1;
            if in_memory.get(i) != Some(&(g.offset, &g.bytes[..])) {
                same = false;
            }
        }
        same &= n == in_memory.len();
        all_same &= same;
        println!(
            "{path}: {} games, streaming {}",
            in_memory.len(),
            if same { "identical" } else { "DIFFERENT" }
        );
    }
    if !all_same {
        std::process::exit(1);
    }
    Ok(())
}
