//! The page of `scoresheet serve` (`crates/serve`): its bundle checked
//! against its sources, and its test in a real browser (Debian's `chromium`
//! driven by `playwright-core` from npm, `crates/serve/web/browser-test.js`).
//!
//! What is missing is installed when it can be: `chromium` with apt-get when
//! running as root, the npm packages with `npm ci` (the committed
//! `package-lock.json`). Without node, npm or a browser the step says plainly
//! why it skips, and the rest of CI goes on.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::util::{debug_binary, root, target_dir};

/// Where Debian's chromium package puts the browser.
const CHROMIUM: &str = "/usr/bin/chromium";

fn web() -> PathBuf {
    root().join("crates/serve/web")
}

fn runs(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// The browser, installed with apt-get when missing and running as root;
/// `Err` says why there is none.
fn chromium() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Ok(path.into());
    }
    if Path::new(CHROMIUM).is_file() {
        return Ok(CHROMIUM.into());
    }
    if !is_root() {
        return Err(format!(
            "{CHROMIUM} is missing and this is not root: `apt-get install chromium` (or set CHROMIUM)"
        ));
    }
    println!("xtask browser: installing chromium (apt-get)");
    let installed = Command::new("sh")
        .args([
            "-c",
            "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium",
        ])
        .status()
        .is_ok_and(|s| s.success());
    if installed && Path::new(CHROMIUM).is_file() {
        Ok(CHROMIUM.into())
    } else {
        Err("apt-get could not install chromium".into())
    }
}

/// The npm packages of `crates/serve/web`, installed with `npm ci` when missing.
fn node_modules() -> Result<(), String> {
    if !runs("node", "--version") || !runs("npm", "--version") {
        return Err("node or npm is missing (Debian: `apt-get install nodejs npm`)".into());
    }
    let ready = [
        "esbuild",
        "playwright-core",
        "codemirror",
        "@codemirror/lint",
    ]
    .iter()
    .all(|p| {
        web()
            .join("node_modules")
            .join(p)
            .join("package.json")
            .is_file()
    });
    if ready {
        return Ok(());
    }
    println!("xtask browser: npm ci in crates/serve/web");
    let status = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(web())
        .status()
        .map_err(|e| format!("could not run npm: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("`npm ci` failed in crates/serve/web (is the npm registry reachable?)".into())
    }
}

/// The committed bundle and licence notice are what `npm run bundle` makes
/// from the sources.
fn bundle_is_fresh() -> Result<(), String> {
    let out = target_dir().join("serve-bundle");
    let status = Command::new("node")
        .arg("bundle.js")
        .arg(&out)
        .current_dir(web())
        .status()
        .map_err(|e| format!("could not run node: {e}"))?;
    if !status.success() {
        return Err("bundling the page failed (node bundle.js in crates/serve/web)".into());
    }
    let serve = root().join("crates/serve");
    for file in ["assets/page.js", "NOTICE.md"] {
        let made = std::fs::read(out.join(file)).map_err(|e| format!("{file}: {e}"))?;
        let committed = std::fs::read(serve.join(file)).map_err(|e| format!("{file}: {e}"))?;
        if made != committed {
            return Err(format!(
                "crates/serve/{file} is not what its sources make: run `npm run bundle` in crates/serve/web and commit it"
            ));
        }
    }
    Ok(())
}

/// `cargo xtask browser`: the bundle is fresh, then the page's test in chromium.
pub fn run() -> Result<(), String> {
    if let Err(why) = node_modules() {
        println!("xtask browser: skipped: {why}");
        return Ok(());
    }
    bundle_is_fresh()?;
    let chromium = match chromium() {
        Ok(c) => c,
        Err(why) => {
            println!("xtask browser: the bundle is fresh; the browser test is skipped: {why}");
            return Ok(());
        }
    };
    let bin = debug_binary()?;
    let out = target_dir().join("browser");
    let status = Command::new("node")
        .arg("browser-test.js")
        .current_dir(web())
        .env("SCORESHEET_BIN", &bin)
        .env("SCORESHEET_OUT", &out)
        .env("CHROMIUM", &chromium)
        .status()
        .map_err(|e| format!("could not run node: {e}"))?;
    if status.success() {
        println!("xtask browser: screenshots in {}", out.display());
        Ok(())
    } else {
        Err(format!(
            "the browser test failed ({status}): `cargo xtask browser` runs it; screenshots in {}",
            out.display()
        ))
    }
}
