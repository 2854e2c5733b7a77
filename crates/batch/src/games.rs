//! Games read whole, for library users who want the moves and not only the
//! verdict: each game's tags, start, main line in SAN and UCI, result, and its
//! report, the one `validate` gives.

use std::io::{self, Write};

use scoresheet_board::reading::{PgnOutcome, book_reading};
use scoresheet_board::replay::replay_from;
use scoresheet_board::told::parse_game_told;
use scoresheet_notation::pgn::{Game, GameChunk, GameReadError, GameReader};

use crate::Outcome;
use crate::input::Input;
use crate::options::ValidateOptions;
use crate::report::{GameReport, printable};
use crate::validate::{Judge, too_large};

/// One game, read whole.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The tag pairs, in their order, values decoded.
    pub tags: Vec<(String, String)>,
    /// The FEN of the start position.
    pub fen: String,
    /// The main line in SAN, as far as it could be played.
    pub san: Vec<String>,
    /// The same moves in UCI.
    pub uci: Vec<String>,
    /// The result the record carries (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    /// The game's report, the one `validate` gives (`validate --format json`
    /// writes it as its JSON object; a frontend builds its own objects from
    /// it, with no JSON in between).
    pub report: GameReport,
}

/// Reads every game of `inputs` (PGN games and book tables alike, each unit
/// read as the board decides: `scoresheet_board::reading`), one at a time, in
/// order, handing each to `each`; options as `validate` takes them (`--strict`,
/// `--lang`, `--ep`). Messages of standard error go to `err`.
///
/// # Errors
/// `each` or writing to `err` failed.
pub fn read_games(
    args: &ValidateOptions,
    inputs: &[Input],
    each: &mut dyn FnMut(GameRecord) -> io::Result<()>,
    err: &mut dyn Write,
) -> io::Result<Outcome> {
    let judge = Judge::new(args, false, true);
    let mut outcome = Outcome::Clean;
    let mut game = Game::default();
    for input in inputs {
        let name = input.name();
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                writeln!(
                    err,
                    "scoresheet: error: {}: {}",
                    printable(&name),
                    printable(&e.to_string())
                )?;
                outcome = Outcome::Failed;
                continue;
            }
        };
        for (n, chunk) in GameReader::new(reader).enumerate() {
            let index = n as u64 + 1;
            let (record, valid) = match chunk {
                Ok(chunk) => record(&judge, &name, index, &chunk, &mut game),
                Err(GameReadError::Io(e)) => {
                    writeln!(
                        err,
                        "scoresheet: error: {}: {} (after {} games)",
                        printable(&name),
                        printable(&e.to_string()),
                        index - 1
                    )?;
                    outcome = Outcome::Failed;
                    break;
                }
                Err(e) => (
                    GameRecord {
                        tags: Vec::new(),
                        fen: String::new(),
                        san: Vec::new(),
                        uci: Vec::new(),
                        result: String::new(),
                        report: too_large(&name, index, &e),
                    },
                    false,
                ),
            };
            if outcome == Outcome::Clean && !valid {
                outcome = Outcome::Problems;
            }
            each(record)?;
        }
    }
    Ok(outcome)
}

/// One game: its report from the judge, its moves from the parser and
/// `replay`; whether it is valid.
fn record(
    judge: &Judge,
    name: &str,
    index: u64,
    chunk: &GameChunk,
    game: &mut Game<'static>,
) -> (GameRecord, bool) {
    let report = judge.game(name, index, chunk);
    // The moves as the judge read them: the same letters, the same start.
    let options = &judge.options;
    let mut parsed = std::mem::take(game).recycle();
    parse_game_told(
        &mut parsed,
        &chunk.bytes,
        0,
        options.replay.mode(),
        options.lang,
    );
    let r = replay_from(&parsed, &options.replay, options.start.as_ref());
    let table = book_reading(
        &chunk.bytes,
        PgnOutcome::of(&r, &parsed),
        &options.replay,
        options.start.as_ref(),
    );
    let (r, tags) = match table {
        Some(t) => (t.replay, t.book.tags()),
        None => {
            let tags = scoresheet_board::reading::pgn_tags(&parsed, &chunk.bytes);
            (r, tags)
        }
    };
    let mut position = r.start.clone();
    let mut san = Vec::with_capacity(r.moves.len());
    let mut uci = Vec::with_capacity(r.moves.len());
    for m in &r.moves {
        san.push(position.san(m));
        uci.push(m.to_uci());
        position.play_unchecked(m);
    }
    let valid = report.valid;
    let record = GameRecord {
        tags,
        fen: r.start.to_fen(judge.ep),
        san,
        uci,
        result: r.result.to_string(),
        report,
    };
    *game = parsed.recycle();
    (record, valid)
}
