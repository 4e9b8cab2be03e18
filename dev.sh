#!/usr/bin/env bash
# Cordon's two entry points for a fresh machine:
#   ./dev.sh studio   open the studio (offscreen when there is no display)
#   ./dev.sh test     run the whole test suite
#   ./dev.sh lint     ruff check and the mypy baseline (CI runs it before the tests)
#   ./dev.sh guest    rebuild the QuickJS guest from its pinned sources and check the bytes equal the
#                     shipped core/guest/cordon_guest.wasm (installs clang-19 and wasi-libc when root;
#                     only this check needs a compiler: users run the shipped module)
#   ./dev.sh cordon   the command line from .venv (./dev.sh cordon run body.js, ./dev.sh cordon --version)
#   ./dev.sh fuzz [N] the long fuzzing campaign: tests/test_fuzz.py with every harness's count times N
#                     (default 415: ~1,000,000 inputs, ~2.5 h at ~7,700 inputs a minute; random seeds, so each campaign differs).
#                     The normal suite (CI) runs the same harnesses once, derandomised: 2,415 inputs (~30 s)
# Each sets itself up on first use: Debian's Qt runtime libraries (when root), a venv in .venv,
# and the Python dependencies of pyproject.toml at the versions of constraints.txt.
set -euo pipefail
cd "$(dirname "$0")"

QT_LIBS="libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libglib2.0-0 libxkbcommon0 \
fonts-dejavu-core libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 \
libxcb-render0 libxcb-shape0 libxcb-util1 libxcb-xkb1 libxkbcommon-x11-0 \
xvfb xauth \
libpulse0 libseccomp2"  # libseccomp2: the host workers' seccomp filter; xvfb-run: the tests that drive the studio in a real X window; libpulse0: Qt Multimedia links it
OCR_PKGS="tesseract-ocr tesseract-ocr-eng"  # @cordon/sandbox-ocr's engine and English data (nothing downloaded at run time)
DESKTOP_PKGS="desktop-file-utils appstream shared-mime-info"  # tests/test_packaging.py: the freedesktop validators

apt_install() {
  # Another apt (an unattended upgrade, a package manager window) holding its locks is waited for, with a
  # message, instead of failing at once: -o DPkg::Lock::Timeout waits for dpkg's lock, the loop for the lists'.
  local waited=0
  while ! flock -n /var/lib/apt/lists/lock true 2>/dev/null; do
    [ $waited = 0 ] && echo "dev.sh: waiting for another apt to finish (it holds /var/lib/apt/lists/lock)" >&2
    waited=$((waited + 1))
    [ $waited -gt 300 ] && { echo "dev.sh: apt is still busy after 5 minutes; try again when it is done" >&2; exit 1; }
    sleep 1
  done
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "$@" >/dev/null
}

system_deps() {
  # Qt's offscreen and X platform plugins need these shared libraries; the ocr pack needs Tesseract.
  if command -v dpkg-query >/dev/null && [ "$(id -u)" = 0 ]; then
    local missing=()
    for pkg in $QT_LIBS $OCR_PKGS $DESKTOP_PKGS; do
      dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
      echo "dev.sh: installing Debian packages (Qt runtime libraries, the OCR engine, desktop file validators): ${missing[*]}" >&2
      apt_install "${missing[@]}"
    fi
  fi
}

GUEST_TOOLCHAIN="clang-19 lld-19 libclang-rt-19-dev-wasm32 wasi-libc"

guest_toolchain() {
  if command -v dpkg-query >/dev/null && [ "$(id -u)" = 0 ]; then
    local missing=()
    for pkg in $GUEST_TOOLCHAIN; do
      dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
      echo "dev.sh: installing the guest toolchain: ${missing[*]}" >&2
      apt_install "${missing[@]}"
    fi
  fi
}

