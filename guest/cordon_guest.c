/* Cordon's export surface for QuickJS-ng, built to a wasm32-wasi reactor (guest/build.sh).
 *
 * One runtime and one context per instance, created when an image is built (cg_setup);
 * every run then starts from that image and makes one call, cg_run (its limits, then the
 * entry module). The host (core/engine/driver.py) talks to it through these exports and
 * the "cordon" imports below:
 *
 * - modules: the loader stays on the host. QuickJS asks `cordon.normalize` and
 *   `cordon.load` for every import (static and dynamic); the host answers a name or
 *   source text, or refuses (-1), which throws here. A load reply may instead be this
 *   guest's own bytecode of the module, which the host serves only from its verified
 *   cache; when the host asks, a module compiled from source goes back to it as
 *   bytecode through `cordon.compiled` (docs/security.md, "Compiled pack modules").
 * - host functions: registered globals whose calls go to `cordon.call`. Arguments
 *   travel as (tag, ptr, len) descriptors pointing into this memory, so no string is
 *   copied for the crossing. A sync reply comes back in the reply slot; an async call
 *   gets a promise whose resolvers wait here under a pending id until `cg_settle`.
 * - cancel: the host writes a non-zero int32 at `layout.cancel_flag`; the interrupt
 *   handler reads it without crossing to the host.
 * - results: an error is four length-prefixed fields (name, message, stack, rule) at
 *   `layout.result` (pointer, length, stop); the rule is the error's `rule` property when a
 *   string. `stop` (STOP_*) says why the engine stopped the run when the error that ended it is
 *   the very value the engine threw for that reason; 0 for a value the body threw, whatever its
 *   name and message say.
 * - the hot crossings (`cg_run`, `cg_settle`, `cordon.call`) take no wasm parameters and return
 *   none: their arguments and status travel in two fixed slots of this memory (`layout.entry`,
 *   `layout.call`). wasmtime-py converts and type-checks every parameter and result of a call in
 *   Python: an export call with two i32 parameters and an i32 result costs ~27 us, one with none
 *   ~10 us; an import ~7 us against ~1.3 us. An await crosses each way once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "quickjs.h"

#define EXPORT(name) __attribute__((export_name(#name)))
#define IMPORT(name) __attribute__((import_module("cordon"), import_name(#name)))

/* Host imports. `call` reads its arguments from `call_slot` and sets its status there: 0 (reply
 * in the reply slot, or scheduled when pending >= 0), -1 (the host function failed: throw
 * HostError). `normalize`/`load` return the reply's
 * length (the text is in the reply slot) or -1 (refused). `reply` copies a reply too big
 * for the scratch buffer into `dst`. */
IMPORT(call) void host_call_slot(void);
IMPORT(normalize) int32_t host_normalize(int32_t base, int32_t base_len, int32_t name, int32_t name_len);
IMPORT(load) int32_t host_load(int32_t name, int32_t name_len);
IMPORT(reply) void host_reply(int32_t dst);
/* The bytecode of the module just compiled from a LOAD_SOURCE_KEEP reply, at ptr[0..len)
 * (len 0: it could not be written). Sent before anything else is loaded. */
IMPORT(compiled) void host_compiled(int32_t ptr, int32_t len);

enum { ARG_UNDEFINED = 0, ARG_STRING = 1, ARG_BYTES = 2, ARG_NUMBER = 3 };
enum { ST_OK = 0, ST_ERROR = 1, ST_PENDING = 2 };
/* Why the engine stopped a run (core/engine/driver.py reads these; quickjs.c notes 1-4 where it
 * throws them, guest/patch_quickjs.py STOP_NOTES). */
enum { STOP_NONE = 0, STOP_INTERRUPT = 1, STOP_OUT_OF_MEMORY = 2, STOP_STACK = 3, STOP_STRING_LENGTH = 4,
       STOP_MODULE_LOAD = 5, STOP_HOST_FAILED = 6 };
/* What a `cordon.load` reply holds: source to compile, source to compile and hand back as
 * bytecode, or bytecode this guest build wrote (read with JS_READ_OBJ_BYTECODE). */
enum { LOAD_SOURCE = ARG_STRING, LOAD_BYTECODE = ARG_BYTES, LOAD_SOURCE_KEEP = 4 };
#define SCRATCH_SIZE 65536

static JSRuntime *rt;
static JSContext *ctx;
static volatile int32_t cancel_flag;
static uint32_t memory_limit;
static struct { char *ptr; uint32_t len; int32_t stop; } result;
/* The last error value the engine threw for a STOP_* reason, held so that no other value can take
 * its address, and that reason. */
