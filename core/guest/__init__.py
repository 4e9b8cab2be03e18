"""Guest-side files: the QuickJS module (built by guest/build.sh) and the prelude."""

#: What guest code runs on: part of every cache key that depends on the engine's behaviour (the pack
#: compiler's). Bump the last number when guest/cordon_guest.c changes what guest code can observe.
ENGINE_VERSION = "quickjs-ng/0.17.0+cordon-guest/1"
