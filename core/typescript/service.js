// Cordon's TypeScript service, in the guest after the vendored compiler (resources/typescript/).
// It has no capabilities: two host functions carry a request in and its answer out, as JSON text
// (core/typescript/guest.py). Positions cross as 0-based {line, character} in UTF-16 units, which
// is what JavaScript strings, TypeScript and the Language Server Protocol all count in.
(function () {
  "use strict";
  const { ts, blankSourceFile } = globalThis.__cordon_typescript;
  const take = globalThis.__ts_take;
  const reply = globalThis.__ts_reply;
  delete globalThis.__cordon_typescript;
  delete globalThis.__ts_take;
  delete globalThis.__ts_reply;
  // The guest has no Intl (docs/sandbox-api.md); TypeScript sorts completions with a Collator.
  if (typeof globalThis.Intl === "undefined") {
    const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
    globalThis.Intl = { Collator: function Collator() { return { compare }; } };
  }

  // -- stripping ------------------------------------------------------------------------
  const NAMES = {
    EnumDeclaration: "an enum",
    ModuleDeclaration: "a namespace",
    PublicKeyword: "a parameter property",
    PrivateKeyword: "a parameter property",
    ProtectedKeyword: "a parameter property",
    ReadonlyKeyword: "a parameter property",
    OverrideKeyword: "a parameter property",
    ImportEqualsDeclaration: "'import = require'",
    ExportAssignment: "'export ='",
    TypeAssertionExpression: "a '<Type>value' assertion (write 'value as Type')",
    AsExpression: "an 'as' mixed with ?? and && (add parentheses)",
    SatisfiesExpression: "a 'satisfies' mixed with ?? and && (add parentheses)",
    Decorator: "a decorator",
  };

  function where(sf, node) {
    const at = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return { line: at.line, character: at.character };
  }

  function strip(source) {
    const sf = ts.createSourceFile("body.ts", source, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
    const refused = [];
    const refuse = (node) => {
      const kind = ts.SyntaxKind[node.kind];
      refused.push({ construct: NAMES[kind] || kind, ...where(sf, node) });
    };
    // Decorators are JavaScript syntax ts-blank-space keeps; the guest's QuickJS has none.
    (function visit(node) {
      if (node.kind === ts.SyntaxKind.Decorator) refuse(node);
      ts.forEachChild(node, visit);
    })(sf);
    const code = blankSourceFile(sf, refuse);
    refused.sort((a, b) => a.line - b.line || a.character - b.character);
    return { code, refused };
  }

  // -- the language service over in-memory files -------------------------------------
  const files = new Map(); // name -> {text, version}
  const libs = new Map(); // "/lib/lib.es5.d.ts" -> text
  const snapshots = new Map(); // name -> [version, snapshot]
  let packMap = {}; // specifier -> file name
  let projectVersion = 0;
  let fileVersions = 0;

  // The standard library a body sees: ES2023 and what QuickJS-ng has beyond it.
  const LIB_ROOTS = ["lib.es2023.d.ts", "lib.esnext.disposable.d.ts", "lib.esnext.float16.d.ts", "lib.esnext.iterator.d.ts"];
  // ...served as one file (`combineLibs`), the only default library the program loads.
  const LIB_FILE = "/lib/lib.cordon.d.ts";
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
    checkJs: true,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    allowNonTsExtensions: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
  };

  function textOf(name) {
    const file = files.get(name);
    if (file) return file.text;
    return libs.get(name);
  }

  // A snapshot that tells TypeScript what changed since the one before it (the common prefix and
  // suffix), so an edit reparses only around itself: a full parse of a 200-line body is ~40 ms here.
  function snapshot(text, previous) {
    return {
      text,
      getText: (start, end) => text.substring(start, end),
      getLength: () => text.length,
      getChangeRange(old) {
        if (old !== previous) return undefined;
        const before = old.text;
        const limit = Math.min(before.length, text.length);
        let start = 0;
        while (start < limit && before.charCodeAt(start) === text.charCodeAt(start)) start++;
        let tail = 0;
        while (
          tail < limit - start &&
          before.charCodeAt(before.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)
        )
          tail++;
        const span = ts.createTextSpan(start, before.length - start - tail);
        return ts.createTextChangeRange(span, text.length - start - tail);
      },
    };
  }

  const host = {
    getCompilationSettings: () => options,
    getProjectVersion: () => String(projectVersion),
    getScriptFileNames: () => [...files.keys()].filter((n) => !n.startsWith("/packs/")),
    getScriptVersion: (name) => String(files.has(name) ? files.get(name).version : 0),
    getScriptSnapshot(name) {
      const text = textOf(name);
      if (text === undefined) return undefined;
      const version = files.has(name) ? files.get(name).version : 0;
      const kept = snapshots.get(name);
      if (kept && kept[0] === version) return kept[1];
      const snap = snapshot(text, kept && kept[1]);
      snapshots.set(name, [version, snap]);
      return snap;
    },
    getCurrentDirectory: () => "/",
    getDefaultLibFileName: () => LIB_FILE,
    fileExists: (name) => textOf(name) !== undefined,
    readFile: (name) => textOf(name),
    directoryExists: (name) => name === "/" || name === "/lib" || name.startsWith("/packs"),
    getDirectories: () => [],
    useCaseSensitiveFileNames: () => true,
    resolveModuleNameLiterals(literals, containingFile) {
      return literals.map((literal) => {
        const spec = literal.text;
        let target = packMap[spec];
        if (!target && spec.startsWith(".") && containingFile.startsWith("/packs/")) {
          const base = containingFile.slice(0, containingFile.lastIndexOf("/") + 1);
          const parts = [];
          for (const part of (base + spec).split("/")) {
            if (part === "..") parts.pop();
            else if (part !== "." && part !== "") parts.push(part);
          }
          const joined = "/" + parts.join("/");
          target = [joined, joined + ".js", joined + ".d.ts"].find((n) => files.has(n));
        }
        if (!target) return { resolvedModule: undefined };
        const extension = target.endsWith(".d.ts") ? ts.Extension.Dts : ts.Extension.Js;
        return { resolvedModule: { resolvedFileName: target, extension, isExternalLibraryImport: false } };
      });
    },
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());

  function update(request) {
    let changed = false;
    for (const [name, text] of Object.entries(request.files || {})) {
      const file = files.get(name);
      if (file && file.text === text) continue;
      // one counter for every file: a file removed and sent again must never meet its old snapshot
      // under a version number it had before (the body's name alternates between contexts)
      files.set(name, { text, version: ++fileVersions });
      changed = true;
    }
    for (const name of request.remove || []) {
      snapshots.delete(name);
      changed = files.delete(name) || changed;
    }
    if (request.packs) {
      changed = changed || JSON.stringify(request.packs) !== JSON.stringify(packMap);
      packMap = request.packs;
    }
    if (changed) projectVersion++;
    return { files: files.size };
  }

  // -- answers -----------------------------------------------------------------------------
  function sourceFile(name) {
    return service.getProgram().getSourceFile(name);
  }

  // A file's line starts, from its source file in the program, which keeps them (each computation
  // is ~2 ms for the 200-line body here, and a diagnostics answer needs two per finding).
  function lineStarts(name) {
    const sf = sourceFile(name);
    return sf ? sf.getLineStarts() : ts.computeLineStarts(textOf(name) || "");
  }

  function offset(request) {
    const text = textOf(request.file);
    const lines = lineStarts(request.file);
    const start = lines[Math.min(request.line, lines.length - 1)];
    return Math.min(start + request.character, text.length);
  }

  function position(name, at) {
    const text = textOf(name) || "";
    const lc = ts.computeLineAndCharacterOfPosition(lineStarts(name), Math.min(at, text.length));
    return { line: lc.line, character: lc.character };
  }

  function range(name, span) {
    return { start: position(name, span.start), end: position(name, span.start + span.length) };
  }

  const text = (parts) => ts.displayPartsToString(parts || []);

  function docs(documentation, tags) {
    const out = [text(documentation)];
    for (const tag of tags || []) out.push(`@${tag.name}${tag.text ? " " + text(tag.text) : ""}`);
    return out.filter(Boolean).join("\n\n");
  }

  // TypeScript's codes a body may break on purpose: it is the body of an async function, so a
  // top-level `return` is how it answers.
  const BODY_IS_A_FUNCTION = new Set([1108]);
  const CATEGORY = ["warning", "error", "info", "info"];

  function diagnostics(request) {
    const name = request.file;
    const found = [...service.getSyntacticDiagnostics(name), ...service.getSemanticDiagnostics(name)];
    return found
      .filter((d) => !BODY_IS_A_FUNCTION.has(d.code) && d.start !== undefined)
      .map((d) => ({
        ...range(name, { start: d.start, length: d.length || 0 }),
        code: d.code,
        severity: CATEGORY[d.category],
        message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
      }));
  }

  function completion(request) {
    const at = offset(request);
    const list = () =>
      service.getCompletionsAtPosition(request.file, at, {
        includeCompletionsWithInsertText: true,
        includeCompletionsForModuleExports: false,
        includeSymbol: true,
      });
    const found = request.asTypeScript ? list() : withOneTypePerAccess(service.getProgram().getTypeChecker(), list);
    if (!found) return { items: [], member: false };
    const prefix = /[A-Za-z0-9_$]*$/.exec(textOf(request.file).slice(0, at))[0].toLowerCase();
    const entries = found.entries
      .filter((e) => e.name.toLowerCase().startsWith(prefix) && (!request.only || e.name === request.only))
      .sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : a.name.localeCompare(b.name)))
      .slice(0, request.limit || 100);
    const detailed = request.details || 0; // LanguageService.completion asks for DETAILED
    const describe = request.asTypeScript ? (e) => entryDetails(request.file, at, e) : symbolDetails(request.file, at);
    const items = entries.map((e, i) => {
      const item = { name: e.name, kind: e.kind, sortText: e.sortText };
      if (i < detailed) Object.assign(item, describe(e));
      return item;
    });
    return { items, member: found.isMemberCompletion };
  }

  // Two shortcuts around TypeScript's completion, each giving its answer in less work; a request
  // with `asTypeScript` takes neither, and tests pin the two answers to be the same.
  //
  // A namespace's members (`dates.` of date-fns: 531 exports) are each kept only if
  // `checker.isValidPropertyAccess(node, name)` says so, and that works out the type of `dates`
  // again for every name: a reference's type walks back through every earlier statement of the
  // body, ~1 ms each here for a 200-line body, so ~0.5 s a keystroke. The type of one node is the
  // same for every name, so it is worked out once for the question; the rest is
  // TypeScript's own test (`isValidPropertyAccessWithType`: any type passes, else the property
  // must exist and be accessible).
  function withOneTypePerAccess(checker, answer) {
    const own = checker.isValidPropertyAccess;
    const types = new Map();
    checker.isValidPropertyAccess = (node, name) => {
      if (!ts.isPropertyAccessExpression(node) || node.expression.kind === ts.SyntaxKind.SuperKeyword) {
        return own(node, name);
      }
      let type = types.get(node);
      if (type === undefined) {
        type = checker.getWidenedType(checker.getTypeAtLocation(node.expression));
        types.set(node, type);
      }
      if (type.flags & ts.TypeFlags.Any) return true;
      const property = checker.getPropertyOfType(type, name);
      return !!property && checker.isValidPropertyAccessForCompletions(node, type, property);
    };
    try {
      return answer();
    } finally {
      checker.isValidPropertyAccess = own;
    }
  }

  // An entry's type and docs as TypeScript's `getCompletionEntryDetails` gives them. That call
  // works out the whole completion again to find the entry's symbol (~10 ms an entry here for
  // `inputs.`, far more where every global fits), so an entry that came with its symbol is
  // described from it directly, by the function TypeScript's own call ends in, at the node it
  // passes (the name touching the position). Entries with no symbol (keywords, literals) or with
  // an import to add take TypeScript's call.
  function symbolDetails(file, at) {
    const program = service.getProgram();
    const checker = program.getTypeChecker();
    const sf = program.getSourceFile(file);
    const location = ts.getTouchingPropertyName(sf, at);
    return (entry) => {
      if (!entry.symbol || entry.source || entry.data) return entryDetails(file, at, entry);
      const d = ts.Completions.createCompletionDetailsForSymbol(entry.symbol, entry.name, checker, sf, location);
      return described(d);
    };
  }

  function entryDetails(file, at, entry) {
    return described(service.getCompletionEntryDetails(file, at, entry.name, undefined, entry.source, undefined, entry.data));
  }

  function described(d) {
    return d ? { detail: text(d.displayParts), documentation: docs(d.documentation, d.tags) } : {};
  }

  function hover(request) {
    const info = service.getQuickInfoAtPosition(request.file, offset(request));
    if (!info) return null;
    return {
      ...range(request.file, info.textSpan),
      signature: text(info.displayParts),
      documentation: docs(info.documentation, info.tags),
    };
  }

  function signature(request) {
    const help = service.getSignatureHelpItems(request.file, offset(request), undefined);
    if (!help) return null;
    return {
      active: help.selectedItemIndex,
      parameter: help.argumentIndex,
      signatures: help.items.map((item) => ({
        label: text(item.prefixDisplayParts) + item.parameters.map((p) => text(p.displayParts)).join(text(item.separatorDisplayParts)) + text(item.suffixDisplayParts),
        documentation: docs(item.documentation, item.tags),
        parameters: item.parameters.map((p) => ({ label: text(p.displayParts), documentation: text(p.documentation) })),
      })),
    };
  }

  function definition(request) {
    const found = service.getDefinitionAtPosition(request.file, offset(request)) || [];
    return found.map((d) => ({ file: d.fileName, ...range(d.fileName, d.textSpan) }));
  }

  function rename(request) {
    const at = offset(request);
    const info = service.getRenameInfo(request.file, at, {});
    if (!info.canRename) return { error: info.localizedErrorMessage, edits: [] };
    const found = service.findRenameLocations(request.file, at, false, false, {}) || [];
    if (found.some((l) => l.fileName !== request.file)) {
      return { error: "this name is declared outside the body (the sandbox, a pack or the inputs)", edits: [] };
    }
    return { error: null, edits: found.map((l) => range(l.fileName, l.textSpan)) };
  }

  // A module's exports and the type of each, as the checker sees them (one pass, for tests and tools).
  function exportTypes(request) {
    const program = service.getProgram();
    const checker = program.getTypeChecker();
    const file = program.getSourceFile(packMap[request.specifier]);
    const symbol = file && checker.getSymbolAtLocation(file);
    if (!symbol) return null;
    const out = {};
    for (const exported of checker.getExportsOfModule(symbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      out[exported.name] = checker.typeToString(checker.getTypeOfSymbolAtLocation(target, file));
    }
    return out;
  }

  // The library files LIB_ROOTS reach through their `/// <reference lib>` lines, as one file, in the
  // order TypeScript itself would load them (its own list of libraries, `ts.libs`). A checker is
  // made for every program, so after every keystroke, and it merges each library file's globals
  // into one table: across 64 files that cloned and merged every interface the later editions
  // extend (Array, String, Promise...), ~20-50 ms a keystroke in the guest. In one file the binder
  // merges them, once, and the bound file is kept from program to program. The program also no
  // longer walks 64 library files to see that none changed.
  function combineLibs(given) {
    const reached = new Set();
    const pending = [...LIB_ROOTS];
    while (pending.length) {
      const name = pending.pop();
      if (reached.has(name) || !given.has(name)) continue;
      reached.add(name);
      for (const ref of ts.preProcessFile(given.get(name), true, true).libReferenceDirectives) {
        pending.push(`lib.${ref.fileName.toLowerCase()}.d.ts`);
      }
    }
    const rank = (name) => {
      const at = ts.libs.indexOf(name.slice("lib.".length, -".d.ts".length));
      return at < 0 ? ts.libs.length : at;
    };
    const ordered = [...reached].sort((a, b) => rank(a) - rank(b));
    const directive = /^\/\/\/ *<reference +(lib|no-default-lib)=.*$/gm;
    // A library shaped as a module (esnext.iterator: `export {}` and `declare global`) would make
    // the whole file a module: it stays a file of its own, which the combined one references.
    const isModule = (name) => /^(export|import)\b/m.test(given.get(name));
    const out = new Map();
    const own = ordered.filter(isModule);
    for (const name of own) out.set(`/lib/${name}`, given.get(name).replace(directive, ""));
    out.set(
      LIB_FILE,
      '/// <reference no-default-lib="true"/>\n' +
        own.map((name) => `/// <reference lib="${name.slice("lib.".length, -".d.ts".length)}" />\n`).join("") +
        ordered
          .filter((name) => !isModule(name))
          .map((name) => `// ${name}\n` + given.get(name).replace(directive, ""))
          .join("\n"),
    );
    return out;
  }

  function setLibs(request) {
    const given = new Map(Object.entries(request.libs).map(([name, body]) => [name.replace(/^\/lib\//, ""), body]));
    for (const [name, text] of combineLibs(given)) libs.set(name, text);
    return { libs: given.size };
  }

  // Build the program and its checker now (a warm-up, or after an edit before the next question).
  function prepare() {
    const started = Date.now();
    const program = service.getProgram();
    const built = Date.now();
    program.getTypeChecker();
    return { programMs: built - started, checkerMs: Date.now() - built, reused: program.structureIsReused };
  }

  const OPS = { strip, prepare, update, exportTypes, diagnostics, completion, hover, signature, definition, rename, setLibs };

  globalThis.__cordon_ls = function () {
    const started = Date.now();
    let answer;
    try {
      const request = JSON.parse(take());
      if (request.files || request.remove || request.packs) update(request);
      const op = OPS[request.op];
      if (!op) throw new Error(`unknown op ${request.op}`);
      answer = { ok: true, value: request.op === "strip" ? strip(request.source) : op(request) };
      answer.ms = Date.now() - started; // the guest's share of the request, for bench/bench_lsp.py
    } catch (e) {
      answer = { ok: false, error: String(e) + "\n" + String((e && e.stack) || "") };
    }
    reply(JSON.stringify(answer));
  };
})();
