#!/usr/bin/env bash
# Builds a wheel from the sdist the way `pip install zhengfen-X.tar.gz` does on a machine with
# no matching wheel (pip's isolated build: maturin from the index, then cargo), then checks
# that wheel with scripts/check_wheel.sh (a fresh venv with no Rust on PATH).
#
#   bash scripts/check_sdist.sh SDIST [PYTHON]
#
# The build needs a Rust toolchain (Cargo.toml's rust-version or newer) on PATH; the check of
# the result does not.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { printf 'check_sdist.sh: %s\n' "$*" >&2; exit 2; }

[ $# -ge 1 ] || fail "usage: bash scripts/check_sdist.sh SDIST [PYTHON]"
SDIST="$(realpath "$1")" || fail "no sdist at $1"
[ -f "$SDIST" ] || fail "no sdist at $1"
PYTHON="$(command -v "${2:-python3}")" || fail "no Python interpreter ${2:-python3}"
command -v cargo >/dev/null || fail "no cargo on PATH: building the sdist needs a Rust toolchain"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

printf '\n=== pip wheel %s (Rust %s)\n' "$(basename "$SDIST")" "$(rustc --version)"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet --upgrade pip
# A target folder of its own: nothing comes from an earlier build.
CARGO_TARGET_DIR="$WORK/target" "$WORK/venv/bin/python" -m pip wheel --no-deps \
    --wheel-dir "$WORK/wheels" "$SDIST"

WHEEL="$(find "$WORK/wheels" -name 'zhengfen-*.whl')"
[ -n "$WHEEL" ] || fail "pip built no wheel from $SDIST"
bash scripts/check_wheel.sh "$WHEEL" "$PYTHON"