static JSValue stop_value;
static int32_t stop_kind;
static JSValue main_promise;
/* Written by the host before it returns from an import: kind (ARG_*), length, and whether
 * the bytes are in `scratch` (1) or must be fetched with `cordon.reply` (0). */
static struct { int32_t kind, len, in_scratch; } reply_slot;
static char scratch[SCRATCH_SIZE];
/* `cordon.call`'s arguments, written here before the import; the host sets `status`. */
static struct { int32_t fn_id, argv, argc, pending, status; } call_slot;
/* The arguments of `cg_run`/`cg_settle`, written by the host before the call; the export sets
 * `status` (ST_*) before it returns. */
static struct { int32_t arg[6]; int32_t status; } entry_slot;
/* Whether the last module cg_run evaluated left promise jobs queued when its synchronous part
 * ended, before they were drained: a module graph whose top level queued one is never kept as an
 * image (core/engine/graph_image.py), since its jobs would run before the body instead of after. */
static int32_t jobs_after_eval;
typedef struct { JSValue resolve, reject; } Pending;
static Pending *pending;
static int32_t pending_cap;

/* Called by quickjs.c (and below) right after it throws `value` for `kind`. */
void cordon_note_stop(JSContext *c, JSValueConst value, int kind) {
    JSValue old = stop_value;
    stop_value = JS_DupValue(c, value);
    stop_kind = kind;
    JS_FreeValue(c, old);
}

/* The reason `e` ended the run: the engine's when `e` is the value it threw for it (a thrown null
 * too: QuickJS throws null when the heap had no room left for the error object), else none. */
static int32_t stop_of(JSValueConst e) {
    if (!stop_kind || JS_VALUE_GET_TAG(e) != JS_VALUE_GET_TAG(stop_value)) return STOP_NONE;
    if (JS_IsObject(e) ? JS_VALUE_GET_PTR(e) == JS_VALUE_GET_PTR(stop_value) : JS_IsNull(e)) return stop_kind;
    return STOP_NONE;
}

static int interrupt_handler(JSRuntime *r, void *opaque) {
    (void)r; (void)opaque;
    return cancel_flag != 0;
}

static void set_result(const char *s, size_t n) {
    free(result.ptr);
    result.ptr = malloc(n + 1);
    result.len = 0;
    if (!result.ptr) return;
    memcpy(result.ptr, s, n);
    result.ptr[n] = 0;
    result.len = (uint32_t)n;
}

/* The most of one error field (name, message, stack) reported, in UTF-8 bytes: 4 x the ceiling of
 * maxOutputSize (10M characters), so the host's cap (core/engine/results.py:cap_error) always has
 * the characters it keeps, and a thrown 200M-character string is reported cut, not lost to the
 * copies reporting it would need. */
#define FIELD_MAX ((size_t)40 << 20)

/* Append `v` as text (or `fallback`) to buf at *pos as a field: a uint32 length, then the bytes
 * (lengths, not separators: a message may hold a NUL), at most FIELD_MAX of them, cut where a
 * UTF-8 character starts. Returns false when out of memory. */
static int append_field(char **buf, size_t *pos, JSValueConst v, const char *fallback) {
    size_t n = 0;
    const char *s = JS_IsUndefined(v) ? NULL : JS_ToCStringLen(ctx, &n, v);
    if (!s) {
        if (!JS_IsUndefined(v)) JS_FreeValue(ctx, JS_GetException(ctx));
        s = fallback; n = strlen(fallback);
    }
    if (n > FIELD_MAX) {
        n = FIELD_MAX;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    }
    char *grown = realloc(*buf, *pos + 4 + n);
    if (grown) {
        uint32_t len = (uint32_t)n;
        *buf = grown;
        memcpy(grown + *pos, &len, 4);
        memcpy(grown + *pos + 4, s, n);
        *pos += 4 + n;
    }
    if (s != fallback) JS_FreeCString(ctx, s);
    return grown != NULL;
}

/* "InternalError", "out of memory", no stack, no rule: in fields, as append_field writes them. */
static const char OOM_RESULT[] = "\x0d\0\0\0InternalError\x0d\0\0\0out of memory\0\0\0\0\0\0\0\0";

/* Report `e` (consumed) as four fields: name, message, stack, rule (its `rule` property when a
 * string: a host refusal sets one). An uncatchable interrupt keeps the engine's InternalError. */
