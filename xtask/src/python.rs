//! The Python package (`crates/python`): its pytest tests in a virtual
//! environment under `target/`, and its row of `cargo xtask bench`.
//!
//! Both need `python3` and the package index (for maturin, pytest and dask);
//! without them they say plainly why they are skipped, and the rest goes on.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::util::{debug_binary, root, target_dir};

/// What the tests and the benchmark install into the environment.
const PACKAGES: [&str; 4] = [
    "maturin>=1.5,<2",
    "pytest",
    "dask[distributed]",
    "zstandard",
];

/// The virtual environment, made (and given [`PACKAGES`]) when missing; `Err`
/// says why it cannot be had (no python3, no venv module, no package index).
fn venv() -> Result<PathBuf, String> {
    let dir = target_dir().join("py-venv");
    let python = dir.join("bin/python");
    if !python.is_file() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&dir)
            .stdout(Stdio::null())
            .output();
        match made {
            Err(_) => return Err("python3 not found".into()),
            Ok(out) if !out.status.success() => {
                return Err(format!(
                    "python3 -m venv failed (is the venv module installed?): {}",
                    last_line(&out.stderr)
                ));
            }
            Ok(_) => {}
        }
    }
    let ready = Command::new(&python)
        .args(["-c", "import maturin, pytest, distributed, zstandard"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ready {
        let out = Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(PACKAGES)
            .output()
            .map_err(|e| format!("could not run pip: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "pip could not install {} (is the package index reachable?): {}",
                PACKAGES.join(", "),
                last_line(&out.stderr)
            ));
        }
    }
    Ok(dir)
}

fn last_line(text: &[u8]) -> String {
    String::from_utf8_lossy(text)
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_owned()
}

/// Builds the package into the environment (`maturin develop`): for
/// benchmarks (`release`) with the `wheel` profile, as `pip install` builds
/// it (`[tool.maturin]` in crates/python/pyproject.toml), else a debug build.
fn install(venv: &Path, release: bool) -> Result<(), String> {
    let mut cmd = Command::new(venv.join("bin/maturin"));
    cmd.arg("develop").arg("--quiet");
    cmd.args(["--profile", if release { "wheel" } else { "dev" }]);
    let status = cmd
        .current_dir(root().join("crates/python"))
        .env("VIRTUAL_ENV", venv)
        .env("CARGO_TARGET_DIR", target_dir())
        .status()
        .map_err(|e| format!("could not run maturin: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "maturin develop failed ({status}); run `cargo xtask python` to see why"
        ))
    }
}

/// The CI step: the pytest tests of `crates/python/tests` against a debug
/// build of the package and of the binary. Skipped, saying why, without python3
/// or the package index; a failing test fails.
pub fn ci() -> Result<(), String> {
    let venv = match venv() {
        Ok(v) => v,
        Err(why) => {
            println!("xtask: python tests skipped: {why}");
            return Ok(());
        }
    };
    let bin = debug_binary()?;
    install(&venv, false)?;
    let status = Command::new(venv.join("bin/python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(root().join("crates/python/tests"))
        .env("SCORESHEET_BIN", &bin)
        .current_dir(root())
        .status()
        .map_err(|e| format!("could not run pytest: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "the python tests failed ({status}): `cargo xtask python` runs them"
        ))
    }
}

/// The script the benchmark times: every report of `scoresheet.validate`
/// over the files given, with one thread, as dicts.
const CONSUME: &str = "import sys, scoresheet\n\
n = 0\n\
for report in scoresheet.validate(sys.argv[1:], jobs=1):\n    n += 1\n";

/// Compiles the package's Python modules to bytecode (`__pycache__`), as
/// `pip install` does when it installs them: `maturin develop` installs the
/// sources in place, and where `PYTHONDONTWRITEBYTECODE` is set (as on the
/// project's VM) every run compiled `__init__.py` again: `import
/// scoresheet` took 114.7 M instructions instead of 100.4 M, a cost no
/// installed package has.
fn compile_bytecode(venv: &Path) -> Result<(), String> {
    let status = Command::new(venv.join("bin/python"))
        .args(["-m", "compileall", "-q"])
        .arg(root().join("crates/python/python/scoresheet"))
        .status()
        .map_err(|e| format!("could not run compileall: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("compileall failed ({status})"))
    }
}

/// For `cargo xtask bench`: the Python interpreter (a release build of the
/// package installed) and the script that reads every report, or why not.
pub fn bench_program() -> Result<(PathBuf, Vec<String>), String> {
    let venv = venv()?;
    install(&venv, true)?;
    compile_bytecode(&venv)?;
    Ok((
        venv.join("bin/python"),
        vec!["-c".to_owned(), CONSUME.to_owned()],
    ))
}
