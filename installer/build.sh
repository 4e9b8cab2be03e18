#!/usr/bin/env bash
# Build the desktop bundle: dist/cordon-studio/, one folder holding both commands
#   dist/cordon-studio/cordon-studio   the studio
#   dist/cordon-studio/cordon          the command line
# with every native library and the package metadata they read at run time (installer/cordon.spec).
# Uses the project's .venv (made by ./dev.sh) and adds the pinned PyInstaller (the `bundle` extra).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || { echo "build.sh: no .venv yet; run ./dev.sh test (or ./dev.sh studio) first" >&2; exit 2; }
if ! .venv/bin/python -c "import PyInstaller" 2>/dev/null; then
  echo "build.sh: installing the pinned PyInstaller into .venv" >&2
  .venv/bin/python -m pip install -q -e ".[gui,bundle]" -c constraints.txt
fi
start=$(date +%s)
.venv/bin/python -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
  installer/cordon.spec
# The guest compiled for this platform ships in the bundle (core/engine/guest_module.py:ship_precompiled,
# with its sha256 beside it), so a first run compiles nothing; a CPU that lacks this machine's
# features is refused by wasmtime's check and falls back to Winch while Cranelift compiles.
guest=$(dirname "$(find dist/cordon-studio -path '*/core/guest/cordon_guest.wasm' | head -n 1)")
.venv/bin/python -c "import sys; from pathlib import Path; from core.engine import guest_module as g;
print('build.sh: shipped', g.ship_precompiled(Path(sys.argv[1]) / g.SHIPPED))" "$guest"
echo "build.sh: built dist/cordon-studio in $(( $(date +%s) - start )) s, $(du -sh dist/cordon-studio | cut -f1)" \
     "($(du -sb dist/cordon-studio | cut -f1) bytes)"