static int32_t report_error(JSValue e) {
    char *buf = NULL;
    size_t pos = 0;
    int ok = 1;
    int32_t stop = stop_of(e);
    /* A heap exhausted by small allocations leaves no room for the error object itself, and
     * QuickJS then throws null. */
    if (JS_IsNull(e) && stop == STOP_OUT_OF_MEMORY) {
        set_result(OOM_RESULT, sizeof OOM_RESULT - 1);
        result.stop = stop;
        return ST_ERROR;
    }
    JS_SetMemoryLimit(rt, 0);  /* reporting must not fail for the memory the error is about */
    if (JS_IsObject(e)) {
        JSValue name = JS_GetPropertyStr(ctx, e, "name");
        JSValue message = JS_GetPropertyStr(ctx, e, "message");
        JSValue stack = JS_GetPropertyStr(ctx, e, "stack");
        JSValue rule = JS_GetPropertyStr(ctx, e, "rule");
        ok &= append_field(&buf, &pos, JS_IsException(name) ? JS_UNDEFINED : name, "Error");
        ok &= append_field(&buf, &pos, JS_IsException(message) ? JS_UNDEFINED : message, "");
        ok &= append_field(&buf, &pos, JS_IsException(stack) ? JS_UNDEFINED : stack, "");
        ok &= append_field(&buf, &pos, JS_IsString(rule) ? rule : JS_UNDEFINED, "");
        JS_FreeValue(ctx, name); JS_FreeValue(ctx, message); JS_FreeValue(ctx, stack); JS_FreeValue(ctx, rule);
    } else {
        ok &= append_field(&buf, &pos, JS_UNDEFINED, "Error");
        ok &= append_field(&buf, &pos, e, "");
        ok &= append_field(&buf, &pos, JS_UNDEFINED, "");
        ok &= append_field(&buf, &pos, JS_UNDEFINED, "");
    }
    JS_FreeValue(ctx, e);
    JS_SetMemoryLimit(rt, memory_limit);
    if (ok && buf) set_result(buf, pos);
    if (!ok || !buf || result.len != pos) {  /* a field, or the result's copy, did not fit */
        set_result(OOM_RESULT, sizeof OOM_RESULT - 1);
        stop = STOP_OUT_OF_MEMORY;
    }
    result.stop = stop;
    free(buf);
    return ST_ERROR;
}

static int32_t report_exception(void) { return report_error(JS_GetException(ctx)); }

/* Fetch the host's last reply into a fresh malloc'd, NUL-terminated buffer. */
static char *take_reply(int32_t len) {
    char *buf = malloc((size_t)len + 1);
    if (!buf) return NULL;
    if (reply_slot.in_scratch) memcpy(buf, scratch, (size_t)len);
    else host_reply((int32_t)(uintptr_t)buf);
    buf[len] = 0;
    return buf;
}

static JSValue reply_value(void) {
    int32_t len = reply_slot.len;
    if (reply_slot.kind == ARG_UNDEFINED) return JS_UNDEFINED;
    if (reply_slot.in_scratch) {
        return reply_slot.kind == ARG_BYTES ? JS_NewUint8ArrayCopy(ctx, (uint8_t *)scratch, (size_t)len)
                                            : JS_NewStringLen(ctx, scratch, (size_t)len);
    }
    char *buf = take_reply(len);
    if (!buf) return JS_ThrowOutOfMemory(ctx);
    JSValue v = reply_slot.kind == ARG_BYTES ? JS_NewUint8ArrayCopy(ctx, (uint8_t *)buf, (size_t)len)
                                             : JS_NewStringLen(ctx, buf, (size_t)len);
    free(buf);
    return v;
}

static int32_t new_pending(JSValue *funcs) {
    for (int32_t i = 0; i < pending_cap; i++) {
        if (JS_IsUndefined(pending[i].resolve)) {
            pending[i].resolve = funcs[0]; pending[i].reject = funcs[1];
            return i;
        }
    }
    int32_t cap = pending_cap ? pending_cap * 2 : 16;
    Pending *grown = realloc(pending, sizeof(Pending) * (size_t)cap);
    if (!grown) return -1;
    for (int32_t i = pending_cap; i < cap; i++) grown[i].resolve = grown[i].reject = JS_UNDEFINED;
    pending = grown;
    int32_t id = pending_cap;
    pending_cap = cap;
    pending[id].resolve = funcs[0]; pending[id].reject = funcs[1];
    return id;
}

