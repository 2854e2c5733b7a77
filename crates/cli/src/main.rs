//! The `scoresheet` command-line tool.

fn main() {
    println!("scoresheet");
}
