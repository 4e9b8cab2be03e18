// The guest half of core/bridges/workspace.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const call = (op, ...args) => C.call("workspace." + op, ...args);
  const workspace = {
    read(path, options) { return call("read", path, options); },
    readBytes(path, options) { return call("readBytes", path, options); },
    write(path, text, options) { return call("write", path, text, options); },
    writeBytes(path, data, options) { return call("writeBytes", path, data, options); },
    list(path = ".", options) { return call("list", path, options); },
    stat(path, options) { return call("stat", path, options); },
    copy(from, to, options) { return call("copy", from, to, options); },
    move(from, to, options) { return call("move", from, to, options); },
    mkdir(path, options) { return call("mkdir", path, options); },
    remove(path, options) { return call("remove", path, options); },
    root() { return C.callSync("workspace.root"); },
  };
  C.define("workspace", Object.freeze(workspace));
