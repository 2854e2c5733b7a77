//! The progress bar of `validate` and `convert`: drawn on standard error when
//! it is a terminal, never into a pipe, a file or a test's output. The batch
//! library counts the bytes read ([`Progress`]); this draws them.
//!
//! With a known total (the sum of the inputs' sizes on disk) a bar shows the
//! bytes read, the rate and an ETA; with an input read as a stream (standard
//! input, a pipe) a spinner shows the bytes read and the rate. Bytes are
//! counted in decimal units (kB, MB, GB), as the summary line counts them.

use std::io::{self, IsTerminal};

use indicatif::{ProgressBar, ProgressStyle};
use scoresheet_batch::Input;
use scoresheet_batch::progress::{Progress, ProgressView, total};

/// The bar's layout with a known total: position, total, rate, ETA, message.
const BAR: &str =
    "{bar:30} {decimal_bytes}/{decimal_total_bytes} {decimal_bytes_per_sec} ETA {eta} {wide_msg}";

/// The spinner's layout, for inputs of unknown size: no total, no ETA.
const SPINNER: &str = "{spinner} {decimal_bytes} {decimal_bytes_per_sec} {wide_msg}";

/// Whether a run draws the bar: standard error is a terminal, neither
/// `--no-progress` nor `SCORESHEET_NO_PROGRESS` is given, and the run is not
/// `--quiet` nor writing a machine format (`quiet_or_machine`).
pub fn shown(no_progress: bool, quiet_or_machine: bool) -> bool {
    !no_progress
        && !quiet_or_machine
        && std::env::var_os("SCORESHEET_NO_PROGRESS").is_none()
        && io::stderr().is_terminal()
}

/// The progress of a run over `inputs`: a bar on standard error when `show`
/// ([`shown`]), else nothing drawn and nothing counted.
pub fn progress(inputs: &[Input], show: bool) -> Progress {
    if !show {
        return Progress::hidden();
    }
    let total = total(inputs);
    let bar = total.map_or_else(ProgressBar::new_spinner, ProgressBar::new);
    if let Ok(style) = ProgressStyle::with_template(template(total)) {
        bar.set_style(style);
    }
    Progress::new(inputs, Box::new(Bar(bar)))
}

/// indicatif's bar as the library's view of a run's progress.
struct Bar(ProgressBar);

impl ProgressView for Bar {
    fn show(&self, bytes: u64, message: &str) {
        self.0.set_position(bytes);
        self.0.set_message(message.to_owned());
    }

    fn suspend(&self, f: &mut dyn FnMut()) {
        self.0.suspend(f);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// The layout for a total (`None`: unknown).
fn template(total: Option<u64>) -> &'static str {
    if total.is_some() { BAR } else { SPINNER }
}

#[cfg(test)]
mod tests {
    use super::{BAR, SPINNER, template};

    #[test]
    fn a_stream_gets_a_spinner_without_an_eta() {
        assert_eq!(template(None), SPINNER);
        assert!(!SPINNER.contains("eta"));
        assert_eq!(template(Some(1)), BAR);
    }

    #[test]
    fn the_bar_counts_in_decimal_units_as_the_summary_does() {
        for layout in [BAR, SPINNER] {
            assert!(layout.contains("{decimal_bytes}"), "{layout}");
            assert!(layout.contains("{decimal_bytes_per_sec}"), "{layout}");
            assert!(!layout.contains("binary"), "{layout}");
        }
    }
}
