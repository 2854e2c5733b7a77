//! Reports for continuous integration: GitHub Actions workflow commands
//! (`--format github`), one SARIF 2.1.0 log (`--format sarif`), and whether
//! human output is coloured (`--color`).

use std::collections::BTreeSet;
use std::io::{self, Write};

use serde::Serialize;
use serde_json::json;

use crate::options::ColorChoice as ColorArg;
use crate::report::{Problem, Summary, human_message};

/// Escapes the message of a workflow command as GitHub's toolkit does (`%`,
/// carriage return, line feed: `%25`, `%0D`, `%0A`, which the runner reads
/// back), and every other control character the same way (`%1B`; each byte
/// of a C1 control's UTF-8): none reaches the log raw to drive a terminal or
/// end the command early.
pub fn github_data(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '%' || c.is_control() {
            let mut utf8 = [0u8; 4];
            for b in c.encode_utf8(&mut utf8).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Escapes a property value of a workflow command (also `:` and `,`).
pub fn github_property(s: &str) -> String {
    github_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// One problem as a workflow command: `::error file=F,line=L,col=C,title=KIND::message`
/// (`::warning`, and `::notice` for a note).
pub fn github_line(file: &str, game: u64, severity: &str, p: &Problem) -> String {
    let command = match severity {
        "error" => "error",
        "warning" => "warning",
        _ => "notice",
    };
    format!(
        "::{command} file={},line={},col={},title={}::{}",
        github_property(file),
        p.line,
        p.column,
        github_property(p.kind),
        github_data(&human_message(game, p)),
    )
}

/// The URI of an input (its name as the system knows it, bytes) as SARIF's
/// `artifactLocation.uri` wants it: a relative or absolute path reference,
/// every byte outside the unreserved characters and `/` percent-encoded (a
/// name that is not UTF-8 keeps its bytes).
pub fn sarif_uri(file: &[u8]) -> String {
    let mut uri = String::with_capacity(file.len());
    for &b in file {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri
}

/// A SARIF 2.1.0 log written as the problems come (memory stays bounded by
/// the kinds seen, whatever the number of problems): the run's results, then
/// the tool with a rule for each kind reported, and the summary in the run's
/// properties.
#[derive(Debug, Default)]
pub struct Sarif {
    /// A result was written (the next needs a comma before it).
    any: bool,
    /// The kinds reported, for the tool's rules.
    kinds: BTreeSet<&'static str>,
}

/// The schema a SARIF log names.
const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

impl Sarif {
    /// The start of the log, up to the first result. Columns count
    /// characters (`columnKind`: `unicodeCodePoints`), as every report's do.
    pub fn start(&self, out: &mut impl Write) -> io::Result<()> {
        write!(
            out,
            "{{\"$schema\":\"{SARIF_SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{{\"columnKind\":\"unicodeCodePoints\",\"results\":["
        )
    }

    /// One problem of game `game` of `file`: a result with the kind as its rule,
    /// the level, the message and where it is.
    pub fn result(
        &mut self,
        out: &mut impl Write,
        file: &[u8],
        game: u64,
        severity: &str,
        p: &Problem,
    ) -> io::Result<()> {
        let level = match severity {
            "error" => "error",
            "warning" => "warning",
            _ => "note",
        };
        self.kinds.insert(p.kind);
        let mut region = serde_json::Map::new();
        if p.line > 0 {
            region.insert("startLine".into(), p.line.into());
            if p.column > 0 {
                region.insert("startColumn".into(), p.column.into());
            }
        }
        let mut physical = json!({"artifactLocation": {"uri": sarif_uri(file)}});
        if !region.is_empty() {
            physical["region"] = region.into();
        }
        let mut properties = json!({"game": game});
        if let Some(ply) = p.ply {
            properties["ply"] = ply.into();
        }
        if !p.text.is_empty() {
            properties["move"] = p.text.clone().into();
        }
        if !p.candidates.is_empty() {
            properties["candidates"] = p.candidates.clone().into();
        }
        if !p.suggestions.is_empty() {
            properties["suggestions"] = p.suggestions.clone().into();
        }
        if let Some(d) = &p.duplicate_of {
            properties["duplicate_of"] = json!({"file": d.file, "game": d.game});
        }
        let result = json!({
            "ruleId": p.kind,
            "level": level,
            "message": {"text": human_message(game, p)},
            "locations": [{"physicalLocation": physical}],
            "properties": properties,
        });
        if self.any {
            out.write_all(b",")?;
        }
        self.any = true;
        serde_json::to_writer(&mut *out, &result)?;
        Ok(())
    }

    /// The end of the log: the tool, its rules, and the run's summary.
    pub fn finish(&self, out: &mut impl Write, summary: &Summary) -> io::Result<()> {
        #[derive(Serialize)]
        struct Rule<'a> {
            id: &'a str,
        }
        let rules: Vec<Rule<'_>> = self.kinds.iter().map(|id| Rule { id }).collect();
        let tool = json!({
            "driver": {
                "name": "scoresheet",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": env!("CARGO_PKG_REPOSITORY"),
                "rules": rules,
            }
        });
        out.write_all(b"],\"tool\":")?;
        serde_json::to_writer(&mut *out, &tool)?;
        out.write_all(b",\"invocations\":[{\"executionSuccessful\":")?;
        out.write_all(if summary.unread == 0 {
            b"true"
        } else {
            b"false"
        })?;
        out.write_all(b"}],\"properties\":{\"summary\":")?;
        serde_json::to_writer(&mut *out, summary)?;
        out.write_all(b"}}]}\n")
    }
}

/// Whether human output is coloured: always with `always`, never with
/// `never`, and with `auto` only on a `terminal` when `NO_COLOR` is not set to
/// a non-empty value (`no_color`).
pub fn use_color(choice: ColorArg, terminal: bool, no_color: bool) -> bool {
    match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => terminal && !no_color,
    }
}

/// Whether `NO_COLOR` is set to a non-empty value.
pub fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

#[cfg(test)]
mod tests;
