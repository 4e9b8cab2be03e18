"""Re-vendor the Node-builtin polyfills Cordon's npm compiler serves (development time only).

    python resources/npm-polyfills/vendor.py

Needs `npm` and the npm registry. Installs the exact versions package.json and
package-lock.json pin (`npm ci --ignore-scripts`: no install script runs; the
lockfile keeps each package's integrity, not its download address) and drops
the packages' own test folders. The result is committed; Cordon reads
these files at install time of a pack and never downloads anything. Each
package keeps its upstream LICENSE. Which builtin maps to which package is
`core/packs/npm/polyfills.py`; why these packages: docs/packs.md.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: Test folders the packages publish beside their package.json: not code the compiler may serve.
TEST_FOLDERS = ("test", "tests")


def main() -> None:
    subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    for manifest in sorted((HERE / "node_modules").rglob("package.json")):
        for name in TEST_FOLDERS:
            shutil.rmtree(manifest.parent / name, ignore_errors=True)
    # Dotfiles (npm's .package-lock.json, the packages' .travis.yml, .github/...) are no code the compiler
    # serves, and the wheel's package data leaves dotfiles out: a vendored copy with them is not the shipped one.
    for path in sorted((HERE / "node_modules").rglob(".*"), reverse=True):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()


if __name__ == "__main__":
    main()
