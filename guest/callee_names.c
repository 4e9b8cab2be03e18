/* Cordon: "o.foo is not a function", as Node says it (included into quickjs.c by
   guest/patch_quickjs.py, after `short_opcode_info`; why: docs/design.md).

   QuickJS-ng says only "not a function". The call opcodes cannot tell more (the callee is a
   value), but the bytecode that loaded it can: a local, an argument, a closure variable, a global,
   `this`, or a property with an identifier name or an integer index of one of those. Upstream's
   attempts (quickjs-ng PRs 1701 and 1727) reconstruct the name on the error path only, so calls
   that succeed run unchanged; so does this.

   JS_CallInternal calls cordon_throw_not_a_function for a callee that is not callable when the
   call came from a call opcode (flags 0). The name is given only when every check below holds, and
   the message is the plain one otherwise:
   - the caller's frame runs bytecode, the instruction ending at its cur_pc is a call opcode with
     this argc, and argv lies in that frame's operand stack with the rejected value just below it
     (so a call made by a C function, a proxy trap or a spread call is never named after the
     frame's own call);
   - walking back from the call over straight-line code (the stack effect of each instruction,
     from opcode_info), the callee slot and the slots its name is made of were pushed by the
     loads above, and no jump lands between the first of them and the call (`(a ? f : g)()` is
     not named: which load ran is not known);
   - every part is an identifier (or an integer index) and the name fits CORDON_CALLEE_NAME_MAX. */
#define CORDON_CALLEE_NAME_MAX 128
#define CORDON_CALLEE_WALK 64 /* instructions kept to walk back over */
#define CORDON_CALLEE_PARTS 8 /* property accesses named: `a.b.c.d.e.f.g.h.i` */

typedef struct CordonCalleeWalk {
    JSContext *ctx;
    JSFunctionBytecode *b;
    uint32_t starts[CORDON_CALLEE_WALK]; /* the last instructions' offsets, a ring */
    int count; /* instructions decoded up to and including the call */
    int lowest; /* the offset of the first instruction the name is made of */
} CordonCalleeWalk;

/* The instruction that pushed the slot `k` slots below the top just before instruction `idx`
   runs, and which of its outputs it is (0: its topmost): -1 when the code between is not
   straight-line stack pushes and pops. */
static int cordon_callee_producer(CordonCalleeWalk *w, int idx, int k, int *output)
{
    const uint8_t *bc = w->b->byte_code_buf;
    const JSOpCode *oi;
    int pos, op, n_pop;

    for (idx--; idx >= 0 && idx >= w->count - CORDON_CALLEE_WALK; idx--) {
        pos = w->starts[idx % CORDON_CALLEE_WALK];
        op = bc[pos];
        oi = &short_opcode_info(op);
        switch (oi->fmt) {
        case OP_FMT_label: case OP_FMT_label8: case OP_FMT_label16: case OP_FMT_label_u16:
        case OP_FMT_atom_label_u8: case OP_FMT_atom_label_u16:
            return -1;
        default:
            break;
        }
        if (op == OP_ret || op == OP_return || op == OP_return_undef || op == OP_return_async ||
            op == OP_throw || op == OP_throw_error || op == OP_tail_call || op == OP_tail_call_method)
            return -1;
        n_pop = oi->n_pop;
        if (oi->fmt == OP_FMT_npop || oi->fmt == OP_FMT_npop_u16)
            n_pop += get_u16(bc + pos + 1);
        else if (oi->fmt == OP_FMT_npopx)
            n_pop += op - OP_call0;
        if (k < oi->n_push) {
            *output = k;
            if (pos < w->lowest)
                w->lowest = pos;
            return idx;
        }
        k += n_pop - oi->n_push;
    }
    return -1;
}

