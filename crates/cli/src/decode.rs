//! `scoresheet decode`: the most probable legal game behind an uncertain
//! transcription (docs/DECODE.md); the batch library reads it and makes the JSON.

use std::io::{self, Read, Write};

use scoresheet_batch::Outcome;
use scoresheet_batch::decode::{decode_json, read_transcription};

use crate::args::DecodeArgs;

/// The largest transcription read (bytes).
const MAX_INPUT: u64 = 16 << 20;

/// Runs `scoresheet decode`: prints the decoded game as one JSON object.
pub fn run(args: &DecodeArgs) -> io::Result<Outcome> {
    let mut bytes = Vec::new();
    if args.path.as_os_str() == "-" {
        io::stdin().lock().take(MAX_INPUT).read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(&args.path)?
            .take(MAX_INPUT)
            .read_to_end(&mut bytes)?;
    }
    let text = String::from_utf8_lossy(&bytes);
    let start = match &args.fen {
        Some(f) => match crate::fen::parse_position(f)? {
            Some(p) => Some(p),
            None => return Ok(Outcome::Failed),
        },
        None => None,
    };
    let value = read_transcription(&text).and_then(|t| decode_json(&t, start.as_ref()));
    match value {
        Ok(v) => {
            let mut out = io::stdout().lock();
            writeln!(out, "{v}")?;
            Ok(Outcome::Clean)
        }
        Err(e) => {
            writeln!(
                io::stderr(),
                "scoresheet: error: {}: {e}",
                args.path.display()
            )?;
            Ok(Outcome::Failed)
        }
    }
}
