//! Integration tests of the batch library, through its public API.

mod collected;
mod printed;
mod text;
