"""Re-vendor the data files of host packs from their reference npm packages (dev time only).

    python resources/packs/vendor_host.py

Needs `npm` and `node` and the npm registry. Tests never run this: they check
the committed files against the digests they record.

**sandbox-tokens**: Python's `tiktoken` fetches its rank files from the network on first use,
which a run may never do. The `js-tiktoken` npm tarball ships the same tables
(`dist/ranks/<encoding>.js`: `export default {pat_str, special_tokens,
bpe_ranks}`, the ranks as runs of base64 tokens with a starting rank). This
script takes them from the pinned version with `npm pack`, checks each against
the SHA-256 `tiktoken` itself expects of OpenAI's `.tiktoken` file (rebuilt
from the ranks: the tables are proven identical), and writes them unchanged as
JSON to `sandbox-tokens/ranks/<encoding>.json`, with `SOURCE.json` recording
the npm version, its license and each file's SHA-256.

**sandbox-exif**: exifr's tag dictionaries (names and value translations of
the IFD0, EXIF and GPS blocks it reads by default), dumped from the pinned
package by node into `sandbox-exif/exifr-tags.json`, with its version,
license and SHA-256 in `sandbox-exif/SOURCE.json`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "sandbox-tokens" / "ranks"
PACKAGE = "js-tiktoken@1.0.21"
EXIFR = "exifr@7.1.3"
EXIF_OUT = HERE / "sandbox-exif"
#: Node prints exifr's dictionaries of the blocks it parses by default as JSON.
_DUMP_EXIFR = """
const exifr = require(process.argv[1]);
const blocks = ["ifd0", "exif", "gps"];
const out = {};
for (const b of blocks) {
  out[b] = { keys: Object.fromEntries(exifr.tagKeys.get(b)), values: Object.fromEntries(exifr.tagValues.get(b) || []) };
}
process.stdout.write(JSON.stringify(out));
"""
#: tiktoken_ext.openai_public's expected_hash of each encoding's `.tiktoken` file.
TIKTOKEN_SHA256 = {
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "p50k_base": "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069",
    "r50k_base": "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930",
}


def ranks(bpe_ranks: str) -> dict[str, int]:
    """js-tiktoken's compressed table -> {base64 token: rank} (its own decoding, line for line)."""
    out: dict[str, int] = {}
    for line in filter(None, bpe_ranks.split("\n")):
        _, offset, *tokens = line.split(" ")
        for i, token in enumerate(tokens):
            out[token] = int(offset) + i
    return out


def tiktoken_file(table: dict[str, int]) -> bytes:
    """The `.tiktoken` file these ranks come from: `<base64> <rank>` per line, by rank."""
    return b"".join(f"{token} {rank}\n".encode() for token, rank in sorted(table.items(), key=lambda kv: kv[1]))


def npm_pack(spec: str, into: Path) -> Path:
    """The package tarball of `spec` (exact version), fetched with `npm pack` into `into`."""
    subprocess.run(["npm", "pack", spec, "--silent"], cwd=into, check=True, capture_output=True)
    (tarball,) = into.glob("*.tgz")
    return tarball


def tokens() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tarball = npm_pack(PACKAGE, Path(tmp))
        with tarfile.open(tarball) as archive:
            package = json.load(archive.extractfile("package/package.json"))  # type: ignore[arg-type]
            texts = {
                name: archive.extractfile(f"package/dist/ranks/{name}.js").read().decode()  # type: ignore[union-attr]
                for name in TIKTOKEN_SHA256
            }
    OUT.mkdir(parents=True, exist_ok=True)
    source: dict[str, object] = {"npm": PACKAGE, "license": package["license"], "files": {}}
    for name, text in texts.items():
        data = json.loads(text.removeprefix("export default ").rstrip().removesuffix(";"))
        table = ranks(data["bpe_ranks"])
        assert all(base64.b64decode(token) for token in table)
        got = hashlib.sha256(tiktoken_file(table)).hexdigest()
        if got != TIKTOKEN_SHA256[name]:
            raise SystemExit(f"{name}: the ranks differ from tiktoken's ({got})")
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        (OUT / f"{name}.json").write_bytes(body)
        source["files"][name] = {"bytes": len(body), "sha256": hashlib.sha256(body).hexdigest()}  # type: ignore[index]
        print(f"{name}: {len(table)} ranks, {len(body)} bytes, matches tiktoken")
    (OUT / "SOURCE.json").write_text(json.dumps(source, indent=2) + "\n")


def exif() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tarball = npm_pack(EXIFR, Path(tmp))
        with tarfile.open(tarball) as archive:
            archive.extractall(tmp, filter="data")
        package = json.loads((Path(tmp) / "package" / "package.json").read_text())
        dumped = subprocess.run(
            ["node", "-e", _DUMP_EXIFR, str(Path(tmp) / "package" / "dist" / "full.umd.cjs")],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    body = json.dumps(json.loads(dumped), ensure_ascii=False, indent=0, sort_keys=True).encode()
    (EXIF_OUT / "exifr-tags.json").write_bytes(body)
    source = {
        "npm": EXIFR,
        "license": package["license"],
        "files": {"exifr-tags.json": {"bytes": len(body), "sha256": hashlib.sha256(body).hexdigest()}},
    }
    (EXIF_OUT / "SOURCE.json").write_text(json.dumps(source, indent=2) + "\n")
    print(f"exifr-tags.json: {len(body)} bytes")


if __name__ == "__main__":
    tokens()
    exif()