static int32_t host_call(int32_t fn_id, int32_t argv, int32_t argc, int32_t pending) {
    call_slot.fn_id = fn_id; call_slot.argv = argv; call_slot.argc = argc; call_slot.pending = pending;
    call_slot.status = -1;
    host_call_slot();
    return call_slot.status;
}

static JSValue host_error(void) {
    JSValue err = JS_NewError(ctx);
    if (JS_IsException(err)) return err;
    JS_SetPropertyStr(ctx, err, "name", JS_NewString(ctx, "HostError"));
    JS_SetPropertyStr(ctx, err, "message", JS_NewString(ctx, "Host function failed"));
    cordon_note_stop(ctx, err, STOP_HOST_FAILED);
    return JS_Throw(ctx, err);
}

/* A registered global: magic is the host's function id, func_data[0] is true when async. */
static JSValue call_host(JSContext *c, JSValueConst this_val, int argc, JSValueConst *argv, int magic,
                         JSValueConst *data) {
    (void)this_val;
    int32_t *desc = malloc(sizeof(int32_t) * 3 * (size_t)(argc ? argc : 1));
    const char **strings = calloc((size_t)(argc ? argc : 1), sizeof(char *));
    JSValue result = JS_UNDEFINED;
    if (!desc || !strings) { result = JS_ThrowOutOfMemory(c); goto done; }
    for (int i = 0; i < argc; i++) {
        size_t n = 0;
        uint8_t *bytes;
        int32_t *d = desc + 3 * i;
        if (JS_IsString(argv[i])) {
            strings[i] = JS_ToCStringLen(c, &n, argv[i]);
            if (!strings[i]) { result = JS_EXCEPTION; goto done; }
            d[0] = ARG_STRING; d[1] = (int32_t)(uintptr_t)strings[i]; d[2] = (int32_t)n;
        } else if (JS_IsNumber(argv[i])) {
            double *slot = malloc(sizeof(double));
            if (!slot) { result = JS_ThrowOutOfMemory(c); goto done; }
            JS_ToFloat64(c, slot, argv[i]);
            strings[i] = (const char *)slot;
            d[0] = ARG_NUMBER; d[1] = (int32_t)(uintptr_t)slot; d[2] = 8;
        } else if ((bytes = JS_GetUint8Array(c, &n, argv[i])) != NULL
                   || (JS_FreeValue(c, JS_GetException(c)), (bytes = JS_GetArrayBuffer(c, &n, argv[i])) != NULL)) {
            d[0] = ARG_BYTES; d[1] = (int32_t)(uintptr_t)bytes; d[2] = (int32_t)n;
        } else {
            JS_FreeValue(c, JS_GetException(c));
            d[0] = ARG_UNDEFINED; d[1] = 0; d[2] = 0;
        }
    }
    if (JS_ToBool(c, data[0])) {
        JSValue funcs[2];
        JSValue promise = JS_NewPromiseCapability(c, funcs);
        if (JS_IsException(promise)) { result = promise; goto done; }
        int32_t id = new_pending(funcs);
        if (id < 0) {
            JS_FreeValue(c, funcs[0]); JS_FreeValue(c, funcs[1]); JS_FreeValue(c, promise);
            result = JS_ThrowOutOfMemory(c);
            goto done;
        }
        if (host_call(magic, (int32_t)(uintptr_t)desc, argc, id) != 0) {
            pending[id].resolve = pending[id].reject = JS_UNDEFINED;
            JS_FreeValue(c, funcs[0]); JS_FreeValue(c, funcs[1]); JS_FreeValue(c, promise);
            result = host_error();
            goto done;
        }
        result = promise;
    } else {
        result = host_call(magic, (int32_t)(uintptr_t)desc, argc, -1) != 0 ? host_error() : reply_value();
    }
done:
    if (strings) {
        for (int i = 0; i < argc; i++) {
            if (!strings[i]) continue;
            if (desc[3 * i] == ARG_STRING) JS_FreeCString(c, strings[i]);
            else free((void *)strings[i]);
        }
    }
    free(strings);
    free(desc);
    return result;
}

/* Note the exception the loader just threw as a module that could not be loaded. */
static void note_module_error(JSContext *c) {
    JSValue e = JS_GetException(c);
    cordon_note_stop(c, e, STOP_MODULE_LOAD);
    JS_Throw(c, e);
}

