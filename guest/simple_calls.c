/* Cordon's small interpreter for simple functions (included into quickjs.c by
   guest/patch_quickjs.py, after `short_opcode_info`; why: docs/design.md, "CPU-bound code").

   QuickJS runs every bytecode function in one ~27,000-instruction interpreter function,
   JS_CallInternal. Under wasmtime, Cranelift allocates
   registers for that function as a whole: each call stores ~35 loop-carried values to its frame
   before the first opcode, and pc and sp live in stack slots. A function whose opcodes are all
   among the few below (locals, arguments, closure reads, small ints, int arithmetic and
   comparisons, jumps, calls, returns: recursion and numeric loops) runs here instead, in a
   function small enough for its values to stay in registers.

   The full interpreter's plain call opcodes (call0..3, call, tail_call, call_method) choose
   (cordon_is_simple_call): a simple callee runs in JS_CallSimple, every other one in
   JS_CallInternal as before, so calls of other functions pay one check and no extra frame. The
   small interpreter's own calls go to JS_CallSimple, which checks its callee itself and passes a
   function that is not simple on to JS_CallInternal (an extra frame for that call; checking in the
   caller instead made fib(27) 4% slower). JS_CallSimple takes only the fast paths. Anything
   else (an operand that is not an int, an int result that overflows) hands the frame over to
   JS_CallInternal at the opcode that needs it, with JS_CALL_FLAG_CONTINUE: the full interpreter
   runs that opcode and the rest of the call exactly as if it had run the call from its start. An
   exception (a callee threw, an interrupt) is handed over with JS_CALL_FLAG_CONTINUE_THROW, so
   catching, unwinding and the backtrace are the full interpreter's own. The frame is laid out as
   JS_CallInternal lays it out, so the handover only passes pc and sp, in the frame. */
/* Shadow-stack bytes each call here reserves beyond its frame. QuickJS bounds recursion by the
   shadow stack it measures (JS_SetMaxStackSize), which Cordon calibrates so the RangeError comes
   before wasmtime's native stack runs out (core/engine/driver.py, MAX_JS_STACK). This function's
   native frame is smaller than JS_CallInternal's, but its shadow frame is much smaller still:
   unpadded, ~4,900 calls fit under the limit and the native stack trapped first. Padded, a call
   here measures about what a call of the full interpreter does, so the bound and its margin stay
   as calibrated. */
#define CORDON_SIMPLE_FRAME_PAD 256
#define CORDON_SIMPLE_UNKNOWN 0
#define CORDON_SIMPLE_YES     1
#define CORDON_SIMPLE_NO      2

/* Every opcode the small interpreter runs. It runs a function only when all of the function's
   opcodes are here (checked once, on the function's first call); even then, any operand its fast
   paths do not take hands the frame over. */
static bool cordon_simple_opcode(int op)
{
    switch (op) {
    case OP_push_minus1: case OP_push_0: case OP_push_1: case OP_push_2: case OP_push_3:
    case OP_push_4: case OP_push_5: case OP_push_6: case OP_push_7:
    case OP_push_i8: case OP_push_i16: case OP_push_i32:
    case OP_undefined: case OP_null: case OP_push_true: case OP_push_false:
    case OP_get_loc0: case OP_get_loc1: case OP_get_loc2: case OP_get_loc3:
    case OP_get_loc8: case OP_get_loc: case OP_get_loc0_loc1:
    case OP_set_loc_uninitialized: case OP_get_loc_check: case OP_put_loc_check:
    case OP_put_loc0: case OP_put_loc1: case OP_put_loc2: case OP_put_loc3:
    case OP_put_loc8: case OP_put_loc:
    case OP_set_loc0: case OP_set_loc1: case OP_set_loc2: case OP_set_loc3:
    case OP_set_loc8: case OP_set_loc:
    case OP_get_arg0: case OP_get_arg1: case OP_get_arg2: case OP_get_arg3: case OP_get_arg:
    case OP_put_arg0: case OP_put_arg1: case OP_put_arg2: case OP_put_arg3: case OP_put_arg:
    case OP_set_arg0: case OP_set_arg1: case OP_set_arg2: case OP_set_arg3: case OP_set_arg:
    case OP_get_var_ref0: case OP_get_var_ref1: case OP_get_var_ref2: case OP_get_var_ref3:
    case OP_get_var_ref:
    case OP_dup: case OP_drop:
    case OP_add: case OP_sub: case OP_mul: case OP_add_i8: case OP_sub_i8:
    case OP_lt: case OP_lte: case OP_gt: case OP_gte:
    case OP_eq: case OP_neq: case OP_strict_eq: case OP_strict_neq:
    case OP_if_false8: case OP_if_true8: case OP_if_false: case OP_if_true:
    case OP_goto8: case OP_goto16: case OP_goto:
    case OP_call0: case OP_call1: case OP_call2: case OP_call3: case OP_call: case OP_tail_call:
    case OP_return: case OP_return_undef:
    case OP_inc_loc: case OP_dec_loc: case OP_inc: case OP_dec: case OP_post_inc: case OP_post_dec:
        return true;
    default:
        return false;
    }
}

