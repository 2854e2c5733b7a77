//! The shell completions and man pages shipped in `crates/cli/completions`
//! and `crates/cli/man` are what the command line's definition generates:
//! this test fails when they are stale, and `BLESS=1` (or `cargo xtask
//! bless`) rewrites them.

use std::path::{Path, PathBuf};

use clap::CommandFactory;
use clap_complete::Shell;
use scoresheet_cli::Cli;

/// Every file generated, with its text.
fn generated() -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::PowerShell,
        Shell::Elvish,
    ] {
        let mut cmd = Cli::command();
        let mut text = Vec::new();
        clap_complete::generate(shell, &mut cmd, "scoresheet", &mut text);
        let name = match shell {
            Shell::Bash => "scoresheet.bash",
            Shell::Zsh => "_scoresheet",
            Shell::Fish => "scoresheet.fish",
            Shell::PowerShell => "_scoresheet.ps1",
            _ => "scoresheet.elv",
        };
        out.push((PathBuf::from("completions").join(name), text));
    }
    let mut cmd = Cli::command();
    cmd.build();
    out.push((PathBuf::from("man/scoresheet.1"), man(cmd.clone())));
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("scoresheet-{}", sub.get_name());
        let page = sub.clone().name(name.clone().leak() as &str);
        out.push((PathBuf::from(format!("man/{name}.1")), man(page)));
    }
    out
}

fn man(cmd: clap::Command) -> Vec<u8> {
    let mut text = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut text)
        .expect("a man page renders into memory");
    text
}

#[test]
fn completions_and_man_pages_are_as_generated() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for (path, text) in generated() {
        let path = root.join(path);
        if bless {
            std::fs::create_dir_all(path.parent().expect("a directory")).expect("created");
            std::fs::write(&path, &text).expect("written");
        } else if std::fs::read(&path).ok().as_deref() != Some(&text[..]) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale: {}\nregenerate with: BLESS=1 cargo test -p scoresheet --test cli shipped",
        stale.join(", ")
    );
}
