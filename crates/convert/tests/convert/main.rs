//! Integration tests of the convert crate, one test binary (one link): golden
//! conversions, descriptive output and its round trip, languages, the corpus,
//! the quick lane's records, and property tests.

mod common;
mod corpus;
mod descriptive_fixtures;
mod descriptive_roundtrip;
mod fixtures;
mod lang;
mod proptests;
mod quick;