static char *normalize(JSContext *c, const char *base, const char *name, void *opaque) {
    (void)opaque;
    int32_t len = host_normalize((int32_t)(uintptr_t)base, (int32_t)strlen(base),
                                 (int32_t)(uintptr_t)name, (int32_t)strlen(name));
    if (len < 0) {
        JS_ThrowReferenceError(c, "error resolving module '%s' from '%s'", name, base);
        note_module_error(c);
        return NULL;
    }
    char *host = take_reply(len);
    char *out = host ? js_strndup(c, host, (size_t)len) : NULL;
    free(host);
    if (!out) JS_ThrowOutOfMemory(c);
    return out;
}

static JSModuleDef *load(JSContext *c, const char *name, void *opaque) {
    (void)opaque;
    int32_t len = host_load((int32_t)(uintptr_t)name, (int32_t)strlen(name));
    if (len < 0) {
        JS_ThrowReferenceError(c, "error loading module '%s'", name);
        note_module_error(c);
        return NULL;
    }
    int32_t kind = reply_slot.kind;
    char *source = take_reply(len);
    if (!source) { JS_ThrowOutOfMemory(c); return NULL; }
    /* Bytecode resolves the module's own imports while it is read (through normalize/load). */
    JSValue fn = kind == LOAD_BYTECODE
        ? JS_ReadObject(c, (const uint8_t *)source, (size_t)len, JS_READ_OBJ_BYTECODE)
        : JS_Eval(c, source, (size_t)len, name, JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY);
    free(source);
    if (JS_IsException(fn)) return NULL;
    if (JS_VALUE_GET_TAG(fn) != JS_TAG_MODULE) {
        JS_FreeValue(c, fn);
        JS_ThrowReferenceError(c, "error loading module '%s'", name);
        note_module_error(c);
        return NULL;
    }
    if (kind == LOAD_SOURCE_KEEP) {  /* always answered, empty when writing failed: the module still loads */
        size_t n = 0;
        uint8_t *bytecode = JS_WriteObject(c, &n, fn, JS_WRITE_OBJ_BYTECODE);
        if (!bytecode) { JS_FreeValue(c, JS_GetException(c)); n = 0; }
        host_compiled((int32_t)(uintptr_t)bytecode, (int32_t)n);
        js_free(c, bytecode);
    }
    JSModuleDef *m = JS_VALUE_GET_PTR(fn);
    JS_FreeValue(c, fn);
    return m;
}

/* The transport's fast path. `plain_json(v)` is the text JSON.stringify gives an object or array
 * `v` when that text is exactly what the prelude's encoder (core/guest/prelude.js) would write
 * with no marker, else undefined (the caller then takes the encoder's path). Plain: objects of the
 * ordinary Object or Array class whose prototype is the original Object.prototype, Array.prototype
 * or null, nested fewer than PLAIN_MAX_DEPTH levels, with no own "toJSON" or "$cordon" property,
 * every enumerable own string-keyed property (every array index: no holes) a data property, and
 * leaves that are null, booleans, finite numbers or strings of at most PLAIN_BIG_STRING units
 * (undefined too, as an object's property, which both drop). The check reads descriptors only,
 * so it runs no guest code (no getter, proxy trap or toJSON), and neither does JSON.stringify on
 * what it accepts: it sees the very values checked. The encoder's replacer costs a JS call per
 * value; this is a native walk and a native stringify (5,000 rows: ~14 ms -> ~3 ms). */
#define PLAIN_MAX_DEPTH 32   /* transport.MAX_DEPTH */
#define PLAIN_BIG_STRING 8192 /* transport.BIG_STRING */
static JSValue object_proto, array_proto;
static JSClassID object_class, array_class;
static JSAtom atom_to_json, atom_mark, atom_length;

static int plain_value(JSContext *c, JSValueConst v, int depth, int in_object);

/* The prototype chains every accepted object's toJSON lookup walks: no toJSON, no proxy. */
static int plain_protos(JSContext *c) {
    JSValueConst starts[2] = { object_proto, array_proto };
    for (int i = 0; i < 2; i++) {
        JSValue p = JS_DupValue(c, starts[i]);
        while (JS_IsObject(p)) {
            int has = JS_IsProxy(p) ? 1 : JS_GetOwnProperty(c, NULL, p, atom_to_json);
            if (has != 0) { JS_FreeValue(c, p); return has < 0 ? -1 : 0; }
            JSValue next = JS_GetPrototype(c, p);
            JS_FreeValue(c, p);
            p = next;
        }
        if (JS_IsException(p)) return -1;
    }
    return 1;
}

/* 1 when the own property `atom` of `obj` is a data property whose value is plain; 0 when it
 * is not (or is missing: a hole); -1 on an exception. */
