// The guest half of core/bridges/assets.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  C.define("assetToSandbox", function assetToSandbox(assetId, path) {
    return C.call("assets.toSandbox", assetId, path);
  });
  C.define("sandboxToAsset", function sandboxToAsset(path) { return C.call("assets.fromSandbox", path); });
