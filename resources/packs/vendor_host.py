"""Re-vendor sandbox-tokens' BPE rank tables from the js-tiktoken npm package (dev time only).

    python resources/packs/vendor_tokens.py

Python's `tiktoken` fetches its rank files from the network on first use,
which a run may never do. The `js-tiktoken` npm tarball ships the same tables
(`dist/ranks/<encoding>.js`: `export default {pat_str, special_tokens,
bpe_ranks}`, the ranks as runs of base64 tokens with a starting rank). This
script takes them from the pinned version with `npm pack`, checks each against
the SHA-256 `tiktoken` itself expects of OpenAI's `.tiktoken` file (rebuilt
from the ranks: the tables are proven identical), and writes them unchanged as
JSON to `sandbox-tokens/ranks/<encoding>.json`, with `SOURCE.json` recording
the npm version, its license and each file's SHA-256 (tests check the
committed files against it). Tests never run this.
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


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True, capture_output=True)
        (tarball,) = Path(tmp).glob("*.tgz")
        with tarfile.open(tarball) as archive:
            package = json.load(archive.extractfile("package/package.json"))  # type: ignore[arg-type]
            texts = {name: archive.extractfile(f"package/dist/ranks/{name}.js").read().decode()  # type: ignore[union-attr]
                     for name in TIKTOKEN_SHA256}
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


if __name__ == "__main__":
    main()
