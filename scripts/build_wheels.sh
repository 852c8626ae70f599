#!/usr/bin/env bash
# The release build: a manylinux2014 (glibc 2.17) abi3 wheel for this machine's architecture
# and the sdist, written to OUT_DIR (default dist/), then checked: auditwheel must accept the
# wheel as manylinux_2_17, the metadata must pass `twine check` and every classifier must be a
# known trove classifier, and the shipped documents must be real files (not links).
#
#   bash scripts/build_wheels.sh [OUT_DIR]
#
# Needs a Rust toolchain (Cargo.toml's rust-version or newer) and Python 3.9+. The build tools
# (maturin, ziglang, auditwheel, twine, trove-classifiers) go into their own virtual
# environment, $ZHENGFEN_BUILD_VENV (default target/release-venv). zig links against glibc
# 2.17's symbols, so the wheel runs on any Linux with glibc 2.17 or newer, whatever glibc this
# machine has. Other platforms' wheels come from .github/workflows/release.yml.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT_DIR="${1:-dist}"
VENV="${ZHENGFEN_BUILD_VENV:-target/release-venv}"
POLICY="manylinux_2_17_$(uname -m)"

step() { printf '\n=== %s\n' "$*"; }
fail() { printf 'build_wheels.sh: %s\n' "$*" >&2; exit 2; }

# Check where the results go before the long build.
mkdir -p "$OUT_DIR" 2>/dev/null || fail "cannot create the output folder $OUT_DIR"
[ -w "$OUT_DIR" ] || fail "cannot write to the output folder $OUT_DIR"
command -v cargo >/dev/null || fail "no cargo on PATH: building needs a Rust toolchain"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT

step "build tools ($VENV)"
python3 -m venv "$VENV"
VENV="$(realpath "$VENV")"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "maturin>=1.9,<2" ziglang auditwheel twine \
    trove-classifiers
export PATH="$VENV/bin:$PATH"

step "wheel: maturin build --zig --compatibility manylinux2014"
maturin build --release --locked --zig --compatibility manylinux2014 --out "$STAGE"

step "sdist: maturin sdist"
maturin sdist --out "$STAGE"

WHEEL="$(find "$STAGE" -name 'zhengfen-*.whl')"
SDIST="$(find "$STAGE" -name 'zhengfen-*.tar.gz')"
if [ -z "$WHEEL" ] || [ -z "$SDIST" ]; then fail "maturin made no wheel or no sdist"; fi

step "auditwheel show (must allow $POLICY)"
auditwheel show "$WHEEL" | tee "$STAGE/auditwheel.txt"
tr -s ' \n' ' ' <"$STAGE/auditwheel.txt" | grep -q "consistent with the following platform tag: \"$POLICY\"" \
    || fail "auditwheel does not accept the wheel as $POLICY"

step "metadata: twine check, classifiers, documents"
twine check --strict "$WHEEL" "$SDIST"
python scripts/check_dist.py "$WHEEL" "$SDIST"

cp "$WHEEL" "$SDIST" "$OUT_DIR"/
step "built"
ls -l "$OUT_DIR/$(basename "$WHEEL")" "$OUT_DIR/$(basename "$SDIST")"
