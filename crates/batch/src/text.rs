//! Text held in memory (an editor's buffer, a web page's upload) judged as
//! `validate --format json` judges the same bytes in a file.

use std::io;

use crate::input::Input;
use crate::options::{ReportFormat, ValidateOptions};
use crate::progress::Progress;
use crate::report::{Collected, GameReport};
use crate::validate::run_collecting;

/// Judges every game of `text`, an input named `name`, with `options`:
/// each game's report, in order, the very objects `validate --format json`
/// writes for the same bytes (the output format, `quiet`, `jobs` and the
/// split files of `options` are not used: the games are judged on the
/// calling thread, one after another).
///
/// Each report holds the game's place (`at`: first line and column, byte
/// offset and length), tags, validity, plies, final position, and every
/// problem with its kind, message, line and column, byte span
/// ([`Problem::start`], [`Problem::end`]), ply, move, candidates and
/// suggestions.
///
/// [`Problem::start`]: crate::Problem::start
/// [`Problem::end`]: crate::Problem::end
///
/// ```
/// let text = b"[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let games = scoresheet_batch::judge_text("a.pgn", text, &Default::default())?;
/// assert_eq!(games.len(), 1);
/// let game = &games[0];
/// assert!(!game.valid);
/// let error = &game.errors[0];
/// assert_eq!((error.kind, error.text.as_str()), ("illegal-move", "Ke3"));
/// // The byte span of what the problem points at, where its line and column are.
/// let pointed = &text[error.start as usize..error.end as usize];
/// assert_eq!((error.line, error.column, pointed), (4, 14, &b"e3"[..]));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The text cannot be read at all (binary data): the error `validate` says
/// on standard error for it.
pub fn judge_text(
    name: &str,
    text: &[u8],
    options: &ValidateOptions,
) -> io::Result<Vec<GameReport>> {
    let options = ValidateOptions {
        format: ReportFormat::Json,
        quiet: false,
        invalid_only: false,
        jobs: Some(1),
        valid_out: None,
        invalid_out: None,
        ..options.clone()
    };
    let inputs = [Input::reader(
        name,
        Box::new(io::Cursor::new(text.to_vec())),
    )];
    let mut games = Vec::new();
    let mut collect = |g: Collected<'_>, _: &[u8]| {
        games.push(g.into_report());
        Ok(())
    };
    let (mut out, mut err) = (io::sink(), Vec::new());
    run_collecting(
        &options,
        &inputs,
        &mut out,
        &mut err,
        None,
        &Progress::hidden(),
        Some(&mut collect),
    )?;
    if games.is_empty() && !err.is_empty() {
        let said = String::from_utf8_lossy(&err);
        let said = said.trim_end();
        let said = said.strip_prefix("scoresheet: error: ").unwrap_or(said);
        return Err(io::Error::new(io::ErrorKind::InvalidData, said.to_owned()));
    }
    Ok(games)
}
