"""Cordon's changes to QuickJS-ng, applied by guest/build.sh: exact replacements, each asserted.

    patch_quickjs.py hashes QUICKJS_C      print the hashes of the upstream code simple_calls.c copies
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

import hashlib
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

#: Why the engine stopped a run, told to guest/cordon_guest.c as it throws: `cordon_note_stop`
#: keeps the error value and its kind (cordon_guest.c's STOP_*: 1 interrupted, 2 out of memory,
#: 3 stack overflow, 4 string too long), and the guest reports the kind with the error when that
#: very value ends the run. The host then learns why from a code, never from an error's name or
#: message: a body may throw any name and message it likes.
STOP_NOTES = (
    (
        "static JSValue JS_ThrowStackOverflow(JSContext *ctx);\n",
        "static JSValue JS_ThrowStackOverflow(JSContext *ctx);\n"
        "void cordon_note_stop(JSContext *ctx, JSValueConst value, int kind);\n",
    ),
    (
        '    JS_ThrowInternalError(ctx, "interrupted");\n'
        "    JS_SetUncatchableError(ctx, ctx->rt->current_exception);\n",
        '    JS_ThrowInternalError(ctx, "interrupted");\n'
        "    JS_SetUncatchableError(ctx, ctx->rt->current_exception);\n"
        "    cordon_note_stop(ctx, ctx->rt->current_exception, 1);\n",
    ),
    (
        '        JS_ThrowInternalError(ctx, "out of memory");\n',
        '        JS_ThrowInternalError(ctx, "out of memory");\n'
        "        cordon_note_stop(ctx, rt->current_exception, 2);\n",
    ),
    (
        '    return JS_ThrowRangeError(ctx, "Maximum call stack size exceeded");\n',
        '    JS_ThrowRangeError(ctx, "Maximum call stack size exceeded");\n'
        "    cordon_note_stop(ctx, ctx->rt->current_exception, 3);\n"
        "    return JS_EXCEPTION;\n",
    ),
    (
        '        JS_ThrowInternalError(ctx, "string too long");\n        goto fail;\n',
        '        JS_ThrowInternalError(ctx, "string too long");\n'
        "        cordon_note_stop(ctx, ctx->rt->current_exception, 4);\n"
        "        goto fail;\n",
    ),
    (
        '        JS_ThrowInternalError(s->ctx, "string too long");\n        return NULL;\n',
        '        JS_ThrowInternalError(s->ctx, "string too long");\n'
        "        cordon_note_stop(s->ctx, s->ctx->rt->current_exception, 4);\n"
        "        return NULL;\n",
    ),
)

#: A source nested too deep is a SyntaxError "nesting too deep", before it can overflow any stack.
#: QuickJS's parser recurses per nesting level and checks only the shadow stack it measures (in
#: next_token, throwing "Maximum call stack size exceeded", which the parse errors that unwinding
#: provokes then replaced: 1,529 nested functions said "missing formal parameter"). Its expression
#: paths use far more of wasmtime's native stack per level than that check assumes: 690 nested
#: arrays, 661 parentheses, 690 nested calls trapped the native stack first. So nested assignment
#: expressions are counted and bounded at PARSE_DEPTH (every expression nesting passes through one;
#: a level of `({a: …})` counts two), and the shadow-stack check of the tokenizer, which statements
#: and functions meet first (~2,700 nested blocks, ~4,000 nested ifs, ~1,500 functions), throws the
#: same SyntaxError. The first such error is kept.
PARSE_DEPTH = 400
PARSE_NESTING = (
    (
        "    bool is_module; /* parsing a module */\n    bool allow_html_comments;\n} JSParseState;\n",
        "    bool is_module; /* parsing a module */\n    bool allow_html_comments;\n"
        "    int cordon_depth; /* Cordon: nested assignment expressions being parsed */\n"
        '    bool cordon_too_deep; /* Cordon: "nesting too deep" was thrown */\n'
        "} JSParseState;\n",
    ),
    (
        "    va_start(ap, fmt);\n    JS_ThrowError2(ctx, JS_SYNTAX_ERROR, false, fmt, ap);\n",
        "    if (s->cordon_too_deep)\n        return -1;\n"
        "    va_start(ap, fmt);\n    JS_ThrowError2(ctx, JS_SYNTAX_ERROR, false, fmt, ap);\n",
    ),
    (
        "    if (js_check_stack_overflow(s->ctx->rt, 1000)) {\n"
        "        JS_ThrowStackOverflow(s->ctx);\n"
        "        return -1;\n"
        "    }\n"
        "\n"
        "    free_token(s, &s->token);\n",
        "    if (js_check_stack_overflow(s->ctx->rt, 1000)) {\n"
        '        js_parse_error(s, "nesting too deep");\n'
        "        s->cordon_too_deep = true;\n"
        "        return -1;\n"
        "    }\n"
        "\n"
        "    free_token(s, &s->token);\n",
    ),
    (
        "static __exception int js_parse_assign_expr2(JSParseState *s, int parse_flags)\n{\n",
        "static __exception int js_parse_assign_expr2_nested(JSParseState *s, int parse_flags);\n"
        "static __exception int js_parse_assign_expr2(JSParseState *s, int parse_flags)\n{\n"
        "    int ret;\n"
        f"    if (s->cordon_depth >= {PARSE_DEPTH}) {{\n"
        '        js_parse_error(s, "nesting too deep");\n'
        "        s->cordon_too_deep = true;\n"
        "        return -1;\n"
        "    }\n"
        "    s->cordon_depth++;\n"
        "    ret = js_parse_assign_expr2_nested(s, parse_flags);\n"
        "    s->cordon_depth--;\n"
        "    return ret;\n"
        "}\n\n"
        "static __exception int js_parse_assign_expr2_nested(JSParseState *s, int parse_flags)\n{\n",
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


#: A call of something that is not a function names the callee as Node does ("o.foo is not a
#: function", "f is not a function", "o[1] is not a function"): guest/callee_names.c reads the name
#: from the bytecode that loaded the callee, on the error path only, and falls back to the plain
#: "not a function" whenever that is not certain. Only a call opcode's own call is named (JS_Call
#: from C passes JS_CALL_FLAG_COPY_ARGV; the interpreters' call opcodes pass 0).
CALLEE_NAMES = (
    (
        "static JSValue JS_ThrowTypeErrorNotAFunction(JSContext *ctx)\n"
        "{\n"
        '    return JS_ThrowTypeError(ctx, "not a function");\n'
        "}\n",
        "static JSValue JS_ThrowTypeErrorNotAFunction(JSContext *ctx)\n"
        "{\n"
        '    return JS_ThrowTypeError(ctx, "not a function");\n'
        "}\n"
        "static JSValue cordon_throw_not_a_function(JSContext *ctx, JSValueConst func_obj, int argc,\n"
        "                                           JSValueConst *argv);\n",
    ),
    (
        "        not_a_function:\n            return JS_ThrowTypeErrorNotAFunction(caller_ctx);\n",
        "        not_a_function:\n"
        "            if (flags == 0)\n"
        "                return cordon_throw_not_a_function(caller_ctx, func_obj, argc, argv);\n"
        "            return JS_ThrowTypeErrorNotAFunction(caller_ctx);\n",
    ),
    (
        "static void json_free_token(JSParseState *s, JSToken *token) {\n",
        '#include "callee_names.c"\n\nstatic void json_free_token(JSParseState *s, JSToken *token) {\n',
    ),
)


#: The upstream code guest/simple_calls.c copies or relies on, by its first and last lines in the
#: pristine sources, and the sha256 of each region as it was when simple_calls.c was last checked
#: against it. A source bump that changes any of them fails the build here: a change to the frame
#: layout or the call path would otherwise compile and run wrong (JS_CallSimple lays frames out as
#: JS_CallInternal does, and JS_CallInternal takes them over mid-call). After re-reading
#: simple_calls.c against the new code, `patch_quickjs.py hashes QUICKJS_C` prints the new values.
#: What the copied opcode handlers compute is guarded by the differential tests against a stock
#: build (tests/test_guest_differential.py), not here.
UPSTREAM_REGIONS = {
    "JSStackFrame": (
        "typedef struct JSStackFrame {\n",
        "} JSStackFrame;\n",
        "cdbc5ff3b3747ea131da46435f4ded2e9040034782b3c5dde09a3de74f30f2d5",
    ),
    "JSFunctionBytecode": (
        "typedef struct JSFunctionBytecode {\n",
        "} JSFunctionBytecode;\n",
        "640342b584922f5a43e95808919ded73aa79db2c18d5ee4d2a4474b41b470943",
    ),
    "call flags": (
        "#define JS_CALL_FLAG_COPY_ARGV   (1 << 1)\n",
        "#define JS_CALL_FLAG_GENERATOR   (1 << 2)\n",
        "0b04769a1ec8b9befd04eb0e773a103cd4a0874edc96dcfab743b4149fd4a6a7",
    ),
    "stack check": (
        "static inline bool js_check_stack_overflow(JSRuntime *rt, size_t alloca_size)\n",
        "}\n",
        "f59fbfee7b36df8630ac4a4844bfaf00445dca024f0493eb592747331df6e709",
    ),
    "interrupt poll": (
        "static inline __exception int js_poll_interrupts(JSContext *ctx)\n",
        "}\n",
        "e8a84185f45819f054c83d8aaf8d2018ec55f086a39255309e5833c6b8c6c9ca",
    ),
    "frame setup": (
        "    if (js_poll_interrupts(caller_ctx))\n        return JS_EXCEPTION;\n"
        "    if (unlikely(JS_VALUE_GET_TAG(func_obj) != JS_TAG_OBJECT)) {\n",
        "\n restart:\n",
        "db8034f1ccfafdcfb8bfe29886710c993b996870ee8a4293e6c171088301067e",
    ),
    "call opcodes": (
        "        CASE(OP_call0):\n",
        "        CASE(OP_array_from):\n",
        "c02f1f3a19607464e5a129017b3bac72927bc34cdd39fde215077df485b7be71",
    ),
    "frame exit": (
        " exception:\n    if (needs_backtrace(rt->current_exception)\n",
        "    rt->current_stack_frame = sf->prev_frame;\n    return ret_val;\n}\n",
        "9340f1d75c98fa650ad9b3bbab569afe33212bdff701e5fc293e29d9319f409a",
    ),
}
#: quickjs-opcode.h as a whole: the small interpreter decodes opcodes by their numbers and sizes.
UPSTREAM_OPCODES_SHA256 = "0054b0c45fd091afa308c3fb93b5862e0b071235918d3d73e413d23fce388bbc"


def _region(text: str, start: str, end: str, what: str) -> str:
    if text.count(start) != 1:
        sys.exit(f"patch_quickjs: upstream region {what}: its first line is found {text.count(start)} times")
    at = text.index(start)
    stop = text.find(end, at + len(start))
    if stop < 0:
        sys.exit(f"patch_quickjs: upstream region {what}: its last line is gone")
    return text[at : stop + len(end)]


def upstream_hashes(path: Path) -> dict[str, str]:
    """The sha256 of each region of UPSTREAM_REGIONS in the pristine quickjs.c at `path`, and of
    quickjs-opcode.h beside it."""
    text = path.read_text()
    hashes = {
        what: hashlib.sha256(_region(text, start, end, what).encode()).hexdigest()
        for what, (start, end, _) in UPSTREAM_REGIONS.items()
    }
    hashes["quickjs-opcode.h"] = hashlib.sha256(path.with_name("quickjs-opcode.h").read_bytes()).hexdigest()
    return hashes


def check_upstream(path: Path) -> None:
    """Fail the build when code simple_calls.c copies or relies on changed upstream."""
    want = {what: sha for what, (_, _, sha) in UPSTREAM_REGIONS.items()} | {"quickjs-opcode.h": UPSTREAM_OPCODES_SHA256}
    changed = [what for what, sha in upstream_hashes(path).items() if sha != want[what]]
    if changed:
        sys.exit(
            f"patch_quickjs: upstream code guest/simple_calls.c depends on changed: {', '.join(changed)}. "
            "Re-read simple_calls.c against it (docs/design.md, 'Upgrading QuickJS-ng'), then record "
            "the new hashes (patch_quickjs.py hashes QUICKJS_C)."
        )


def print_hashes(path: Path) -> None:
    for what, sha in upstream_hashes(path).items():
        print(f"{sha}  {what}")


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
    check_upstream(path)
    patch_fixes(path)
    text = path.read_text()
    for old, new in STOP_NOTES:
        text = _replace_once(text, old, new, "stop notes")
    for old, new in COMPARE_AND_JUMP:
        text = _replace_once(text, old, new, "compare-and-jump")
    for old, new in ADD_SUB_IMMEDIATE:
        text = _replace_once(text, old, new, "add/sub immediate")
    for old, new in SIMPLE_CALLS:
        text = _replace_once(text, old, new, "simple calls")
    for old, new in PARSE_NESTING:
        text = _replace_once(text, old, new, "parse nesting")
    for old, new in CALLEE_NAMES:
        text = _replace_once(text, old, new, "callee names")
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
    path.write_text("\n".join(lines) + f"\n{DISPATCH_DONE}\n")


#: The line the dispatch step leaves in the IR it rewrote: build.sh refuses to generate code from IR
#: without it (the pipeline without this step miscompiled `**`; guest/smoke.py checks the result).
DISPATCH_DONE = "; cordon: dispatch rewritten"


if __name__ == "__main__":
    steps = {
        "hashes": print_hashes,
        "fixes": patch_fixes,
        "source": patch_source,
        "ir": patch_ir,
        "dispatch": patch_dispatch,
    }
    if len(sys.argv) != 3 or sys.argv[1] not in steps:
        sys.exit(__doc__)
    steps[sys.argv[1]](Path(sys.argv[2]))
