//! Integration tests of the `scoresheet` binary, one test binary (one link):
//! input shapes of a batch, block reading, `convert`, hostile inputs, input
//! kinds and the reader's cap. The golden cases of `fixtures/cli` run in
//! `cargo xtask check`.

mod batch;
mod blocks;
mod common;
mod convert;
mod explain;
mod hostile;
mod inputs;
mod reader_cap;
mod shipped;
