#!/usr/bin/env bash
# CI's check of the built bundle (installer/build.sh first): the bundled `cordon run` runs a body that
# uses the engine, a host pack (lxml) and the canvas (Skia), and `cordon-studio --screenshot` saves the
# studio's window offscreen. Prints the bundle's size and both start-up times; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bundle=dist/cordon-studio
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CORDON_HOME="$work/home" QT_QPA_PLATFORM=offscreen  # a throwaway state folder, no display needed
ms() { date +%s%3N; }

cat >"$work/body.js" <<'JS'
import * as html from "@nodetool-ai/sandbox-html";
const surface = createCanvas(16, 8);
surface.getContext("2d").fillRect(0, 0, 16, 8);
const png = await surface.toBytes();
return { answer: 6 * 7, text: await html.toText("<p>Hello <b>bundle</b></p>"), pngBytes: png.length };
JS
v0=$(ms)
"$bundle/cordon" --version
v1=$(ms)
t0=$(ms)
"$bundle/cordon" run --json --only-packs @nodetool-ai/sandbox-html "$work/body.js" >"$work/result.json"
t1=$(ms)
.venv/bin/python - "$work/result.json" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
assert result["ok"], result["error"]
value = result["result"]
assert value["answer"] == 42 and value["text"] == "Hello bundle" and value["pngBytes"] > 50, value
print("smoke.sh: bundled cordon run:", json.dumps(value))
PY
t2=$(ms)
"$bundle/cordon" run --json --only-packs @nodetool-ai/sandbox-html "$work/body.js" >/dev/null
t3=$(ms)
"$bundle/cordon-studio" --screenshot "$work/studio.png"
t4=$(ms)
.venv/bin/python - "$work/studio.png" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
assert len(data) > 20_000, f"the screenshot is only {len(data)} bytes"
print(f"smoke.sh: bundled cordon-studio --screenshot: a {len(data)}-byte PNG")
PY
# The outputs panel's players: Qt Multimedia and its FFmpeg plugin load only on the first Play, so check
# that every library they link is in the bundle or the system's base set (a missing one fails at Play).
qt="$bundle/_internal/PySide6"
missing=$(LD_LIBRARY_PATH="$bundle/_internal:$qt/Qt/lib" ldd "$qt/QtMultimedia.abi3.so" \
  "$qt/QtMultimediaWidgets.abi3.so" "$qt/Qt/plugins/multimedia/libffmpegmediaplugin.so" | grep "not found" || true)
[ -z "$missing" ] || { echo "smoke.sh: the media players' libraries are missing from the bundle: $missing" >&2; exit 1; }
echo "smoke.sh: Qt Multimedia and its FFmpeg plugin resolve every library in the bundle"
echo "smoke.sh: bundle $(du -sh "$bundle" | cut -f1); start-up: cordon --version $((v1 - v0)) ms;" \
     "the pack and canvas body: cordon run $((t1 - t0)) ms on a fresh state folder" \
     "(compiles the engine once), $((t3 - t2)) ms after; cordon-studio --screenshot $((t4 - t3)) ms" \
     "(start, run the welcome node, save, quit)"
