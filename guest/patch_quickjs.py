"""Cordon's changes to QuickJS-ng, applied by guest/build.sh: exact replacements, each asserted.

    patch_quickjs.py fixes QUICKJS_C       apply only the bug fixes, in place (the stock build)
    patch_quickjs.py source QUICKJS_C      edit the C sources in place (quickjs.c and, beside it,
                                           quickjs-opcode.h), before they are compiled
    patch_quickjs.py ir QUICKJS_LL         edit the LLVM IR of quickjs.c in place, before -O3 runs
    patch_quickjs.py dispatch QUICKJS_LL   edit the LLVM IR of quickjs.c in place, after -O3 ran

Each change fails the build if its anchor text is not found exactly once, so a source bump that
moves one is caught here, not by a guest that silently lost it. Why each change exists is in
docs/design.md ("The guest").
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

#: Bug fixes, offered upstream as they are (guest/upstream/): the stock build the differential
#: tests compare with (`guest/build.sh --stock`) applies these and nothing else.
#:
#: A Number that is not an int32 compared with a BigInt of a different magnitude: the order of the
#: magnitudes decided the result regardless of sign, so `-2.5 < -5n` was true and
#: `-1e10 < -1n` false (quickjs-ng 0.17.0 and its master). Both are negative there, so the larger
#: magnitude is the smaller value (guest/upstream/0001-bigint-float64-cmp-sign.patch).
BIGINT_FLOAT64_CMP = (
    (
        """        a_mant = js_bigint_get_mant_exp(ctx, &f, a);
        if (f != e) {
            if (f < e)
                return -1;
            else
                return 1;
        } else {
""",
        """        a_mant = js_bigint_get_mant_exp(ctx, &f, a);
        if (f != e) {
            if (f < e)
                return 2 * a_sign - 1;
            else
                return 1 - 2 * a_sign;
        } else {
""",
    ),
)

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


#: `n + 1`, `i - 2`: a small int constant added or subtracted is one opcode with the constant as its
#: operand (`add_i8` / `sub_i8`), not a push and an `add`: one dispatch less. The compiler emits it
#: where a push of an int8 is followed by `add` or `sub` with no label between (a jump to the `add`
#: would need the push). An int operand whose result fits is done in place; anything else pushes
#: the constant and runs the `add` / `sub` handler itself, so strings, floats, BigInts and objects
#: get exactly what the unfused code gives them. New opcodes are appended after the last one, so
#: no existing opcode's number changes (Cordon's bytecode cache is keyed by the guest's digest).
ADD_SUB_IMMEDIATE_OPCODES = (
    (
        "DEF( typeof_is_function, 1, 1, 1, none)\n",
        "DEF( typeof_is_function, 1, 1, 1, none)\n"
        "DEF(         add_i8, 2, 1, 1, i8)\n"
        "DEF(         sub_i8, 2, 1, 1, i8)\n",
    ),
)
ADD_SUB_IMMEDIATE = (
    (
        "        CASE(OP_add):\n            {\n",
        "        CASE(OP_add):\n        op_add_generic:\n            {\n",
    ),
    (
        "        CASE(OP_sub):\n            {\n",
        "        CASE(OP_sub):\n        op_sub_generic:\n            {\n",
    ),
    (
        "        CASE(OP_add_loc):\n",
        """        CASE(OP_add_i8):
            {
                JSValue op1 = sp[-1];
                int v = (int8_t)*pc++;
                if (likely(JS_VALUE_GET_TAG(op1) == JS_TAG_INT)) {
                    int64_t r = (int64_t)JS_VALUE_GET_INT(op1) + v;
                    sp[-1] = unlikely((int)r != r) ? js_float64(r) : js_int32(r);
                    BREAK;
                }
                *sp++ = js_int32(v);
                opcode = OP_add;
                goto op_add_generic;
            }
        CASE(OP_sub_i8):
            {
                JSValue op1 = sp[-1];
                int v = (int8_t)*pc++;
                if (likely(JS_VALUE_GET_TAG(op1) == JS_TAG_INT)) {
                    int64_t r = (int64_t)JS_VALUE_GET_INT(op1) - v;
                    sp[-1] = unlikely((int)r != r) ? js_float64(r) : js_int32(r);
                    BREAK;
                }
                *sp++ = js_int32(v);
                opcode = OP_sub;
                goto op_sub_generic;
            }
        CASE(OP_add_loc):
""",
    ),
    (
        """            if (code_match(&cc, pos_next, M2(OP_if_false, OP_if_true), -1)) {
                val = (val != 0);
                goto has_constant_test;
            }
            add_pc2line_info(s, bc_out.size, line_num, col_num);
            push_short_int(&bc_out, val);
            break;
""",
        """            if (code_match(&cc, pos_next, M2(OP_if_false, OP_if_true), -1)) {
                val = (val != 0);
                goto has_constant_test;
            }
            /* transform i32(val) add/sub, val an int8 -> add_i8/sub_i8(val) */
            if (val == (int8_t)val
            &&  code_match(&cc, pos_next, M2(OP_add, OP_sub), -1)) {
                if (cc.line_num >= 0) line_num = cc.line_num;
                if (cc.col_num >= 0) col_num = cc.col_num;
                add_pc2line_info(s, bc_out.size, line_num, col_num);
                dbuf_putc(&bc_out, cc.op == OP_add ? OP_add_i8 : OP_sub_i8);
                dbuf_putc(&bc_out, val);
                pos_next = cc.pos;
                break;
            }
            add_pc2line_info(s, bc_out.size, line_num, col_num);
            push_short_int(&bc_out, val);
            break;
""",
    ),
)


#: Simple functions run in a small interpreter of their own (guest/simple_calls.c, which says why):
#: the interpreter's call opcodes run a simple callee there; JS_CallInternal learns to take over a
#: frame the small one set up (JS_CALL_FLAG_CONTINUE, and _THROW to unwind it from an exception);
#: each function's bytecode caches whether it is simple.
_CALL_PLAIN = (
    "                ret_val = JS_CallInternal(ctx, call_argv[-1], JS_UNDEFINED,\n"
    "                                          JS_UNDEFINED, call_argc,\n"
    "                                          vc(call_argv), 0);\n"
)
_CALL_METHOD = (
    "                ret_val = JS_CallInternal(ctx, call_argv[-1], call_argv[-2],\n"
    "                                          JS_UNDEFINED, call_argc,\n"
    "                                          vc(call_argv), 0);\n"
)
SIMPLE_CALLS = (
    (
        "#define JS_CALL_FLAG_GENERATOR   (1 << 2)\n",
        "#define JS_CALL_FLAG_GENERATOR   (1 << 2)\n"
        "#define JS_CALL_FLAG_CONTINUE       (1 << 5)\n"
        "#define JS_CALL_FLAG_CONTINUE_THROW (1 << 6)\n"
        "static inline bool cordon_is_simple_call(JSValueConst func_obj, int argc);\n"
        "static no_inline JSValue JS_CallSimple(JSContext *caller_ctx, JSValueConst func_obj,\n"
        "                             JSValueConst this_obj, JSValueConst new_target,\n"
        "                             int argc, JSValueConst *argv);\n",
    ),
    (
        "    uint8_t backtrace_barrier : 1; /* stop backtrace on this function */\n",
        "    uint8_t backtrace_barrier : 1; /* stop backtrace on this function */\n"
        "    uint8_t cordon_simple : 2; /* Cordon: CORDON_SIMPLE_*, see guest/simple_calls.c */\n",
    ),
    (
        """    if (js_poll_interrupts(caller_ctx))
        return JS_EXCEPTION;
    if (unlikely(JS_VALUE_GET_TAG(func_obj) != JS_TAG_OBJECT)) {
        if (flags & JS_CALL_FLAG_GENERATOR) {
""",
        """    if (unlikely(flags & JS_CALL_FLAG_CONTINUE)) {
        /* JS_CallSimple (guest/simple_calls.c) set this frame up, copying no arguments, and ran
           it up to sf->cur_pc */
        sf = rt->current_stack_frame;
        p = JS_VALUE_GET_OBJ(func_obj);
        b = p->u.func.function_bytecode;
        ctx = b->realm;
        var_refs = p->u.func.var_refs;
        local_buf = var_buf = sf->var_buf;
        arg_buf = sf->arg_buf;
        stack_buf = var_buf + b->var_count;
        sp = sf->cur_sp;
        pc = sf->cur_pc;
        if (flags & JS_CALL_FLAG_CONTINUE_THROW)
            goto exception;
        goto restart;
    }
    if (js_poll_interrupts(caller_ctx))
        return JS_EXCEPTION;
    if (unlikely(JS_VALUE_GET_TAG(func_obj) != JS_TAG_OBJECT)) {
        if (flags & JS_CALL_FLAG_GENERATOR) {
""",
    ),
    (
        _CALL_PLAIN,
        "                if (cordon_is_simple_call(call_argv[-1], call_argc))\n"
        "                    ret_val = JS_CallSimple(ctx, call_argv[-1], JS_UNDEFINED,\n"
        "                                            JS_UNDEFINED, call_argc, vc(call_argv));\n"
        "                else\n" + _CALL_PLAIN.replace("                ret_val", "                    ret_val", 1),
    ),
    (
        _CALL_METHOD,
        "                if (cordon_is_simple_call(call_argv[-1], call_argc))\n"
        "                    ret_val = JS_CallSimple(ctx, call_argv[-1], call_argv[-2],\n"
        "                                            JS_UNDEFINED, call_argc, vc(call_argv));\n"
        "                else\n" + _CALL_METHOD.replace("                ret_val", "                    ret_val", 1),
    ),
    (
        "#define short_opcode_info(op)           \\\n"
        "    opcode_info[(op) >= OP_TEMP_START ? \\\n"
        "                (op) + (OP_TEMP_END - OP_TEMP_START) : (op)]\n",
        "#define short_opcode_info(op)           \\\n"
        "    opcode_info[(op) >= OP_TEMP_START ? \\\n"
        "                (op) + (OP_TEMP_END - OP_TEMP_START) : (op)]\n"
        "\n"
        '#include "simple_calls.c"\n',
    ),
)


def _replace_once(text: str, old: str, new: str, what: str) -> str:
    if text.count(old) != 1:
        sys.exit(f"patch_quickjs: {what}: anchor found {text.count(old)} times, expected once")
    return text.replace(old, new)


def patch_fixes(path: Path) -> None:
    """Apply only the bug fixes (the stock build's one change to upstream's sources)."""
    text = path.read_text()
    for old, new in BIGINT_FLOAT64_CMP:
        text = _replace_once(text, old, new, "bigint/float64 comparison")
    path.write_text(text)


def patch_source(path: Path) -> None:
    patch_fixes(path)
    text = path.read_text()
    for old, new in OOM_COUNT:
        text = _replace_once(text, old, new, "out-of-memory count")
    for old, new in COMPARE_AND_JUMP:
        text = _replace_once(text, old, new, "compare-and-jump")
    for old, new in ADD_SUB_IMMEDIATE:
        text = _replace_once(text, old, new, "add/sub immediate")
    for old, new in SIMPLE_CALLS:
        text = _replace_once(text, old, new, "simple calls")
    path.write_text(text)
    opcodes = path.with_name("quickjs-opcode.h")
    text = opcodes.read_text()
    for old, new in ADD_SUB_IMMEDIATE_OPCODES:
        text = _replace_once(text, old, new, "add/sub immediate opcodes")
    opcodes.write_text(text)


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


def patch_dispatch(path: Path) -> None:
    """Make JS_CallInternal's dispatch a switch on the opcode, not a jump through `dispatch_table`.

    WebAssembly has no computed goto: LLVM turns every `blockaddress` into a small integer and the
    one `indirectbr` into a `br_table` on the integer loaded from the table. Each opcode dispatch so
    loads twice in a row before it can jump (the opcode, then its table entry). The table is a
    constant, so after -O3 this rewrites the `indirectbr` into a `switch` on the opcode itself,
    with the table's targets as its cases: the same jumps, one load fewer. With the immediate
    add/sub above, fib(27) ran ~5% faster (docs/design.md, "CPU-bound code").
    """
    lines = path.read_text().split("\n")
    table = [i for i, line in enumerate(lines) if line.startswith("@JS_CallInternal.dispatch_table = ")]
    branches = [i for i, line in enumerate(lines) if line.lstrip().startswith("indirectbr ")]
    if len(table) != 1 or len(branches) != 1:
        sys.exit(f"patch_quickjs: expected one dispatch table and one indirectbr, found {len(table)}, {len(branches)}")
    targets = re.findall(r"blockaddress\(@JS_CallInternal, %([^)]+)\)", lines[table[0]])
    if len(targets) != 256:
        sys.exit(f"patch_quickjs: the dispatch table has {len(targets)} entries, expected 256")
    at = branches[0]
    gep = re.fullmatch(
        r"\s*(%\S+) = getelementptr inbounds \[256 x ptr\], ptr @JS_CallInternal\.dispatch_table, "
        r"i32 0, i32 (%\S+)",
        lines[at - 2],
    )
    load = gep and re.fullmatch(rf"\s*(%\S+) = load ptr, ptr {re.escape(gep.group(1))}, align \d+", lines[at - 1])
    if not gep or not load or not lines[at].lstrip().startswith(f"indirectbr ptr {load.group(1)}, "):
        sys.exit("patch_quickjs: the dispatch is not a table load followed by its indirectbr")
    block = next(m.group(1) for i in range(at, 0, -1) if (m := re.match(r"^([\w.$-]+):", lines[i])))
    default = targets[255]  # the table's tail past the last opcode: OP_invalid's handler
    cases = [(op, target) for op, target in enumerate(targets) if target != default]
    edges = Counter(target for _, target in cases) + Counter([default])
    lines[at - 2 : at + 1] = [
        f"  switch i32 {gep.group(2)}, label %{default} ["
        + " ".join(f"i32 {op}, label %{target}" for op, target in cases)
        + "]"
    ]
    del lines[table[0]]  # its blockaddresses are used nowhere else, and wasm cannot relocate them
    # A phi has one entry per incoming edge: a handler several opcodes share now has several.
    first = next(i for i in range(at, 0, -1) if lines[i].startswith("define "))
    last = lines.index("}", at)
    starts = {m.group(1): i for i in range(first, last) if (m := re.match(r"^([\w.$-]+):", lines[i]))}
    for target, count in edges.items():
        i = starts[target] + 1
        while count > 1 and " = phi " in lines[i]:
            entry = re.findall(r"\[ [^\[\]]+?, %" + re.escape(block) + r" \]", lines[i])
            if len(entry) != 1:
                sys.exit(f"patch_quickjs: a phi in %{target} has {len(entry)} entries from the dispatch")
            lines[i] += f", {entry[0]}" * (count - 1)
            i += 1
    if any("@JS_CallInternal.dispatch_table" in line for line in lines):
        sys.exit("patch_quickjs: the dispatch table is still used")
    path.write_text("\n".join(lines))


if __name__ == "__main__":
    steps = {"fixes": patch_fixes, "source": patch_source, "ir": patch_ir, "dispatch": patch_dispatch}
    if len(sys.argv) != 3 or sys.argv[1] not in steps:
        sys.exit(__doc__)
    steps[sys.argv[1]](Path(sys.argv[2]))