static int plain_property(JSContext *c, JSValueConst obj, JSAtom atom, int depth, int in_object) {
    JSPropertyDescriptor desc;
    int has = JS_GetOwnProperty(c, &desc, obj, atom);
    if (has <= 0) return has;
    int r = (desc.flags & JS_PROP_GETSET) ? 0 : plain_value(c, desc.value, depth, in_object);
    JS_FreeValue(c, desc.value);
    JS_FreeValue(c, desc.getter);
    JS_FreeValue(c, desc.setter);
    return r;
}

static int plain_object(JSContext *c, JSValueConst v, int depth) {
    JSClassID cls = JS_GetClassID(v);
    /* A stop request ends the walk (a DAG of shared children can make it long): the encoder's
     * path then meets the interrupt handler. */
    if ((cls != object_class && cls != array_class) || depth >= PLAIN_MAX_DEPTH || cancel_flag) return 0;
    JSValue proto = JS_GetPrototype(c, v);
    if (JS_IsException(proto)) return -1;
    int proto_ok = JS_IsNull(proto) || (JS_IsObject(proto)
        && JS_VALUE_GET_PTR(proto) == JS_VALUE_GET_PTR(cls == array_class ? array_proto : object_proto));
    JS_FreeValue(c, proto);
    if (!proto_ok) return 0;
    int has = JS_GetOwnProperty(c, NULL, v, atom_to_json);
    if (has == 0) has = JS_GetOwnProperty(c, NULL, v, atom_mark);
    if (has != 0) return has < 0 ? -1 : 0;
    if (cls == array_class) {
        int64_t len;
        if (JS_GetLength(c, v, &len) < 0) return -1;
        for (int64_t i = 0; i < len; i++) {
            JSAtom atom = JS_NewAtomUInt32(c, (uint32_t)i);
            if (atom == JS_ATOM_NULL) return -1;
            int r = plain_property(c, v, atom, depth + 1, 0);
            JS_FreeAtom(c, atom);
            if (r <= 0) return r;
        }
        return 1;
    }
    JSPropertyEnum *tab;
    uint32_t n;
    if (JS_GetOwnPropertyNames(c, &tab, &n, v, JS_GPN_STRING_MASK | JS_GPN_ENUM_ONLY) < 0) return -1;
    int r = 1;
    for (uint32_t i = 0; i < n && r > 0; i++) r = plain_property(c, v, tab[i].atom, depth + 1, 1);
    JS_FreePropertyEnum(c, tab, n);
    return r;
}

static int plain_value(JSContext *c, JSValueConst v, int depth, int in_object) {
    switch (JS_VALUE_GET_NORM_TAG(v)) {
    case JS_TAG_NULL: case JS_TAG_BOOL: case JS_TAG_INT: return 1;
    case JS_TAG_UNDEFINED: return in_object;
    case JS_TAG_FLOAT64: {
        double d = JS_VALUE_GET_FLOAT64(v);
        return d == d && d - d == 0;  /* finite */
    }
    case JS_TAG_STRING: case JS_TAG_STRING_ROPE: {
        JSValue len = JS_GetProperty(c, v, atom_length);
        if (JS_IsException(len)) return -1;
        return JS_VALUE_GET_TAG(len) == JS_TAG_INT && JS_VALUE_GET_INT(len) <= PLAIN_BIG_STRING;
    }
    case JS_TAG_OBJECT: return plain_object(c, v, depth);
    default: return 0;
    }
}

static JSValue plain_json(JSContext *c, JSValueConst this_val, int argc, JSValueConst *argv) {
    (void)this_val;
    int r = argc > 0 && JS_IsObject(argv[0]) ? plain_protos(c) : 0;
    if (r > 0) r = plain_object(c, argv[0], 0);
    if (r < 0) return JS_EXCEPTION;
    return r ? JS_JSONStringify(c, argv[0], JS_UNDEFINED, JS_UNDEFINED) : JS_UNDEFINED;
}

