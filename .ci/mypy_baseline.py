"""Type errors under core/ may only go down: mypy's count against the committed baseline.

Run by `./dev.sh lint` (and so by CI). The codebase predates the type checker, so
a zero target would block every change; instead the count in `.ci/mypy-baseline`
is a ceiling. Above it: fix what you added. Below it: lower the number in the
same commit, so the gain is kept.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / ".ci" / "mypy-baseline"


def main() -> int:
    done = subprocess.run([sys.executable, "-m", "mypy", "core"], cwd=ROOT, capture_output=True, text=True)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    if done.returncode not in (0, 1) or not summary.startswith(("Found", "Success")):
        print(f"mypy did not run: {done.stderr or done.stdout}", file=sys.stderr)
        return 2
    found = re.match(r"Found (\d+) errors?", summary)
    count = int(found.group(1)) if found else 0
    ceiling = int(BASELINE.read_text().strip())
    if count > ceiling:
        print(done.stdout, end="")
        print(f"mypy: {count} errors in core/, the baseline allows {ceiling}: fix the new ones", file=sys.stderr)
        return 1
    if count < ceiling:
        print(
            f"mypy: {count} errors in core/, below the baseline of {ceiling}: "
            f"write {count} to .ci/mypy-baseline to keep the gain"
        )
    else:
        print(f"mypy: {count} errors in core/ (baseline {ceiling})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