static int cordon_simple_scan(JSFunctionBytecode *b)
{
    /* generators and async functions keep their frame in a heap object: the full interpreter's */
    int pos = 0, op;
    if (b->func_kind != JS_FUNC_NORMAL)
        return CORDON_SIMPLE_NO;
    while (pos < b->byte_code_len) {
        op = b->byte_code_buf[pos];
        if (!cordon_simple_opcode(op))
            return CORDON_SIMPLE_NO;
        pos += short_opcode_info(op).size;
    }
    return CORDON_SIMPLE_YES;
}

/* Whether a call opcode's callee runs in JS_CallSimple: a simple bytecode function given at least
   its declared number of arguments (with fewer, the full interpreter copies them). */
static inline bool cordon_is_simple_call(JSValueConst func_obj, int argc)
{
    JSObject *p;
    JSFunctionBytecode *b;
    if (JS_VALUE_GET_TAG(func_obj) != JS_TAG_OBJECT)
        return false;
    p = JS_VALUE_GET_OBJ(func_obj);
    if (p->class_id != JS_CLASS_BYTECODE_FUNCTION)
        return false;
    b = p->u.func.function_bytecode;
    if (unlikely(b->cordon_simple == CORDON_SIMPLE_UNKNOWN))
        b->cordon_simple = cordon_simple_scan(b);
    return b->cordon_simple == CORDON_SIMPLE_YES && argc >= b->arg_count;
}

/* A plain call (not a constructor, arguments not copied). A callee that is not simple goes on to
   JS_CallInternal; for a simple one, the frame set-up below is JS_CallInternal's for such a call. */
