// The guest half of core/bridges/media.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  function opts(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" || Array.isArray(o)) throw new TypeError(what + ": options must be an object");
    return o;
  }
  function builder(type) {
    return function (data, options) {
      return C.call("media.to", type, data, opts(options, "media.to" + type));
    };
  }
  const media = {
    bytes(ref) { return C.call("media.bytes", ref); },
    text(ref, options) { return C.call("media.text", ref, opts(options, "media.text")); },
    info(ref) { return C.call("media.info", ref); },
    toDocument: builder("document"),
    toImage: builder("image"),
    toAudio: builder("audio"),
    toVideo: builder("video"),
  };
  C.define("media", Object.freeze(media));
