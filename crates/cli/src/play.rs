//! `scoresheet play`.

use std::io;

use crate::Outcome;

pub fn run(_args: &crate::args::PlayArgs) -> io::Result<Outcome> {
    Err(io::Error::other("not yet implemented"))
}