static int32_t init_plain_json(void) {
    JSValue obj = JS_NewObject(ctx), arr = JS_NewArray(ctx);
    if (JS_IsException(obj) || JS_IsException(arr)) return -3;
    object_class = JS_GetClassID(obj);
    array_class = JS_GetClassID(arr);
    object_proto = JS_GetPrototype(ctx, obj);
    array_proto = JS_GetPrototype(ctx, arr);
    JS_FreeValue(ctx, obj);
    JS_FreeValue(ctx, arr);
    atom_to_json = JS_NewAtom(ctx, "toJSON");
    atom_mark = JS_NewAtom(ctx, "$cordon");
    atom_length = JS_NewAtom(ctx, "length");
    JSValue global = JS_GetGlobalObject(ctx);
    int r = JS_SetPropertyStr(ctx, global, "__cordon_plain_json", JS_NewCFunction(ctx, plain_json, "plainJSON", 1));
    JS_FreeValue(ctx, global);
    return r < 0 ? -3 : 0;
}

static int32_t init_runtime(void) {
    if (rt) return 0;
    rt = JS_NewRuntime();
    if (!rt) return -1;
    ctx = JS_NewContext(rt);
    if (!ctx) return -2;
    JS_SetInterruptHandler(rt, interrupt_handler, NULL);
    JS_SetModuleLoaderFunc(rt, normalize, load, NULL);
    main_promise = JS_UNDEFINED;
    stop_value = JS_UNDEFINED;
    return init_plain_json();
}

static int32_t register_function(const char *name, int32_t fn_id, int32_t is_async) {
    JSValue flag = JS_NewBool(ctx, is_async != 0);
    JSValue fn = JS_NewCFunctionData(ctx, call_host, 0, fn_id, 1, &flag);
    if (JS_IsException(fn)) return report_exception();
    JSValue global = JS_GetGlobalObject(ctx);
    int r = JS_SetPropertyStr(ctx, global, name, fn);
    JS_FreeValue(ctx, global);
    return r < 0 ? report_exception() : ST_OK;
}

/* Where the host finds this guest's fixed buffers (addresses are the same in every instance). */
static struct { int32_t cancel_flag, reply_slot, scratch, result, entry, call, jobs; } layout;

/* The threshold this guest last set (gc_headroom); QuickJS resets it after each collection. */
static size_t gc_threshold_set;

/* Let the heap grow to `factor` times its size after the last collection before the next one,
 * where QuickJS allows 1.5 times (a long-lived guest answering many small requests, the TypeScript
 * checker's: fewer collections, each walking the same live heap), but never past `cap_mib` MiB
 * unless QuickJS's own threshold is past it already: QuickJS does not collect before refusing an
 * allocation at the memory limit, so garbage left near the limit would end the guest out of
 * memory. QuickJS sets the threshold to 1.5 x the size after every collection it runs, so a
 * threshold other than the one set here last means a collection ran, and the size after it is two
 * thirds of that threshold. Returns the threshold in KiB. */
static int32_t gc_headroom(int32_t factor, int32_t cap_mib) {
    size_t threshold = JS_GetGCThreshold(rt);
    if (factor > 1 && threshold != gc_threshold_set) {
        size_t wide = threshold / 3 * 2 * (size_t)factor;
        size_t cap = (size_t)cap_mib << 20;
        if (wide > cap) wide = cap > threshold ? cap : threshold;
        threshold = wide;
        JS_SetGCThreshold(rt, threshold);
        gc_threshold_set = threshold;
    }
    return (int32_t)(threshold >> 10);
}

/* What only building an image needs, behind one export (each export costs every run a lookup).
 * op 0: create the runtime and context; 1: register global `a` (a NUL-terminated name) calling
 * host function id `b`, async when c != 0; 2: collect garbage; 3: the address of `layout`;
 * 4: the collector's headroom, `a` times the heap after a collection, at most `b` MiB (gc_headroom). */
EXPORT(cg_setup) int32_t cg_setup(int32_t op, int32_t a, int32_t b, int32_t c) {
    switch (op) {
    case 0: return init_runtime();
    case 1: return register_function((const char *)(uintptr_t)a, b, c);
    case 2: JS_RunGC(rt); return 0;
    case 4: return gc_headroom(a, b);
    case 3:
        layout.cancel_flag = (int32_t)(uintptr_t)&cancel_flag;
        layout.reply_slot = (int32_t)(uintptr_t)&reply_slot;
        layout.scratch = (int32_t)(uintptr_t)scratch;
        layout.result = (int32_t)(uintptr_t)&result;
        layout.entry = (int32_t)(uintptr_t)&entry_slot;
        layout.call = (int32_t)(uintptr_t)&call_slot;
        layout.jobs = (int32_t)(uintptr_t)&jobs_after_eval;
        return (int32_t)(uintptr_t)&layout;
    default: return -1;
    }
}

