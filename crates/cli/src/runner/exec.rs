//! Running one verifier child process with a wall-clock limit.
//!
//! The child gets its own process group, so that on timeout the whole group (the verifier and
//! anything it started, such as clang) is killed, and its stdout and stderr share one pipe, so
//! the captured text is interleaved as it would be on a terminal.

use std::ffi::OsString;
use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Output kept per child; anything beyond is dropped (and said so).
const OUTPUT_CAP: usize = 4 << 20;

/// How long to wait for the output pipe to close once the child has exited.
const DRAIN_WAIT: Duration = Duration::from_secs(1);

/// How a child process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this code.
    Exited(i32),
    /// It ran past the limit and was killed.
    Hung,
    /// A signal (not ours) killed it.
    Signalled(i32),
    /// It could not be started or waited for.
    Failed(String),
}

/// What one run of a child gave.
#[derive(Debug, Clone)]
pub struct ChildRun {
    pub ending: Ending,
    /// Combined stdout and stderr, lossily decoded.
    pub output: String,
    pub seconds: f64,
}

/// Runs `program args...` with stdin closed, killing its process group after `limit`.
pub fn run_with_limit(program: &Path, args: &[OsString], limit: Duration) -> ChildRun {
    run_in(program, args, limit, None)
}

/// [`run_with_limit`] in the working directory `dir` (when given).
pub fn run_in(program: &Path, args: &[OsString], limit: Duration, dir: Option<&Path>) -> ChildRun {
    let start = Instant::now();
    let failed = |message: String| ChildRun {
        ending: Ending::Failed(message),
        output: String::new(),
        seconds: start.elapsed().as_secs_f64(),
    };
    let (reader, writer) = match std::io::pipe() {
        Ok(pair) => pair,
        Err(e) => return failed(format!("cannot create a pipe: {e}")),
    };
    let stdout = match writer.try_clone() {
        Ok(w) => w,
        Err(e) => return failed(format!("cannot create a pipe: {e}")),
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(writer)
        .process_group(0);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let spawned = command.spawn();
    // The command holds the pipe's write ends; drop them so the reader sees end-of-file.
    drop(command);
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => return failed(format!("cannot run {}: {e}", program.display())),
    };

    let buffer = Arc::new(Mutex::new(Vec::new()));
    let drained = spawn_reader(reader, Arc::clone(&buffer));
    let ending = wait_until(&mut child, start + limit);
    let seconds = start.elapsed().as_secs_f64();
    if drained.recv_timeout(DRAIN_WAIT).is_err() {
        // Something the child started still holds the pipe open: end it.
        kill_group(&mut child);
        let _ = drained.recv_timeout(DRAIN_WAIT);
    }
    let bytes = buffer.lock().map(|b| b.clone()).unwrap_or_default();
    let mut output = String::from_utf8_lossy(&bytes).into_owned();
    if bytes.len() >= OUTPUT_CAP {
        output.push_str("\n[output truncated by the runner]\n");
    }
    ChildRun {
        ending,
        output,
        seconds,
    }
}

/// Copies the pipe into `buffer` (up to the cap) on a thread; the receiver gets a message
/// when the pipe is closed.
fn spawn_reader(
    mut reader: std::io::PipeReader,
    buffer: Arc<Mutex<Vec<u8>>>,
) -> mpsc::Receiver<()> {
    let (done, drained) = mpsc::channel();
    thread::spawn(move || {
        let mut chunk = [0u8; 8192];
        loop {
            match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    if let Ok(mut b) = buffer.lock() {
                        let room = OUTPUT_CAP.saturating_sub(b.len());
                        b.extend_from_slice(&chunk[..n.min(room)]);
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = done.send(());
    });
    drained
}

/// Polls the child until it exits or `deadline` passes (then kills its group).
fn wait_until(child: &mut Child, deadline: Instant) -> Ending {
    let mut pause = Duration::from_millis(2);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return ending_of(status),
            Ok(None) => {}
            Err(e) => {
                kill_group(child);
                return Ending::Failed(format!("cannot wait for the verifier: {e}"));
            }
        }
        let now = Instant::now();
        if now >= deadline {
            kill_group(child);
            let _ = child.wait();
            return Ending::Hung;
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

fn ending_of(status: ExitStatus) -> Ending {
    match (status.code(), status.signal()) {
        (Some(code), _) => Ending::Exited(code),
        (None, Some(signal)) => Ending::Signalled(signal),
        (None, None) => Ending::Failed(format!("unknown exit status {status}")),
    }
}

/// Sends SIGKILL to the child's process group (its id, see `process_group(0)`), and to the
/// child itself in case that fails. The standard library cannot signal a group, so this uses
/// the shell's `kill` built-in.
fn kill_group(child: &mut Child) {
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!("kill -KILL -{}", child.id()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limit: Duration) -> ChildRun {
        let args = [OsString::from("-c"), OsString::from(script)];
        run_with_limit(Path::new("sh"), &args, limit)
    }

    #[test]
    fn exit_code_and_interleaved_output() {
        let run = sh(
            "echo one; echo two >&2; echo three; exit 3",
            Duration::from_secs(10),
        );
        assert_eq!(run.ending, Ending::Exited(3));
        assert_eq!(run.output, "one\ntwo\nthree\n");
    }

    #[test]
    fn a_child_past_its_limit_is_killed_with_its_children() {
        // `sleep` is a grandchild holding the pipe: only a group kill lets this return early.
        let run = sh(
            "echo started; sleep 30; echo never",
            Duration::from_millis(300),
        );
        assert_eq!(run.ending, Ending::Hung);
        assert_eq!(run.output, "started\n");
        assert!(run.seconds < 10.0, "took {}s", run.seconds);
    }

    #[test]
    fn a_signal_is_a_crash() {
        let run = sh("kill -KILL $$", Duration::from_secs(10));
        assert_eq!(run.ending, Ending::Signalled(9));
    }

    #[test]
    fn a_missing_program_is_reported() {
        let run = run_with_limit(Path::new("/no/such/program"), &[], Duration::from_secs(1));
        assert!(matches!(run.ending, Ending::Failed(ref m) if m.contains("/no/such/program")));
    }
}
