//! What `scoresheet validate` does to a file, over arbitrary bytes: the
//! streaming `GameReader` split (tiny reads, to cross every buffer boundary),
//! then parse and replay of every game. Every game yields a verdict, the
//! games cover the input in order, and the streaming split agrees with the
//! in-memory one. The quick lane agrees with the full replay on every game it
//! takes (plies, position, and its warnings about check marks), as does
//! conversion's quick path (`resolve_quick`) with the full resolution, and
//! splitting in blocks (with the quick lane reading games whole, and the
//! streaming reader taking over where a block was cut inside a game) finds the
//! same games. Conversion (`resolve_game`) refuses exactly the games the judge
//! finds invalid, with the same first error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet_board::EpStyle;
use scoresheet_board::quick::QuickLane;
use scoresheet_board::replay::{ReplayOptions, replay, settle};
use scoresheet_convert::game::resolve_quick;
use scoresheet_convert::{Options, resolve_game};
use scoresheet_notation::pgn::{BlockEnd, BlockGames, BlockReader, GameReader, games, parse_game};
use scoresheet_notation::{Diagnostic, Mode, Severity};

fuzz_target!(|data: &[u8]| {
    let chunk = 1 + usize::from(data.first().copied().unwrap_or(0) % 16);
    let mut streamed = Vec::new();
    let mut last_end = 0u64;
    for item in GameReader::with_limits(data, chunk, usize::MAX) {
        let g = item.expect("reading a slice cannot fail and nothing is too large");
        assert!(g.offset >= last_end, "games overlap or go backwards");
        last_end = g.offset + g.bytes.len() as u64;
        assert!(last_end <= data.len() as u64);
        assert_eq!(
            &data[g.offset as usize..last_end as usize],
            &g.bytes[..],
            "a game's bytes are the file's"
        );
        let game = parse_game(&g.bytes, 0, Mode::Lenient);
        let r = replay(&game, &ReplayOptions::default());
        // The verdict: valid, or the first error; and the final position prints.
        let _ = (
            r.is_valid(),
            r.first_error(),
            r.position.to_fen(EpStyle::Legal),
        );
        // One verdict: conversion refuses exactly the games validation finds
        // invalid, with the same first error.
        match resolve_game(&game, &Options::default()) {
            Ok(_) => assert!(r.is_valid(), "convert takes a game validate refuses"),
            Err(e) => assert_eq!(Some(&e.error), r.first_error(), "convert refuses a game validate takes, or for another reason"),
        }
        if let Some(q) = QuickLane::default().replay(&g.bytes) {
            let written = q.written();
            for (mode, strict) in [(Mode::Lenient, false), (Mode::Strict, true)] {
                let game = parse_game(&g.bytes, 0, mode);
                let options = ReplayOptions { strict, ..ReplayOptions::default() };
                let r = replay(&game, &options);
                // The same warnings (check marks, the only ones the quick lane
                // reports), about the same moves.
                let mut quick: Vec<Diagnostic> =
                    q.warnings.iter().map(|(d, _)| d.clone()).collect();
                settle(&mut quick, &options);
                let full: Vec<Diagnostic> = r
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity != Severity::Note)
                    .cloned()
                    .collect();
                assert_eq!(full, quick, "the quick lane and the full replay disagree");
                for d in &quick {
                    let ply = d.ply.expect("a check-mark warning has its ply") as usize;
                    assert_eq!(r.written.get(ply - 1), written.get(ply - 1));
                }
                assert_eq!(r.plies(), q.plies);
                assert_eq!(
                    r.position.to_fen(EpStyle::Always),
                    q.position.to_fen(EpStyle::Always)
                );
            }
        }
        for (mode, strict) in [(Mode::Lenient, false), (Mode::Strict, true)] {
            let options = Options { strict, ..Options::default() };
            if let Some(quick) = resolve_quick(&g.bytes, &mut QuickLane::default(), &options) {
                let full = resolve_game(&parse_game(&g.bytes, 0, mode), &options)
                    .expect("the full resolution converts what the quick path converts");
                assert_eq!(quick.tags, full.tags);
                assert_eq!(quick.start, full.start);
                assert_eq!(quick.chess960, full.chess960);
                assert_eq!(quick.nodes, full.nodes);
                assert_eq!(quick.result, full.result);
                assert_eq!(quick.warnings, full.warnings);
            }
        }
        streamed.push(g.offset);
    }
    // In blocks of `chunk` bytes at first (at most 4 times that).
    let mut blocked = Vec::new();
    let mut lane = QuickLane::default();
    'blocks: for block in BlockReader::new(data, chunk, chunk * 4) {
        let block = block.expect("reading a slice cannot fail");
        let mut split = BlockGames::new(&block);
        while let Some(g) = split.next_game(|rest| lane.replay_prefix(rest)) {
            blocked.push(block.offset + g.start as u64);
        }
        match split.end() {
            Some(BlockEnd::Clean) => {}
            Some(BlockEnd::Unfinished(at)) => {
                for item in GameReader::resume(&data[at.offset as usize..], at) {
                    let g = item.expect("reading a slice cannot fail");
                    blocked.push(g.offset);
                }
                break 'blocks;
            }
            _ => panic!("a block without an end"),
        }
    }
    let in_memory: Vec<u64> = games(data).map(|g| g.offset as u64).collect();
    assert_eq!(streamed, in_memory, "streaming and in-memory splits differ");
    assert_eq!(blocked, in_memory, "block and in-memory splits differ");
    // A cap smaller than some games: each too-large game is reported and skipped,
    // and the reader still reaches the end.
    let mut n = 0;
    for item in GameReader::with_limits(data, chunk, 64) {
        n += 1;
        assert!(n <= data.len() + 1, "more games than bytes");
        let _ = item;
    }
});