static no_inline JSValue JS_CallSimple(JSContext *caller_ctx, JSValueConst func_obj,
                             JSValueConst this_obj, JSValueConst new_target,
                             int argc, JSValueConst *argv)
{
    JSRuntime *rt = caller_ctx->rt;
    JSContext *ctx;
    JSObject *p;
    JSFunctionBytecode *b;
    JSStackFrame sf_s, *sf = &sf_s;
    uint8_t *pc;
    JSValue *var_buf, *stack_buf, *arg_buf, *sp, ret_val, *pval, *call_argv;
    JSVarRef **var_refs;
    size_t alloca_size;
    int i, call_argc;

    if (unlikely(!cordon_is_simple_call(func_obj, argc)))
        return JS_CallInternal(caller_ctx, func_obj, this_obj, new_target, argc, argv, 0);
    p = JS_VALUE_GET_OBJ(func_obj);
    b = p->u.func.function_bytecode;
    if (js_poll_interrupts(caller_ctx))
        return JS_EXCEPTION;

    alloca_size = sizeof(JSValue) * (b->var_count + b->stack_size) +
        sizeof(JSVarRef *) * b->var_ref_count;
    if (js_check_stack_overflow(rt, alloca_size + CORDON_SIMPLE_FRAME_PAD))
        return JS_ThrowStackOverflow(caller_ctx);

    sf->is_strict_mode = b->is_strict_mode;
    sf->is_constructor = false;
    arg_buf = (JSValue *)argv;
    sf->arg_count = argc;
    sf->cur_func = unsafe_unconst(func_obj);
    var_refs = p->u.func.var_refs;

    var_buf = alloca(alloca_size + CORDON_SIMPLE_FRAME_PAD);
    sf->var_buf = var_buf;
    sf->arg_buf = arg_buf;
    for(i = 0; i < b->var_count; i++)
        var_buf[i] = JS_UNDEFINED;
    stack_buf = var_buf + b->var_count;
    sf->var_refs = (JSVarRef **)(stack_buf + b->stack_size);
    sf->var_ref_count = b->var_ref_count;
    for(i = 0; i < b->var_ref_count; i++)
        sf->var_refs[i] = NULL;
    sf->cur_gc_obj = NULL;
    sp = stack_buf;
    pc = b->byte_code_buf;
    sf->cur_pc = NULL;
    sf->prev_frame = rt->current_stack_frame;
    rt->current_stack_frame = sf;
    ctx = b->realm;

#define CORDON_INT_CMP(opc, binary_op)                                          \
        case opc:                                                               \
            {                                                                   \
                JSValue op1 = sp[-2], op2 = sp[-1];                             \
                int res;                                                        \
                if (unlikely(!JS_VALUE_IS_BOTH_INT(op1, op2)))                  \
                    goto handover;                                              \
                res = JS_VALUE_GET_INT(op1) binary_op JS_VALUE_GET_INT(op2);   \
                pc++;                                                           \
                if (*pc == OP_if_false8 || *pc == OP_if_true8) {                \
                    int8_t diff = (int8_t)pc[1];                                \
                    sp -= 2;                                                    \
                    if (res == (*pc == OP_if_true8))                            \
                        pc += 1 + diff;                                         \
                    else                                                        \
                        pc += 2;                                                \
                    if (unlikely(js_poll_interrupts(ctx)))                      \
                        goto exception;                                         \
                    break;                                                      \
                }                                                               \
                sp[-2] = js_bool(res);                                          \
                sp--;                                                           \
            }                                                                   \
            break;

    for (;;) {
        int op = *pc;
        switch (op) {
        case OP_push_minus1: case OP_push_0: case OP_push_1: case OP_push_2: case OP_push_3:
        case OP_push_4: case OP_push_5: case OP_push_6: case OP_push_7:
            *sp++ = js_int32(op - OP_push_0);
            pc++;
            break;
        case OP_push_i8:
            *sp++ = js_int32(get_i8(pc + 1));
            pc += 2;
            break;
        case OP_push_i16:
            *sp++ = js_int32(get_i16(pc + 1));
            pc += 3;
            break;
        case OP_push_i32:
            *sp++ = js_int32(get_u32(pc + 1));
            pc += 5;
            break;
        case OP_undefined: *sp++ = JS_UNDEFINED; pc++; break;
        case OP_null: *sp++ = JS_NULL; pc++; break;
        case OP_push_true: *sp++ = JS_TRUE; pc++; break;
        case OP_push_false: *sp++ = JS_FALSE; pc++; break;
        case OP_get_loc0: case OP_get_loc1: case OP_get_loc2: case OP_get_loc3:
            *sp++ = js_dup(var_buf[op - OP_get_loc0]);
            pc++;
            break;
        case OP_get_loc8: *sp++ = js_dup(var_buf[pc[1]]); pc += 2; break;
        case OP_get_loc: *sp++ = js_dup(var_buf[get_u16(pc + 1)]); pc += 3; break;
        case OP_get_loc0_loc1:
            *sp++ = js_dup(var_buf[0]);
            *sp++ = js_dup(var_buf[1]);
            pc++;
            break;
        /* `let` and `const` locals: before their declaration ran they hold JS_UNINITIALIZED, and
           the full interpreter throws the ReferenceError */
        case OP_set_loc_uninitialized:
            set_value(ctx, &var_buf[get_u16(pc + 1)], JS_UNINITIALIZED);
            pc += 3;
            break;
        case OP_get_loc_check:
            {
                JSValue *pv = &var_buf[get_u16(pc + 1)];
                if (unlikely(JS_IsUninitialized(*pv)))
                    goto handover;
                *sp++ = js_dup(*pv);
                pc += 3;
            }
            break;
        case OP_put_loc_check:
            {
                JSValue *pv = &var_buf[get_u16(pc + 1)];
                if (unlikely(JS_IsUninitialized(*pv)))
                    goto handover;
                set_value(ctx, pv, *--sp);
                pc += 3;
            }
            break;
        case OP_put_loc0: case OP_put_loc1: case OP_put_loc2: case OP_put_loc3:
            set_value(ctx, &var_buf[op - OP_put_loc0], *--sp);
            pc++;
            break;
        case OP_put_loc8: set_value(ctx, &var_buf[pc[1]], *--sp); pc += 2; break;
        case OP_put_loc: set_value(ctx, &var_buf[get_u16(pc + 1)], *--sp); pc += 3; break;
        case OP_set_loc0: case OP_set_loc1: case OP_set_loc2: case OP_set_loc3:
            set_value(ctx, &var_buf[op - OP_set_loc0], js_dup(sp[-1]));
            pc++;
            break;
        case OP_set_loc8: set_value(ctx, &var_buf[pc[1]], js_dup(sp[-1])); pc += 2; break;
        case OP_set_loc: set_value(ctx, &var_buf[get_u16(pc + 1)], js_dup(sp[-1])); pc += 3; break;
        case OP_get_arg0: case OP_get_arg1: case OP_get_arg2: case OP_get_arg3:
            *sp++ = js_dup(arg_buf[op - OP_get_arg0]);
            pc++;
            break;
        case OP_get_arg: *sp++ = js_dup(arg_buf[get_u16(pc + 1)]); pc += 3; break;
        case OP_put_arg0: case OP_put_arg1: case OP_put_arg2: case OP_put_arg3:
            set_value(ctx, &arg_buf[op - OP_put_arg0], *--sp);
            pc++;
            break;
        case OP_put_arg: set_value(ctx, &arg_buf[get_u16(pc + 1)], *--sp); pc += 3; break;
        case OP_set_arg0: case OP_set_arg1: case OP_set_arg2: case OP_set_arg3:
            set_value(ctx, &arg_buf[op - OP_set_arg0], js_dup(sp[-1]));
            pc++;
            break;
        case OP_set_arg: set_value(ctx, &arg_buf[get_u16(pc + 1)], js_dup(sp[-1])); pc += 3; break;
        case OP_get_var_ref0: case OP_get_var_ref1: case OP_get_var_ref2: case OP_get_var_ref3:
            *sp++ = js_dup(*var_refs[op - OP_get_var_ref0]->pvalue);
            pc++;
            break;
        case OP_get_var_ref: *sp++ = js_dup(*var_refs[get_u16(pc + 1)]->pvalue); pc += 3; break;
        case OP_dup: sp[0] = js_dup(sp[-1]); sp++; pc++; break;
        case OP_drop: JS_FreeValue(ctx, sp[-1]); sp--; pc++; break;
        case OP_add:
        case OP_sub:
        case OP_mul:
            {
                JSValue op1 = sp[-2], op2 = sp[-1];
                int64_t r;
                if (unlikely(!JS_VALUE_IS_BOTH_INT(op1, op2)))
                    goto handover;
                if (op == OP_add)
                    r = (int64_t)JS_VALUE_GET_INT(op1) + JS_VALUE_GET_INT(op2);
                else if (op == OP_sub)
                    r = (int64_t)JS_VALUE_GET_INT(op1) - JS_VALUE_GET_INT(op2);
                else {
                    r = (int64_t)JS_VALUE_GET_INT(op1) * JS_VALUE_GET_INT(op2);
                    if (r == 0 && (JS_VALUE_GET_INT(op1) | JS_VALUE_GET_INT(op2)) < 0)
                        goto handover; /* -0 */
                }
                if (unlikely((int)r != r))
                    goto handover;
                sp[-2] = js_int32(r);
                sp--;
                pc++;
            }
            break;
        case OP_add_i8:
        case OP_sub_i8:
            {
                JSValue op1 = sp[-1];
                int64_t r;
                if (unlikely(JS_VALUE_GET_TAG(op1) != JS_TAG_INT))
                    goto handover;
                r = (int64_t)JS_VALUE_GET_INT(op1) + (op == OP_add_i8 ? (int8_t)pc[1] : -(int8_t)pc[1]);
                if (unlikely((int)r != r))
                    goto handover;
                sp[-1] = js_int32(r);
                pc += 2;
            }
            break;
        CORDON_INT_CMP(OP_lt, <)
        CORDON_INT_CMP(OP_lte, <=)
        CORDON_INT_CMP(OP_gt, >)
        CORDON_INT_CMP(OP_gte, >=)
        CORDON_INT_CMP(OP_eq, ==)
        CORDON_INT_CMP(OP_neq, !=)
        CORDON_INT_CMP(OP_strict_eq, ==)
        CORDON_INT_CMP(OP_strict_neq, !=)
        case OP_if_false8:
        case OP_if_true8:
        case OP_if_false:
        case OP_if_true:
            {
                JSValue op1 = sp[-1];
                int res, size = (op == OP_if_false8 || op == OP_if_true8) ? 2 : 5;
                if ((uint32_t)JS_VALUE_GET_TAG(op1) <= JS_TAG_UNDEFINED)
                    res = JS_VALUE_GET_INT(op1);
                else
                    res = JS_ToBoolFree(ctx, op1);
                sp--;
                if (!res == (op == OP_if_false8 || op == OP_if_false))
                    pc += 1 + (size == 2 ? (int8_t)pc[1] : (int32_t)get_u32(pc + 1));
                else
                    pc += size;
                if (unlikely(js_poll_interrupts(ctx)))
                    goto exception;
            }
            break;
        case OP_goto8:
            pc += 1 + (int8_t)pc[1];
            if (unlikely(js_poll_interrupts(ctx)))
                goto exception;
            break;
        case OP_goto16:
            pc += 1 + (int16_t)get_u16(pc + 1);
            if (unlikely(js_poll_interrupts(ctx)))
                goto exception;
            break;
        case OP_goto:
            pc += 1 + (int32_t)get_u32(pc + 1);
            if (unlikely(js_poll_interrupts(ctx)))
                goto exception;
            break;
        case OP_call0: case OP_call1: case OP_call2: case OP_call3:
        case OP_call: case OP_tail_call:
            if (op == OP_call || op == OP_tail_call) {
                call_argc = get_u16(pc + 1);
                pc += 3;
            } else {
                call_argc = op - OP_call0;
                pc++;
            }
            call_argv = sp - call_argc;
            sf->cur_pc = pc;
            ret_val = JS_CallSimple(ctx, call_argv[-1], JS_UNDEFINED,
                                    JS_UNDEFINED, call_argc, vc(call_argv));
            if (unlikely(JS_IsException(ret_val)))
                goto exception;
            if (op == OP_tail_call)
                goto done; /* `done` frees the callee and its arguments with the rest */
            for(i = -1; i < call_argc; i++)
                JS_FreeValue(ctx, call_argv[i]);
            sp -= call_argc + 1;
            *sp++ = ret_val;
            break;
        case OP_return:
            ret_val = *--sp;
            goto done;
        case OP_return_undef:
            ret_val = JS_UNDEFINED;
            goto done;
        case OP_inc_loc:
        case OP_dec_loc:
            {
                JSValue *pv = &var_buf[pc[1]];
                int64_t r;
                if (unlikely(JS_VALUE_GET_TAG(*pv) != JS_TAG_INT))
                    goto handover;
                r = (int64_t)JS_VALUE_GET_INT(*pv) + (op == OP_inc_loc ? 1 : -1);
                if (unlikely((int)r != r))
                    goto handover;
                *pv = js_int32(r);
                pc += 2;
            }
            break;
        case OP_inc:
        case OP_dec:
        case OP_post_inc:
        case OP_post_dec:
            {
                JSValue op1 = sp[-1];
                int64_t r;
                if (unlikely(JS_VALUE_GET_TAG(op1) != JS_TAG_INT))
                    goto handover;
                r = (int64_t)JS_VALUE_GET_INT(op1) + (op == OP_inc || op == OP_post_inc ? 1 : -1);
                if (unlikely((int)r != r))
                    goto handover;
                if (op == OP_inc || op == OP_dec)
                    sp[-1] = js_int32(r);
                else
                    *sp++ = js_int32(r); /* the old value stays below the new one */
                pc++;
            }
            break;
        default:
            goto handover;
        }
    }
#undef CORDON_INT_CMP
 handover:
    /* Operands that left the fast paths once (floats, strings) most likely will again, and each
       handover pays both interpreters' set-up: from now on the function runs in the full one,
       which costs what every call did before this interpreter existed (a float-only simple
       function: 11% slower when it was handed over on every call). */
    b->cordon_simple = CORDON_SIMPLE_NO;
    sf->cur_pc = pc;
    sf->cur_sp = sp;
    return JS_CallInternal(caller_ctx, func_obj, this_obj, new_target, argc, argv,
                           JS_CALL_FLAG_CONTINUE);
 exception:
    sf->cur_pc = pc;
    sf->cur_sp = sp;
    return JS_CallInternal(caller_ctx, func_obj, this_obj, new_target, argc, argv,
                           JS_CALL_FLAG_CONTINUE | JS_CALL_FLAG_CONTINUE_THROW);
 done:
    if (unlikely(sf->var_ref_count != 0))
        close_var_refs(rt, sf);
    for(pval = var_buf; pval < sp; pval++)
        JS_FreeValue(ctx, *pval);
    rt->current_stack_frame = sf->prev_frame;
    return ret_val;
}
