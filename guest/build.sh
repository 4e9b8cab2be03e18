#!/bin/sh
# Build Cordon's guest: QuickJS-ng 0.17.0 + guest/cordon_guest.c -> core/guest/cordon_guest.wasm,
# a wasm32-wasi reactor. The sources come from the PyPI sdist quickjs-ng==0.17.0.2, pinned by hash.
#
#   guest/build.sh                 rebuild core/guest/cordon_guest.wasm
#   guest/build.sh --check         rebuild into a temp file and fail unless the bytes equal the shipped ones
#   guest/build.sh --out FILE      build Cordon's guest into FILE (a mutant's build: guest/mutate.py)
#   guest/build.sh --stock FILE    build the same sdist with none of Cordon's interpreter changes into
#                                  FILE: only the bug fixes Cordon offers upstream (patch_quickjs.py
#                                  fixes) and the export surface the host drives. The reference the
#                                  differential tests compare Cordon's guest with (tests/test_guest_differential.py)
#
# Toolchain (Debian 12 bookworm main):
#   apt-get install -y --no-install-recommends clang-19 lld-19 libclang-rt-19-dev-wasm32 wasi-libc
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
SHIPPED="$ROOT/core/guest/cordon_guest.wasm"
SDIST=quickjs_ng-0.17.0.2.tar.gz
SDIST_SHA256=43d2e48272208721a7aaea8e3f02d4b9318f12ef20cc4f5421b59d9a470706ef
CC=${CC:-clang-19}
WASI_INC=${WASI_INC:-/usr/include/wasm32-wasi}
PYTHON=${PYTHON:-python3}  # with wasmtime installed (the venv's): guest/smoke.py runs each build
export SOURCE_DATE_EPOCH=0 LC_ALL=C TZ=UTC

OUT="$SHIPPED"
STOCK=0
case "${1:-}" in
  "") ;;
  --check) OUT=$(mktemp --suffix=.wasm) ;;
  --out) OUT=${2:?--out needs a file} ;;
  --stock) OUT=${2:?--stock needs a file}; STOCK=1 ;;
  *) echo "usage: guest/build.sh [--check | --out FILE | --stock FILE]" >&2; exit 2 ;;
esac

# A build folder of its own, so builds can run side by side (stock, mutants, the check); the paths
# compiled in are mapped to /build (-ffile-prefix-map) and the IR's module names are fixed below,
# so the folder's name never reaches the output.
WORK=$(mktemp -d /tmp/cordon-guest-build.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/dl"
printf 'quickjs-ng==0.17.0.2 --hash=sha256:%s\n' "$SDIST_SHA256" > "$WORK/req.txt"
"$PYTHON" -m pip download --quiet --no-deps --no-binary :all: --require-hashes -r "$WORK/req.txt" -d "$WORK/dl"
echo "$SDIST_SHA256  $WORK/dl/$SDIST" | sha256sum -c --quiet
tar -xzf "$WORK/dl/$SDIST" -C "$WORK"
SRC="$WORK/quickjs_ng-0.17.0.2/upstream-quickjs"
cp "$HERE/cordon_guest.c" "$HERE/simple_calls.c" "$HERE/callee_names.c" "$SRC/"
# -nostdlibinc: clang would otherwise fall back to glibc's /usr/include for a header wasi-libc lacks.
CFLAGS="--target=wasm32-wasi -nostdlibinc -isystem $WASI_INC -O3 -D_GNU_SOURCE -DNDEBUG \
  -fno-strict-aliasing -funsigned-char -ffile-prefix-map=$WORK=/build -Wno-implicit-fallthrough \
  -Wno-sign-compare -Wno-unused-parameter"
if [ "$STOCK" = 1 ]; then
  # Upstream's interpreter as upstream builds it: one plain -O3 compile, no IR steps.
  "$PYTHON" "$HERE/patch_quickjs.py" fixes "$SRC/quickjs.c"
  OBJS=""
  for f in quickjs libregexp libunicode dtoa cordon_guest; do
    $CC $CFLAGS -I"$SRC" -c "$SRC/$f.c" -o "$WORK/$f.o"
    OBJS="$OBJS $WORK/$f.o"
  done
  $CC --target=wasm32-wasi -mexec-model=reactor -O3 $OBJS -o "$OUT" -lm \
    -Wl,-z,stack-size=1048576 -Wl,--stack-first -Wl,--strip-all -Wl,--no-entry
  "$PYTHON" "$HERE/smoke.py" "$OUT"
  echo "wrote the stock guest $OUT ($(wc -c < "$OUT") bytes)"
  exit 0
fi
# Cordon's changes to QuickJS-ng (each asserted; why, in docs/design.md "The guest").
"$PYTHON" "$HERE/patch_quickjs.py" source "$SRC/quickjs.c"
OBJS=""
# quickjs.c goes through LLVM IR: its interpreter loop gets a loop hint before -O3 runs, and its
# dispatch becomes a switch on the opcode after -O3 ran, before code generation.
$CC $CFLAGS -I"$SRC" -Xclang -disable-llvm-passes -S -emit-llvm "$SRC/quickjs.c" -o "$WORK/quickjs.ll"
"$PYTHON" "$HERE/patch_quickjs.py" ir "$WORK/quickjs.ll"
$CC --target=wasm32-wasi -O3 -Wno-override-module -S -emit-llvm "$WORK/quickjs.ll" -o "$WORK/quickjs.opt.ll"
"$PYTHON" "$HERE/patch_quickjs.py" dispatch "$WORK/quickjs.opt.ll"
grep -qx '; cordon: dispatch rewritten' "$WORK/quickjs.opt.ll" || { echo "build.sh: the dispatch step did not run" >&2; exit 1; }
$CC --target=wasm32-wasi -O3 -Xclang -disable-llvm-passes -Wno-override-module -c "$WORK/quickjs.opt.ll" -o "$WORK/quickjs.o"
OBJS="$WORK/quickjs.o"
for f in libregexp libunicode dtoa cordon_guest; do
  $CC $CFLAGS -I"$SRC" -c "$SRC/$f.c" -o "$WORK/$f.o"
  OBJS="$OBJS $WORK/$f.o"
done
# --stack-first: a shadow-stack overflow runs off address 0 and traps instead of writing over data.
$CC --target=wasm32-wasi -mexec-model=reactor -O3 $OBJS -o "$OUT" -lm \
  -Wl,-z,stack-size=1048576 -Wl,--stack-first -Wl,--strip-all -Wl,--no-entry
# Run it: a build that links can still answer wrong (guest/smoke.py says which miscompile it caught).
"$PYTHON" "$HERE/smoke.py" "$OUT"

if [ "${1:-}" = "--out" ]; then
  echo "wrote $OUT ($(wc -c < "$OUT") bytes)"
elif [ "$OUT" != "$SHIPPED" ]; then
  if cmp -s "$OUT" "$SHIPPED"; then echo "guest rebuild is identical: $(sha256sum "$OUT" | cut -d' ' -f1)"; rm -f "$OUT"
  else echo "guest rebuild differs from $SHIPPED" >&2; rm -f "$OUT"; exit 1; fi
else
  echo "wrote $OUT ($(wc -c < "$OUT") bytes, sha256 $(sha256sum "$OUT" | cut -d' ' -f1))"
fi
