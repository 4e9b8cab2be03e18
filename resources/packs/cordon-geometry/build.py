"""Build sandbox/geometry.wasm from sandbox/geometry.wat with wasmtime's `wat2wasm`.

Run with Cordon's Python: `python resources/packs/cordon-geometry/build.py`
(`--check` exits 1 when the committed binary differs from a fresh build).
The build then validates the binary against the pack's manifest entry exactly
as pack discovery will, so a module outside the v1 contract fails here first.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import wasmtime

HERE = Path(__file__).resolve().parent
WAT = HERE / "sandbox" / "geometry.wat"
WASM = HERE / "sandbox" / "geometry.wasm"


def build() -> bytes:
    return bytes(wasmtime.wat2wasm(WAT.read_text(encoding="utf-8")))


def validate(data: bytes) -> None:
    sys.path.insert(0, str(HERE.parents[2]))
    from core.packs.manifest import parse_entry
    from core.packs.wasm import validate_module

    manifest = json.loads((HERE / "package.json").read_text(encoding="utf-8"))
    (entry,) = [e for e in manifest["cordon"]["sandboxModules"] if e["kind"] == "wasm"]
    validated = validate_module(data, parse_entry(entry))
    print(
        f"valid: {len(data)} bytes, sha256 {validated.sha256[:16]}…, exports "
        + ", ".join(f"{name}({', '.join(sig.params)}) -> {sig.result}" for name, sig in validated.exports.items())
    )


def main(argv: list[str]) -> int:
    data = build()
    validate(data)
    if "--check" in argv:
        if not WASM.exists() or WASM.read_bytes() != data:
            print(f"{WASM.name} is stale: rebuild it with build.py", file=sys.stderr)
            return 1
        print(f"{WASM.name} is up to date")
        return 0
    WASM.write_bytes(data)
    print(f"wrote {WASM.relative_to(HERE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
