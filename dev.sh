#!/usr/bin/env bash
# Cordon's two entry points for a fresh machine:
#   ./dev.sh studio   open the studio (offscreen when there is no display)
#   ./dev.sh test     run the whole test suite
#   ./dev.sh lint     ruff check and the mypy baseline (CI runs it before the tests)
# Each sets itself up on first use: Debian's Qt runtime libraries (when root), a venv in .venv,
# and the pinned Python dependencies from pyproject.toml.
set -euo pipefail
cd "$(dirname "$0")"

QT_LIBS="libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libglib2.0-0 libxkbcommon0 \
fonts-dejavu-core libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 \
libxcb-render0 libxcb-shape0 libxcb-util1 libxcb-xkb1 libxkbcommon-x11-0 \
xvfb xauth"  # xvfb-run: the tests that drive the studio in a real X window
OCR_PKGS="tesseract-ocr tesseract-ocr-eng"  # @cordon/sandbox-ocr's engine and English data (nothing downloaded at run time)

system_deps() {
  # Qt's offscreen and X platform plugins need these shared libraries; the ocr pack needs Tesseract.
  if command -v dpkg-query >/dev/null && [ "$(id -u)" = 0 ]; then
    local missing=()
    for pkg in $QT_LIBS $OCR_PKGS; do
      dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
      echo "dev.sh: installing Debian packages (Qt runtime libraries, the OCR engine): ${missing[*]}" >&2
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
  fi
}

venv() {
  local py=${PYTHON:-python3.11}
  command -v "$py" >/dev/null || py=python3
  if [ ! -x .venv/bin/python ]; then
    echo "dev.sh: creating .venv with $py" >&2
    "$py" -m venv .venv
  fi
  local stamp=.venv/.cordon-installed
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "dev.sh: installing Cordon and its pinned dependencies" >&2
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e ".[gui,test]"
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
  lint)
    venv
    .venv/bin/ruff check .
    .venv/bin/python .ci/mypy_baseline.py
    ;;
  *)
    echo "usage: ./dev.sh studio | ./dev.sh test [pytest args] | ./dev.sh lint" >&2
    exit 2
    ;;
esac
