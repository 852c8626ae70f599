#!/usr/bin/env bash
# Installs a built wheel the way a user does and runs what the README promises, with no Rust
# toolchain in reach:
#
#   bash scripts/check_wheel.sh WHEEL [PYTHON]
#
# PYTHON (default python3) makes a fresh virtual environment in a temporary folder. Only that
# environment's bin/ and the system folders /usr/local/bin, /usr/bin and /bin are on PATH, and
# the script stops if cargo, rustc or rustup can be found there. pip installs the wheel and
# numpy from binaries only (--only-binary :all:), so nothing is compiled. Then, from a folder
# outside the source tree:
# - every module of the package is imported (those that need an optional extra excepted);
# - the README's examples run as doctests (doctest.testfile: the quick start, playing games,
#   batched play; at least one must run);
# - `zhengfen --version` and `zhengfen.__version__` must give the wheel's version;
# - `zhengfen arena --deals 1` and `python -m zhengfen arena --deals 1` play a tournament;
# - `python -m zhengfen.docs NAME` must print each shipped document as in the repository;
# - `zhengfen bot check` passes the example Python bot, and so do the bot vectors shipped in it;
# - with the web extra's packages added, `zhengfen serve --port 0` serves the page, its scripts
#   and its API (the page's files are package data of the wheel).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { printf 'check_wheel.sh: %s\n' "$*" >&2; exit 2; }
step() { printf '\n=== %s\n' "$*"; }

[ $# -ge 1 ] || fail "usage: bash scripts/check_wheel.sh WHEEL [PYTHON]"
WHEEL="$(realpath "$1")" || fail "no wheel at $1"
[ -f "$WHEEL" ] || fail "no wheel at $1"
PYTHON="$(command -v "${2:-python3}")" || fail "no Python interpreter ${2:-python3}"
REPO="$PWD"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

step "fresh venv from $PYTHON ($("$PYTHON" --version 2>&1))"
"$PYTHON" -m venv "$WORK/venv"
export PATH="$WORK/venv/bin:/usr/local/bin:/usr/bin:/bin"
unset CARGO_HOME RUSTUP_HOME RUSTUP_TOOLCHAIN PYTHONPATH VIRTUAL_ENV
for tool in cargo rustc rustup; do
    if command -v "$tool" >/dev/null; then fail "$tool is on PATH ($(command -v "$tool"))"; fi
done
echo "no cargo, rustc or rustup on PATH=$PATH"

step "pip install the wheel (binaries only)"
python -m pip install --quiet --upgrade pip
python -m pip install --only-binary :all: "$WHEEL"

cd "$WORK"
cp "$REPO/README.md" "$REPO/RULES.md" "$REPO/AI.md" "$REPO/CONFORMANCE.md" "$REPO/BOTS.md" "$WORK"/
LOCATION="$(python -c 'import zhengfen; print(zhengfen.__file__)')"
case "$LOCATION" in
    "$WORK/venv/"*) echo "zhengfen imported from $LOCATION" ;;
    *) fail "zhengfen was imported from $LOCATION, not from the installed wheel" ;;
esac

step "every module imports (on this Python; the optional extras are not installed)"
python - <<'PY'
import importlib, pkgutil, sys
import zhengfen
# envs, ray, web, train
OPTIONAL = {"gymnasium", "pettingzoo", "ray", "starlette", "uvicorn", "jax", "optax", "matplotlib"}
imported, skipped = 0, []
for info in pkgutil.walk_packages(zhengfen.__path__, "zhengfen."):
    if info.name.rsplit(".", 1)[-1] == "__main__":
        continue
    try:
        importlib.import_module(info.name)
        imported += 1
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in OPTIONAL:
            raise
        skipped.append(f"{info.name} (needs {error.name})")
print(f"{imported} modules imported on Python {sys.version.split()[0]}")
print("skipped:", ", ".join(skipped) or "none")
PY

step "README examples (doctest)"
python - <<'PY'
import doctest, sys
result = doctest.testfile("README.md", module_relative=False)
print(f"README.md: {result.attempted} examples, {result.failed} failed")
sys.exit(1 if result.failed or not result.attempted else 0)
PY

step "zhengfen --version"
EXPECTED="$(basename "$WHEEL" | cut -d- -f2)"
SHOWN="$(zhengfen --version)"
echo "$SHOWN"
case "$SHOWN" in
    *"$EXPECTED"*) ;;
    *) fail "zhengfen --version printed '$SHOWN', the wheel is version $EXPECTED" ;;
esac
[ "$(python -c 'import zhengfen; print(zhengfen.__version__)')" = "$EXPECTED" ] \
    || fail "zhengfen.__version__ is not $EXPECTED"

step "zhengfen arena --deals 1; python -m zhengfen arena --deals 1"
zhengfen arena --deals 1
python -m zhengfen arena --deals 1 >/dev/null

step "documents (python -m zhengfen.docs)"
python -m zhengfen.docs
for name in RULES AI CONFORMANCE BOTS; do
    python -m zhengfen.docs "$name" | cmp - "$name.md" || fail "$name differs from $name.md"
    [ ! -L "$(python -m zhengfen.docs "$name" --path)" ] || fail "$name is a link in the wheel"
done
echo "RULES, AI, CONFORMANCE and BOTS ship with the package, identical to the repository's"

step "zhengfen bot check: the example Python bot, live and against the shipped vectors"
cp "$REPO/examples/bots/python/bot.py" "$WORK/bot.py"
zhengfen bot check "python $WORK/bot.py" --decisions 20
zhengfen bot check "python $WORK/bot.py" --vectors

step "zhengfen serve (the web extra's packages, binaries only)"
python -m pip install --quiet --only-binary :all: "starlette>=0.37" "uvicorn>=0.29"
zhengfen serve --port 0 >"$WORK/serve.out" 2>"$WORK/serve.err" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT
python - "$WORK/serve.out" <<'PY'
import json, sys, time, urllib.request
from pathlib import Path
out = Path(sys.argv[1])
deadline = time.monotonic() + 60
while "http://" not in out.read_text():
    if time.monotonic() > deadline:
        sys.exit("zhengfen serve printed no address within 60 s")
    time.sleep(0.2)
address = out.read_text().split("at ", 1)[1].split()[0]
page = urllib.request.urlopen(address, timeout=30).read().decode()
assert "<svg" in page or "<script" in page, "the page is not the table"
for path in ("static/app.js", "static/cards.js", "static/style.css"):
    assert urllib.request.urlopen(address + path, timeout=30).status == 200, path
options = json.load(urllib.request.urlopen(address + "api/options", timeout=30))
print(f"served {address}: the page, its scripts and {len(options)} option fields")
PY
kill "$SERVER"
wait "$SERVER" || true

step "the wheel works without Rust"
