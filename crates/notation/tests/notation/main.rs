//! Integration tests of the notation crate, one test binary (one link): golden
//! parses of `fixtures/notation` and `fixtures/desc`, and the descriptive corpus.

mod desc_corpus;
mod desc_fixtures;
mod fixtures;