EXPORT(cg_alloc) int32_t cg_alloc(uint32_t n) { return (int32_t)(uintptr_t)malloc(n ? n : 1); }
EXPORT(cg_free) void cg_free(int32_t p) { free((void *)(uintptr_t)p); }

/* Whether a host call is still to settle one of this guest's promises. */
static int host_calls_pending(void) {
    for (int32_t i = 0; i < pending_cap; i++)
        if (!JS_IsUndefined(pending[i].resolve)) return 1;
    return 0;
}

/* Run promise jobs until none is left, then report the main promise: ST_OK (fulfilled),
 * ST_PENDING, or ST_ERROR (rejected, or a job was stopped by an interrupt or OOM). */
static int32_t cg_drain(void) {
    JSContext *c1;
    for (;;) {
        int r = JS_ExecutePendingJob(rt, &c1);
        if (r == 0) break;
        if (r < 0) return report_exception();
    }
    switch (JS_PromiseState(ctx, main_promise)) {
    case JS_PROMISE_PENDING:
        /* Nothing left to run and no host call to settle anything: the promise can never settle.
         * When the heap ran out during this run, that is why (there was no room to deliver the
         * rejection): the run ended out of memory, not deadlocked. */
        if (stop_kind == STOP_OUT_OF_MEMORY && !host_calls_pending()) {
            set_result(OOM_RESULT, sizeof OOM_RESULT - 1);
            result.stop = STOP_OUT_OF_MEMORY;
            return ST_ERROR;
        }
        return ST_PENDING;
    case JS_PROMISE_REJECTED: return report_error(JS_PromiseResult(ctx, main_promise));
    default: return ST_OK;
    }
}

/* Set this run's limits, then evaluate the source at src[0..len) (NUL at src[len]) named by the
 * NUL-terminated `name`. flags bit0: module. A script's completion is dropped (the prelude returns
 * nothing); a module's evaluation promise becomes the main promise that cg_drain reports on. */
static int32_t run(int32_t src, uint32_t len, int32_t name, uint32_t flags, uint32_t limit, uint32_t stack_limit) {
    memory_limit = limit;
    stop_kind = STOP_NONE;  /* what stopped an earlier evaluation (an image's) is not this run's */
    JS_SetMemoryLimit(rt, limit);
    JS_SetMaxStackSize(rt, stack_limit);
    int module = flags & 1;
    JSValue v = JS_Eval(ctx, (const char *)(uintptr_t)src, len, (const char *)(uintptr_t)name,
                        module ? JS_EVAL_TYPE_MODULE : JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(v)) return report_exception();
    if (!module) { JS_FreeValue(ctx, v); return ST_OK; }
    jobs_after_eval = JS_IsJobPending(rt);
    JS_FreeValue(ctx, main_promise);
    main_promise = v;
    return cg_drain();
}

/* Settle async call `id`: ok=1 resolves with the reply in the reply slot, ok=0 rejects
 * with HostError. Then drain, as cg_drain. */
static int32_t settle(int32_t id, int32_t ok) {
    if (id < 0 || id >= pending_cap || JS_IsUndefined(pending[id].resolve)) return cg_drain();
    Pending p = pending[id];
    pending[id].resolve = pending[id].reject = JS_UNDEFINED;
    JSValue arg = JS_UNDEFINED;
    JSValue fn = p.resolve;
    if (ok) {
        arg = reply_value();
    } else {
        host_error();
    }
    if (!ok || JS_IsException(arg)) { arg = JS_GetException(ctx); fn = p.reject; }
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 1, (JSValueConst *)&arg);
    JS_FreeValue(ctx, arg);
    JS_FreeValue(ctx, p.resolve);
    JS_FreeValue(ctx, p.reject);
    if (JS_IsException(r)) return report_exception();
    JS_FreeValue(ctx, r);
    return cg_drain();
}

/* entry_slot.arg: src, len, name, flags, limit, stack_limit (see run). The status reads ST_ERROR
 * until the call returns, so a trapped call leaves no stale ST_OK behind. */
EXPORT(cg_run) void cg_run(void) {
    int32_t *a = entry_slot.arg;
    entry_slot.status = ST_ERROR;
    entry_slot.status = run(a[0], (uint32_t)a[1], a[2], (uint32_t)a[3], (uint32_t)a[4], (uint32_t)a[5]);
}

/* entry_slot.arg: id, ok (see settle). */
EXPORT(cg_settle) void cg_settle(void) {
    entry_slot.status = ST_ERROR;
    entry_slot.status = settle(entry_slot.arg[0], entry_slot.arg[1]);
}
