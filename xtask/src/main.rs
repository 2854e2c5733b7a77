//! `cargo xtask`: project automation.

fn main() {}
