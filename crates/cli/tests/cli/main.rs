//! Integration tests of the `scoresheet` binary, one test binary (one link):
//! input shapes of a batch, block reading, `convert`, hostile inputs, input
//! kinds, the reader's cap and the language server over its standard input and output. The golden cases of `fixtures/cli` run in
//! `cargo xtask check`.

mod batch;
mod blocks;
mod common;
mod convert;
mod explain;
mod hostile;
mod inputs;
mod layouts;
mod letters;
mod lsp;
mod names;
mod one_reader;
mod outputs;
mod pages;
mod prose;
mod reader_cap;
mod readings;
mod serve;
mod shipped;
mod spelling;
mod walks;
