use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use pretty_assertions::assert_eq;

use super::{Counting, Meter, Progress, message, total};
use crate::input::{Input, expand};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("scoresheet-progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `fixtures/examples/database.pgn`, gzipped into `dir`: its path and size.
fn gzipped_database(dir: &Path) -> (PathBuf, u64) {
    let text = std::fs::read(root().join("fixtures/examples/database.pgn")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&text).unwrap();
    let packed = gz.finish().unwrap();
    let path = dir.join("database.pgn.gz");
    std::fs::write(&path, &packed).unwrap();
    (path, packed.len() as u64)
}

#[test]
fn the_total_of_several_files_is_the_sum_of_their_sizes_on_disk() {
    let dir = scratch("total");
    let (gz, packed) = gzipped_database(&dir);
    let plain = root().join("fixtures/examples/database.pgn");
    let pgn = std::fs::metadata(&plain).unwrap().len();
    let inputs = expand(&[plain.clone(), gz.clone(), dir.join("missing.pgn")]);
    assert_eq!(total(&inputs), Some(pgn + packed));
    // A stream's size is not known: a spinner, without an ETA.
    let with_stdin = expand(&[plain, PathBuf::from("-")]);
    assert_eq!(total(&with_stdin), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_gzip_file_counts_its_compressed_bytes_against_its_compressed_size() {
    let dir = scratch("gz");
    let (gz, packed) = gzipped_database(&dir);
    let inputs = expand(&[gz]);
    let meter = Arc::new(Meter::new(inputs.len()));
    let counted = meter.clone();
    let mut reader = inputs[0]
        .open_with(|raw| Box::new(Counting::new(raw, counted, 0)))
        .unwrap();
    let mut text = Vec::new();
    reader.read_to_end(&mut text).unwrap();
    let plain = std::fs::read(root().join("fixtures/examples/database.pgn")).unwrap();
    assert_eq!(text, plain);
    assert_eq!(meter.total(), packed);
    assert_eq!(total(&inputs), Some(packed));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_input_read_again_counts_each_byte_once() {
    let path = root().join("fixtures/examples/database.pgn");
    let size = std::fs::metadata(&path).unwrap().len();
    let inputs = [Input::Path(path.clone()), Input::Path(path)];
    let meter = Arc::new(Meter::new(inputs.len()));
    let read = |i: usize| {
        let counted = meter.clone();
        let mut reader = inputs[i]
            .open_with(|raw| Box::new(Counting::new(raw, counted, i)))
            .unwrap();
        std::io::copy(&mut reader, &mut std::io::sink()).unwrap();
    };
    // The first input read whole, then again from its start (a resumed file).
    read(0);
    read(0);
    assert_eq!(meter.total(), size);
    // Another input counts on its own.
    read(1);
    assert_eq!(meter.total(), 2 * size);
}

#[test]
fn the_message_names_the_file_and_the_games_per_second() {
    assert_eq!(
        message("a\tb.pgn", 3000, Duration::from_millis(1500)),
        "a b.pgn: 3000 games, 2000 games/s"
    );
    assert_eq!(
        message("<stdin>", 0, Duration::ZERO),
        "<stdin>: 0 games, 0 games/s"
    );
}

#[test]
fn a_hidden_bar_counts_nothing_and_opens_inputs_as_they_are() {
    let path = root().join("fixtures/examples/database.pgn");
    let inputs = [Input::Path(path.clone())];
    let progress = Progress::hidden();
    assert!(progress.shown.is_none());
    let mut text = Vec::new();
    progress
        .open(&inputs, 0)
        .unwrap()
        .read_to_end(&mut text)
        .unwrap();
    assert_eq!(text, std::fs::read(path).unwrap());
    progress.update("database.pgn", 4);
    progress.finish();
}

#[test]
fn the_summary_counts_in_decimal_units() {
    use crate::report::throughput;
    assert_eq!(
        throughput(12_345_678, 2.0),
        "; 12.3 MB in 2.00 s (6.2 MB/s)"
    );
    assert_eq!(throughput(443, 0.0), "; 0.4 kB in 0.00 s (0.0 MB/s)");
}
