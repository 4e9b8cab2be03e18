"""Cordon's changes to QuickJS-ng, applied by guest/build.sh: exact replacements, each asserted.

    patch_quickjs.py source QUICKJS_C   edit the C source in place (before it is compiled)
    patch_quickjs.py ir QUICKJS_LL      edit the LLVM IR of quickjs.c in place (before -O3 runs)

Each change fails the build if its anchor text is not found exactly once, so a source bump that
moves one is caught here, not by a guest that silently lost it. Why each change exists is in
docs/design.md ("The guest").
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

#: Count out-of-memory errors, so the guest can name one even when the heap had no room left for
#: the error object (QuickJS then throws null).
OOM_COUNT = (
    (
        "\nJSValue JS_ThrowOutOfMemory(JSContext *ctx)\n",
        "\nextern int cordon_oom_hits;\nJSValue JS_ThrowOutOfMemory(JSContext *ctx)\n",
    ),
    (
        "\n        rt->in_out_of_memory = true;\n",
        "\n        rt->in_out_of_memory = true;\n        cordon_oom_hits++;\n",
    ),
)

#: An int comparison followed by the short conditional jump the compiler put after it (`i < n` in a
#: loop or an `if`) takes the jump itself: one dispatch less, and no boolean pushed and popped. The
#: jump still polls for interrupts, as `OP_if_false8` / `OP_if_true8` do.
COMPARE_AND_JUMP = (
    (
        "                if (likely(JS_VALUE_IS_BOTH_INT(op1, op2))) {           \\\n"
        "                    sp[-2] = js_bool(JS_VALUE_GET_INT(op1) binary_op JS_VALUE_GET_INT(op2)); \\\n"
        "                    sp--;                                               \\\n",
        "                if (likely(JS_VALUE_IS_BOTH_INT(op1, op2))) {           \\\n"
        "                    int res = JS_VALUE_GET_INT(op1) binary_op JS_VALUE_GET_INT(op2); \\\n"
        "                    if (*pc == OP_if_false8 || *pc == OP_if_true8) {    \\\n"
        "                        int8_t diff = (int8_t)pc[1];                    \\\n"
        "                        sp -= 2;                                        \\\n"
        "                        if (res == (*pc == OP_if_true8))                \\\n"
        "                            pc += 1 + diff;                             \\\n"
        "                        else                                            \\\n"
        "                            pc += 2;                                    \\\n"
        "                        if (unlikely(js_poll_interrupts(ctx)))          \\\n"
        "                            goto exception;                             \\\n"
        "                        BREAK;                                          \\\n"
        "                    }                                                   \\\n"
        "                    sp[-2] = js_bool(res);                              \\\n"
        "                    sp--;                                               \\\n",
    ),
)


def _replace_once(text: str, old: str, new: str, what: str) -> str:
    if text.count(old) != 1:
        sys.exit(f"patch_quickjs: {what}: anchor found {text.count(old)} times, expected once")
    return text.replace(old, new)


def patch_source(path: Path) -> None:
    text = path.read_text()
    for old, new in OOM_COUNT:
        text = _replace_once(text, old, new, "out-of-memory count")
    for old, new in COMPARE_AND_JUMP:
        text = _replace_once(text, old, new, "compare-and-jump")
    path.write_text(text)


def patch_ir(path: Path) -> None:
    """Mark JS_CallInternal's dispatch loop `llvm.licm.disable`.

    The interpreter is one function whose every opcode handler jumps back to one dispatch block
    (the computed goto), so that block heads one loop holding all of them. LLVM's loop-invariant
    code motion lifts every address and constant any handler computes from the frame into that
    loop's preheader, which runs once per JavaScript call; there they outnumber the registers and
    Cranelift spills them, so each call stored ~100 values it mostly never read back (fib(27):
    ~5% of its time). Left in their handlers, they cost only where they are used.
    """
    text = path.read_text()
    start = text.index("define internal i64 @JS_CallInternal(")
    end = text.index("\n}\n", start)
    body = text[start:end]
    labels = re.findall(r"\n(\d+):[^\n]*\n\s*%\d+ = phi ptr [^\n]*\n\s*indirectbr ptr ", body)
    if len(labels) != 1:
        sys.exit(f"patch_quickjs: expected one computed-goto dispatch block, found {len(labels)}")
    latch = f"br label %{labels[0]}\n"
    if body.count(latch) < 100:
        sys.exit(f"patch_quickjs: the dispatch block has {body.count(latch)} back edges, expected hundreds")
    loop_id = max(int(n) for n in re.findall(r"!(\d+)\b", text)) + 1
    body = body.replace(latch, f"br label %{labels[0]}, !llvm.loop !{loop_id}\n")
    text = (
        text[:start]
        + body
        + text[end:]
        + f'\n!{loop_id} = distinct !{{!{loop_id}, !{loop_id + 1}}}\n!{loop_id + 1} = !{{!"llvm.licm.disable"}}\n'
    )
    path.write_text(text)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("source", "ir"):
        sys.exit(__doc__)
    (patch_source if sys.argv[1] == "source" else patch_ir)(Path(sys.argv[2]))
