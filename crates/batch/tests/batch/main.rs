//! Integration tests of the batch library, through its public API.

mod printed;
mod text;
