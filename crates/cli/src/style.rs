//! `--output-style`: how diagnostics are laid out (shared by `verify` and `test`).

/// The layout of diagnostics (`--output-style`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputStyle {
    /// `file:line:col: error: …` on every error line, as clang prints.
    #[default]
    Clang,
    /// GPUVerify's layout, for scripts that parse GPUVerify's output: a race's first line
    /// is `file: error: …`, and its accesses name the file by full path.
    Gpuverify,
}

impl OutputStyle {
    pub fn style(self) -> report::Style {
        match self {
            OutputStyle::Clang => report::Style::Clang,
            OutputStyle::Gpuverify => report::Style::GpuVerify,
        }
    }

    pub fn flag(self) -> &'static str {
        match self {
            OutputStyle::Clang => "--output-style=clang",
            OutputStyle::Gpuverify => "--output-style=gpuverify",
        }
    }
}