/* Whether `s` reads as a JavaScript identifier (any non-ASCII byte is taken as part of one). */
static bool cordon_callee_is_ident(const char *s)
{
    const char *p;
    if (!*s || (*s >= '0' && *s <= '9'))
        return false;
    for (p = s; *p; p++) {
        unsigned char c = *p;
        if (!(c >= 0x80 || c == '_' || c == '$' || (c >= '0' && c <= '9') ||
              (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            return false;
    }
    return true;
}

/* Appends `part` to the name at `dst` (which holds `*len` bytes); false when it would not fit. */
static bool cordon_callee_append(char *dst, size_t *len, const char *part)
{
    size_t n = strlen(part);
    if (*len + n >= CORDON_CALLEE_NAME_MAX)
        return false;
    memcpy(dst + *len, part, n + 1);
    *len += n;
    return true;
}

/* Appends an identifier atom (a variable's or a property's name); false unless it is one. */
static bool cordon_callee_append_atom(CordonCalleeWalk *w, char *dst, size_t *len, JSAtom atom)
{
    char buf[CORDON_CALLEE_NAME_MAX];
    if (atom == JS_ATOM_NULL || __JS_AtomIsTaggedInt(atom))
        return false;
    JS_AtomGetStr(w->ctx, buf, sizeof(buf), atom);
    if (strlen(buf) >= sizeof(buf) - 1)
        return false; /* perhaps cut short */
    if (atom != JS_ATOM_this && !cordon_callee_is_ident(buf))
        return false; /* an internal slot ("<ret>", "new.target") or a quoted key */
    return cordon_callee_append(dst, len, buf);
}

/* The name of the value instruction `idx` pushed as its output `output`, appended to `dst`;
   `depth` counts the property accesses still allowed. */
static bool cordon_callee_describe(CordonCalleeWalk *w, int idx, int output, char *dst,
                                   size_t *len, int depth)
{
    JSFunctionBytecode *b = w->b;
    const uint8_t *pc = b->byte_code_buf + w->starts[idx % CORDON_CALLEE_WALK];
    int op = pc[0], base, key, key_output, base_output, idx_loc;
    char num[16];

    switch (op) {
    case OP_get_loc0_loc1:
        idx_loc = output == 0 ? 1 : 0;
        goto has_loc;
    case OP_get_loc0: case OP_get_loc1: case OP_get_loc2: case OP_get_loc3:
        idx_loc = op - OP_get_loc0;
        goto has_loc;
    case OP_set_loc0: case OP_set_loc1: case OP_set_loc2: case OP_set_loc3:
        /* `var o = {}; o.foo()`: the store and the load fused, the stored value left pushed */
        idx_loc = op - OP_set_loc0;
        goto has_loc;
    case OP_get_loc8: case OP_set_loc8:
        idx_loc = pc[1];
        goto has_loc;
    case OP_get_loc: case OP_get_loc_check: case OP_set_loc:
        idx_loc = get_u16(pc + 1);
    has_loc:
        if (!b->vardefs || idx_loc >= b->var_count)
            return false;
        return cordon_callee_append_atom(w, dst, len, b->vardefs[b->arg_count + idx_loc].var_name);
    case OP_get_arg0: case OP_get_arg1: case OP_get_arg2: case OP_get_arg3:
        idx_loc = op - OP_get_arg0;
        goto has_arg;
    case OP_set_arg0: case OP_set_arg1: case OP_set_arg2: case OP_set_arg3:
        idx_loc = op - OP_set_arg0;
        goto has_arg;
    case OP_get_arg: case OP_set_arg:
        idx_loc = get_u16(pc + 1);
    has_arg:
        if (!b->vardefs || idx_loc >= b->arg_count)
            return false;
        return cordon_callee_append_atom(w, dst, len, b->vardefs[idx_loc].var_name);
    case OP_get_var_ref0: case OP_get_var_ref1: case OP_get_var_ref2: case OP_get_var_ref3:
        idx_loc = op - OP_get_var_ref0;
        goto has_var_ref;
    case OP_set_var_ref0: case OP_set_var_ref1: case OP_set_var_ref2: case OP_set_var_ref3:
        idx_loc = op - OP_set_var_ref0;
        goto has_var_ref;
    case OP_get_var_ref: case OP_get_var_ref_check: case OP_set_var_ref:
        idx_loc = get_u16(pc + 1);
    has_var_ref:
        if (idx_loc >= b->closure_var_count)
            return false;
        return cordon_callee_append_atom(w, dst, len, b->closure_var[idx_loc].var_name);
    case OP_get_var: case OP_get_var_undef:
        return cordon_callee_append_atom(w, dst, len, get_u32(pc + 1));
    case OP_push_this:
        return cordon_callee_append(dst, len, "this");
    case OP_get_field: case OP_get_field2: case OP_get_length:
        /* get_field2 leaves the object below the value: the value is its output 0 */
        if (output != 0 || depth == 0)
            return false;
        base = cordon_callee_producer(w, idx, 0, &base_output);
        if (base < 0 || !cordon_callee_describe(w, base, base_output, dst, len, depth - 1))
            return false;
        if (!cordon_callee_append(dst, len, "."))
            return false;
        if (op == OP_get_length)
            return cordon_callee_append(dst, len, "length");
        return cordon_callee_append_atom(w, dst, len, get_u32(pc + 1));
    case OP_get_array_el: case OP_get_array_el2:
        /* obj key -> value (get_array_el2: obj value); an integer literal key is named `[1]`, an
           identifier string literal `.x` (as Node names `o["x"]`) */
        if (output != 0 || depth == 0)
            return false;
        key = cordon_callee_producer(w, idx, 0, &key_output);
        if (key < 0 || key_output != 0)
            return false;
        pc = b->byte_code_buf + w->starts[key % CORDON_CALLEE_WALK];
        switch (pc[0]) {
        case OP_push_atom_value:
            base = cordon_callee_producer(w, idx, 1, &base_output);
            if (base < 0 || !cordon_callee_describe(w, base, base_output, dst, len, depth - 1))
                return false;
            return cordon_callee_append(dst, len, ".") &&
                   cordon_callee_append_atom(w, dst, len, get_u32(pc + 1));
        case OP_push_0: case OP_push_1: case OP_push_2: case OP_push_3:
        case OP_push_4: case OP_push_5: case OP_push_6: case OP_push_7:
            snprintf(num, sizeof(num), "[%d]", pc[0] - OP_push_0);
            break;
        case OP_push_i8:
            snprintf(num, sizeof(num), "[%d]", (int8_t)pc[1]);
            break;
        case OP_push_i16:
            snprintf(num, sizeof(num), "[%d]", (int16_t)get_u16(pc + 1));
            break;
        case OP_push_i32:
            snprintf(num, sizeof(num), "[%d]", (int32_t)get_u32(pc + 1));
            break;
        default:
            return false;
        }
        base = cordon_callee_producer(w, idx, 1, &base_output);
        if (base < 0 || !cordon_callee_describe(w, base, base_output, dst, len, depth - 1))
            return false;
        return cordon_callee_append(dst, len, num);
    default:
        return false;
    }
}

/* Whether a jump of the function lands in (w->lowest, call], the code the name was read from. */
static bool cordon_callee_jumped_into(CordonCalleeWalk *w, int call)
{
    const uint8_t *bc = w->b->byte_code_buf;
    int pos = 0, op, target;
    const JSOpCode *oi;

    while (pos < w->b->byte_code_len) {
        op = bc[pos];
        oi = &short_opcode_info(op);
        switch (oi->fmt) {
        case OP_FMT_label: case OP_FMT_label_u16:
            target = pos + 1 + (int32_t)get_u32(bc + pos + 1);
            break;
        case OP_FMT_label8:
            target = pos + 1 + (int8_t)bc[pos + 1];
            break;
        case OP_FMT_label16:
            target = pos + 1 + (int16_t)get_u16(bc + pos + 1);
            break;
        case OP_FMT_atom_label_u8: case OP_FMT_atom_label_u16:
            target = pos + 5 + (int32_t)get_u32(bc + pos + 5);
            break;
        default:
            target = -1;
            break;
        }
        if (target > w->lowest && target <= call)
            return true;
        pos += oi->size;
    }
    return false;
}

/* Writes the callee's name to `dst` (CORDON_CALLEE_NAME_MAX bytes); false when it is not known. */
static bool cordon_callee_name(JSContext *ctx, JSValueConst func_obj, int argc,
                               JSValueConst *argv, char *dst)
{
    JSStackFrame *sf = ctx->rt->current_stack_frame;
    CordonCalleeWalk w_s, *w = &w_s;
    JSObject *p;
    JSFunctionBytecode *b;
    const uint8_t *bc;
    int pos, end, op, call_argc, callee, output;
    uintptr_t lo, hi;
    size_t len = 0;

    if (!sf || !sf->cur_pc || !argv || JS_VALUE_GET_TAG(sf->cur_func) != JS_TAG_OBJECT)
        return false;
    p = JS_VALUE_GET_OBJ(sf->cur_func);
    if (!js_class_has_bytecode(p->class_id))
        return false;
    b = p->u.func.function_bytecode;
    bc = b->byte_code_buf;
    lo = (uintptr_t)(sf->var_buf + b->var_count);
    hi = (uintptr_t)(sf->var_buf + b->var_count + b->stack_size);
    if ((uintptr_t)(argv - 1) < lo || (uintptr_t)(argv + argc) > hi ||
        !js_same_value(ctx, argv[-1], func_obj))
        return false;
    end = sf->cur_pc - bc;
    if (end <= 0 || end > b->byte_code_len)
        return false;
    w->ctx = ctx;
    w->b = b;
    w->count = 0;
    for (pos = 0; pos < end; pos += short_opcode_info(bc[pos]).size)
        w->starts[w->count++ % CORDON_CALLEE_WALK] = pos;
    if (pos != end)
        return false;
    pos = w->starts[(w->count - 1) % CORDON_CALLEE_WALK];
    op = bc[pos];
    switch (op) {
    case OP_call0: case OP_call1: case OP_call2: case OP_call3:
        call_argc = op - OP_call0;
        break;
    case OP_call: case OP_tail_call: case OP_call_method: case OP_tail_call_method:
        call_argc = get_u16(bc + pos + 1);
        break;
    default:
        return false;
    }
    if (call_argc != argc)
        return false;
    w->lowest = pos;
    callee = cordon_callee_producer(w, w->count - 1, argc, &output);
    if (callee < 0 || !cordon_callee_describe(w, callee, output, dst, &len, CORDON_CALLEE_PARTS))
        return false;
    return !cordon_callee_jumped_into(w, pos);
}

static JSValue cordon_throw_not_a_function(JSContext *ctx, JSValueConst func_obj, int argc,
                                           JSValueConst *argv)
{
    char name[CORDON_CALLEE_NAME_MAX];
    if (cordon_callee_name(ctx, func_obj, argc, argv, name))
        return JS_ThrowTypeError(ctx, "%s is not a function", name);
    return JS_ThrowTypeErrorNotAFunction(ctx);
}
