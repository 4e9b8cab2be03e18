// The guest half of core/codenode/streams.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const done = Object.freeze({ value: undefined, done: true });
  function iterable(next) {
    return { [Symbol.asyncIterator]() { return { next, return: async () => done }; } };
  }
  function stream(name) {
    return iterable(async () => {
      const r = await C.call("stream.take", name);
      return r[0] ? { value: r[1], done: false } : done;
    });
  }
  stream.any = function any() {
    return iterable(async () => {
      const r = await C.call("stream.takeAny");
      return r === null ? done : { value: r, done: false };
    });
  };
  stream.first = async function first(name) {
    const r = await C.call("stream.take", name);
    return r[0] ? r[1] : undefined;
  };
  stream.open = function open(name) { return C.callSync("stream.open", name); };
  C.define("stream", Object.freeze(stream));