# pyproject's requires-python: 3.11 to 3.13; every pinned dependency has wheels
# for these. Newest first: dev.sh picks the newest one present.
SUPPORTED="3.13 3.12 3.11"
supported() {  # does interpreter $1 run, and is it a version Cordon supports?
  "$1" -c 'import sys; sys.exit(not (3, 11) <= sys.version_info[:2] < (3, 14))' >/dev/null 2>&1
}

pick_python() {
  local candidates=${PYTHON:-}
  if [ -z "$candidates" ]; then
    for v in $SUPPORTED; do candidates+=" python$v"; done
    candidates+=" python3"
  fi
  for py in $candidates; do
    supported "$py" && { echo "$py"; return; }
  done
  echo "dev.sh: no supported Python found (tried:$candidates). Cordon needs Python 3.11," \
       "3.12 or 3.13: on Debian 12 \`apt-get install python3 python3-venv\` (3.11), elsewhere install python3.13," \
       "or point PYTHON at one: PYTHON=/path/to/python3.12 ./dev.sh test" >&2
  exit 2
}

venv() {
  if [ -e .venv ] && ! supported .venv/bin/python; then  # a venv of an unsupported (or removed) Python
    echo "dev.sh: .venv was made by an unsupported or missing Python; replacing it" >&2
    rm -rf .venv
  fi
  if [ ! -x .venv/bin/python ]; then
    local py
    py=$(pick_python)
    echo "dev.sh: creating .venv with $py ($("$py" -c 'import sys; print(sys.version.split()[0])'))" >&2
    "$py" -m venv .venv
  fi
  local stamp=.venv/.cordon-installed
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ constraints.txt -nt "$stamp" ]; then
    echo "dev.sh: installing Cordon and its pinned dependencies (constraints.txt)" >&2
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e ".[gui,test]" -c constraints.txt
    touch "$stamp"
  fi
}

case "${1:-}" in
  studio)
    system_deps
    venv
    shift
    if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
      export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
      if [ "$QT_QPA_PLATFORM" = offscreen ] && [[ " $* " != *" --screenshot "* ]]; then
        echo "dev.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset): the studio runs offscreen, so no window" \
             "appears. Stop it with Ctrl+C (or: kill $$). For a window run it in a desktop session or under" \
             "\`xvfb-run -a ./dev.sh studio\`; for a picture: ./dev.sh studio --screenshot studio.png" >&2
      fi
    fi
    exec .venv/bin/cordon-studio "$@"
    ;;
  test)
    system_deps
    venv
    shift
    export QT_QPA_PLATFORM=offscreen
    exec .venv/bin/python -m pytest -q "$@"
    ;;
  cordon)
    venv
    shift
    exec .venv/bin/cordon "$@"
    ;;
  lint)
    venv
    .venv/bin/ruff check .
    .venv/bin/ruff format --check .
    .venv/bin/python .ci/mypy_baseline.py
    ;;
  fuzz)
    venv
    shift
    export QT_QPA_PLATFORM=offscreen CORDON_FUZZ_EXAMPLES=${1:-415}
    [ $# -gt 0 ] && shift
    # --timeout=0: a harness at N times its count runs for many minutes, past the suite's 120 s per test
    exec nice -n 19 .venv/bin/python -m pytest -q tests/test_fuzz.py --hypothesis-show-statistics -p no:cacheprovider --timeout=0 "$@"
    ;;
  guest)
    venv
    guest_toolchain
    PYTHON=.venv/bin/python guest/build.sh --check
    .venv/bin/python -c 'from tests.guest_harness import stock_guest; print("stock guest:", stock_guest())'  # ~30 s, once per build inputs: tests/test_guest_differential.py
    ;;
  *)
    echo "usage: ./dev.sh studio | ./dev.sh test [pytest args] | ./dev.sh lint | ./dev.sh cordon [args] | ./dev.sh guest" \
         "| ./dev.sh fuzz [N]" >&2
    exit 2
    ;;
esac
