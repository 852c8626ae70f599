#!/usr/bin/env bash
# Builds the virtual environment that benches/peers.py runs in: the peers OpenSpiel and RLCard,
# pinned, beside this project built from source with maturin (a release build of the Rust
# extension: a few minutes on 2 cores).
#
#   bash benches/peers_env.sh
#   source "${PEERS_VENV:-/tmp/zhengfen-peers}/bin/activate"
#   python benches/peers.py --seconds 5 --repeats 3
#   python benches/bench_ai.py --seconds 3 --repeats 3       # zhengfen beside them
#
# After the project changes, rebuild only it in the venv (incremental, in the same target dir):
#   CARGO_TARGET_DIR="$PEERS_VENV/cargo-target" "$PEERS_VENV/bin/python" -m pip install \
#       --force-reinstall --no-deps .
#
# Environment: PEERS_VENV (where the venv goes, default /tmp/zhengfen-peers), PYTHON (the
# interpreter that makes it, default python3), CARGO_TARGET_DIR (default: a folder inside the
# venv, so this build neither writes into the work tree's target/ nor waits on its cargo lock).
#
# Pins (checked on CPython 3.11, linux x86_64):
# - open_spiel 2.0.2 ships a cp311 manylinux_2_28 x86_64 wheel and requires Python >= 3.11
#   (on 3.10 the newest would be the 1.6.x line). Its own dependencies (absl-py, attrs, scipy,
#   ml_collections) are pinned below to what pip resolved for it.
# - rlcard 1.2.0 is on PyPI as an sdist only (pure Python): pip builds it with setuptools. Its
#   runtime dependencies for the doudizhu env are numpy and termcolor; torch is needed only for
#   its learning agents, not for random play, and is left out.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${PEERS_VENV:-/tmp/zhengfen-peers}"
PYTHON="${PYTHON:-python3}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$VENV/cargo-target}"

PEERS=(
    "open_spiel==2.0.2"
    "absl-py==2.5.1"
    "attrs==26.1.0"
    "ml_collections==1.1.0"
    "PyYAML==6.0.4"
    "scipy==1.17.1"
    "rlcard==1.2.0"
    "numpy==2.4.6"
    "termcolor==3.3.0"
)

"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --upgrade pip
"$VENV/bin/python" -m pip install "${PEERS[@]}"
"$VENV/bin/python" -m pip install "$REPO"

# Smoke check: each package imports, and each peer's Dou Dizhu can be made.
"$VENV/bin/python" - <<'EOF'
import importlib.metadata as metadata

import pyspiel
import rlcard

import zhengfen

pyspiel.load_game("dou_dizhu")
rlcard.make("doudizhu", config={"seed": 0})
for dist in ("open_spiel", "rlcard", "numpy", "zhengfen"):
    print(f"{dist} {metadata.version(dist)}")
print(f"zhengfen imported from {zhengfen.__file__}")
EOF

echo
echo "Peers venv ready at $VENV. Activate it with:"
echo "  source $VENV/bin/activate"
echo "then run: python benches/peers.py --seconds 5 --repeats 3"
