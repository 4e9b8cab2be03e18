"""Seed small bugs into Cordon's guest and show the differential tests catch every one.

    .venv/bin/python guest/mutate.py               every mutant (~1 min each: a guest build and the tests)
    .venv/bin/python guest/mutate.py --sample 2    two mutants picked by today's date (CI), or --seed N
    .venv/bin/python guest/mutate.py NAME ...      the mutants named

Each mutant is one exact edit of guest/simple_calls.c or guest/patch_quickjs.py (asserted to match
once), made in a copy of guest/; the copy's build.sh builds it (`--out`), and
tests/test_guest_differential.py runs with it as the guest under test against a stock build. A
mutant is killed when those tests fail. The list holds the bugs a second interpreter and fused
opcodes are most likely to get wrong, two of which once passed test262, quickjs-ng's own tests and
Cordon's interpreter tests. Exits 1 if any mutant survives.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TESTS = ["tests/test_guest_differential.py"]


class Mutant(NamedTuple):
    name: str
    file: str
    old: str
    new: str


_OVERFLOW = "                if (unlikely((int)r != r))\n                    goto handover;\n"
MUTANTS = (
    Mutant(
        "add-sub-mul-wrap",  # int32 overflow of add/sub/mul wraps instead of handing over
        "simple_calls.c",
        _OVERFLOW + "                sp[-2] = js_int32(r);\n",
        "                sp[-2] = js_int32(r);\n",
    ),
    Mutant(
        "add-sub-i8-wrap",
        "simple_calls.c",
        _OVERFLOW + "                sp[-1] = js_int32(r);\n                pc += 2;\n",
        "                sp[-1] = js_int32(r);\n                pc += 2;\n",
    ),
    Mutant(
        "inc-dec-wrap",
        "simple_calls.c",
        _OVERFLOW + "                if (op == OP_inc || op == OP_dec)\n",
        "                if (op == OP_inc || op == OP_dec)\n",
    ),
    Mutant(
        "inc-dec-loc-wrap",
        "simple_calls.c",
        _OVERFLOW + "                *pv = js_int32(r);\n",
        "                *pv = js_int32(r);\n",
    ),
    Mutant(
        "mul-plus-zero",  # an int product that should be -0 (-1 * 0) is +0
        "simple_calls.c",
        "                    if (r == 0 && (JS_VALUE_GET_INT(op1) | JS_VALUE_GET_INT(op2)) < 0)\n"
        "                        goto handover; /* -0 */\n",
        "",
    ),
    Mutant(
        "fused-lt-off-by-one",  # the small interpreter's `<` (and its fused jump) is `<=`
        "simple_calls.c",
        "        CORDON_INT_CMP(OP_lt, <)\n",
        "        CORDON_INT_CMP(OP_lt, <=)\n",
    ),
    Mutant(
        "full-fused-compare-off-by-one",  # the full interpreter's compare-and-jump compares with b + 1
        "patch_quickjs.py",
        "int res = JS_VALUE_GET_INT(op1) binary_op JS_VALUE_GET_INT(op2);",
        "int res = JS_VALUE_GET_INT(op1) binary_op JS_VALUE_GET_INT(op2) + 1;",
    ),
    Mutant(
        "full-add-i8-wrap",  # the full interpreter's add_i8 wraps
        "patch_quickjs.py",
        "int64_t r = (int64_t)JS_VALUE_GET_INT(op1) + v;\n"
        "                    sp[-1] = unlikely((int)r != r) ? js_float64(r) : js_int32(r);\n",
        "int64_t r = (int64_t)JS_VALUE_GET_INT(op1) + v;\n                    sp[-1] = js_int32(r);\n",
    ),
    Mutant(
        "goto-skips-interrupt-poll",
        "simple_calls.c",
        "            pc += 1 + (int8_t)pc[1];\n"
        "            if (unlikely(js_poll_interrupts(ctx)))\n"
        "                goto exception;\n",
        "            pc += 1 + (int8_t)pc[1];\n",
    ),
    Mutant(
        "tail-call-frame-drops-an-argument",  # a tail call's callee frame is one argument short
        "simple_calls.c",
        "                                    JS_UNDEFINED, call_argc, vc(call_argv));\n",
        "                                    JS_UNDEFINED, call_argc - (op == OP_tail_call && call_argc > 0),\n"
        "                                    vc(call_argv));\n",
    ),
)


def _stock(work: Path) -> Path:
    given = os.environ.get("CORDON_STOCK_GUEST")
    if given:
        return Path(given)
    out = work / "stock.wasm"
    subprocess.run([str(HERE / "build.sh"), "--stock", str(out)], check=True, capture_output=True)
    return out


def _build(mutant: Mutant, work: Path) -> tuple[Path, str]:
    """Build the mutant; also says whether build.sh's own smoke check (guest/smoke.py) caught it
    (the guest is written before that check runs, so the tests still run on it)."""
    copy = work / mutant.name / "guest"
    shutil.copytree(HERE, copy, ignore=shutil.ignore_patterns("__pycache__", "upstream"))
    target = copy / mutant.file
    text = target.read_text()
    if text.count(mutant.old) != 1:
        sys.exit(f"mutate: {mutant.name}: its anchor is found {text.count(mutant.old)} times in {mutant.file}")
    target.write_text(text.replace(mutant.old, mutant.new))
    out = work / f"{mutant.name}.wasm"
    build = subprocess.run([str(copy / "build.sh"), "--out", str(out)], capture_output=True, text=True)
    if build.returncode == 0:
        return out, ""
    if "smoke: " in build.stderr and out.exists():
        return out, "build.sh's smoke check failed too; "
    sys.exit(f"mutate: {mutant.name} did not build:\n{build.stderr}")


def _killed(wasm: Path, stock: Path) -> tuple[bool, str]:
    """Run the differential tests on the mutant: killed when they fail (exit 1); any other exit
    (a collection error, an interrupted run) is no kill."""
    env = {**os.environ, "CORDON_GUEST_UNDER_TEST": str(wasm), "CORDON_STOCK_GUEST": str(stock)}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    failed = [line.split("::")[-1].split(" ")[0] for line in run.stdout.splitlines() if line.startswith("FAILED")]
    return run.returncode == 1, ", ".join(failed) or run.stdout.strip().splitlines()[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="mutants to run (default: all)")
    parser.add_argument("--sample", type=int, help="run this many mutants, picked by --seed")
    parser.add_argument("--seed", type=int, default=int(datetime.date.today().strftime("%Y%m%d")))
    args = parser.parse_args()
    by_name = {m.name: m for m in MUTANTS}
    unknown = [n for n in args.names if n not in by_name]
    if unknown:
        sys.exit(f"mutate: no mutant {', '.join(unknown)}; known: {', '.join(by_name)}")
    chosen = [by_name[n] for n in args.names] or list(MUTANTS)
    if args.sample:
        chosen = random.Random(args.seed).sample(chosen, min(args.sample, len(chosen)))
        print(f"mutate: a sample of {len(chosen)} (seed {args.seed})")
    os.environ.setdefault("PYTHON", sys.executable)
    survived = 0
    with tempfile.TemporaryDirectory(prefix="cordon-mutants-") as tmp:
        work = Path(tmp)
        stock = _stock(work)
        for mutant in chosen:
            start = time.monotonic()
            wasm, smoke = _build(mutant, work)
            killed, detail = _killed(wasm, stock)
            detail = smoke + detail
            survived += not killed
            verdict = "killed" if killed else "SURVIVED"
            print(f"{mutant.name:36} {verdict:8} {time.monotonic() - start:5.0f} s  {detail}", flush=True)
    print(f"mutate: {len(chosen) - survived} of {len(chosen)} mutants killed")
    return 1 if survived else 0


if __name__ == "__main__":
    raise SystemExit(main())
