//! What one edit of a large document costs the language server: the text
//! split again, the touched game judged again, the other games' verdicts kept,
//! and the line index rebuilt (what `didChange` does before publishing).
//!
//! `cargo bench -p scoresheet-lsp`. The document is 5 MB of games: the shared
//! corpus's `Carlsen.pgn` and `Kasparov.pgn` repeated when they are there,
//! else the committed `fixtures/bench/games.pgn` repeated. The target: under
//! 100 ms per edit.

use std::path::PathBuf;
use std::sync::LazyLock;

use divan::Bencher;
use scoresheet_lsp::analysis::{Analyzer, Document};
use scoresheet_lsp::lines::{Encoding, Lines};

fn main() {
    divan::main();
}

/// The size of the document.
const SIZE: usize = 5 << 20;

/// The document, and the same with one move of one game changed.
static TEXTS: LazyLock<(String, String)> = LazyLock::new(|| {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = ["Carlsen.pgn", "Kasparov.pgn"]
        .iter()
        .filter_map(|f| std::fs::read(root.join("../shared/corpus/strict").join(f)).ok())
        .collect::<Vec<_>>()
        .concat();
    let source = if shared.is_empty() {
        std::fs::read(root.join("fixtures/bench/games.pgn")).unwrap_or_default()
    } else {
        shared
    };
    let source = String::from_utf8_lossy(&source).into_owned();
    let mut text = String::with_capacity(SIZE + source.len());
    while text.len() < SIZE && !source.is_empty() {
        text.push_str(&source);
        text.push('\n');
    }
    // One edit in the middle: the first `1. e4` from there on becomes `1. e3`.
    let middle = text.len() / 2;
    let at = middle + text[middle..].find("1. e4").unwrap_or(0);
    let mut edited = text.clone();
    edited.replace_range(at..at + 5, "1. e3");
    (text, edited)
});

/// One edit: the document alternates between the two texts, so each
/// iteration judges the one game that changed.
#[divan::bench]
fn one_edit_of_5_mb(bencher: Bencher<'_, '_>) {
    let (text, edited) = &*TEXTS;
    let mut analyzer = Analyzer::default();
    let mut doc = Document::default();
    analyzer.analyse(&mut doc, text.clone(), true);
    let mut flip = false;
    bencher.bench_local(|| {
        flip = !flip;
        let next = if flip { edited } else { text };
        let work = analyzer.analyse(&mut doc, next.clone(), true);
        assert!(work.judged <= 2, "{work:?}");
        Lines::new(doc.text(), Encoding::Utf16)
    });
}

/// The first analysis of the whole document (`didOpen`), for scale.
#[divan::bench(sample_count = 3)]
fn open_5_mb(bencher: Bencher<'_, '_>) {
    let (text, _) = &*TEXTS;
    bencher.bench_local(|| {
        let mut analyzer = Analyzer::default();
        let mut doc = Document::default();
        analyzer.analyse(&mut doc, text.clone(), true)
    });
}
