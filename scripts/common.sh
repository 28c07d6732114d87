# shellcheck shell=bash
# Sourced by the other scripts (not run on its own): the repository root, and cargo on PATH
# when rustup put it in ~/.cargo/bin but the shell's PATH lacks it.

# shellcheck disable=SC2034 # used by the scripts that source this file
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
if ! command -v cargo >/dev/null 2>&1 && [[ -x "$cargo_bin/cargo" ]]; then
    PATH="$cargo_bin:$PATH"
fi
unset cargo_bin
