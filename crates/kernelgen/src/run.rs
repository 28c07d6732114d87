//! Running a subprocess with a wall-clock limit, keeping its exit code and output.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a finished (or killed) subprocess left.
#[derive(Debug, Clone)]
pub struct Output {
    /// The exit code; `None` when it was killed at the limit or by a signal.
    pub code: Option<i32>,
    pub timed_out: bool,
    /// stdout followed by stderr.
    pub text: String,
    pub seconds: f64,
}

/// Runs `program args` in `dir`, killing it after `limit`.
pub fn run(
    program: &Path,
    args: &[String],
    dir: &Path,
    limit: Duration,
) -> std::io::Result<Output> {
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    // Drain both pipes on threads so a chatty child never blocks on a full pipe.
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let out_thread = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = stdout.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let err_thread = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = stderr.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut text = out_thread.join().unwrap_or_default();
    text.push_str(&err_thread.join().unwrap_or_default());
    Ok(Output {
        code: status.and_then(|s| s.code()),
        timed_out,
        text,
        seconds: start.elapsed().as_secs_f64(),
    })
}
