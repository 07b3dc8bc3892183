/**
 * Node's on-disk compile cache for the plugin process, turned on the way CLI tools such as
 * TypeScript's turn it on. The engine starts the plugin afresh for every preview, up, refresh and
 * destroy, and compiling @pulumi/pulumi, gRPC and our modules is about a third of each start's
 * CPU (≈ 590 → 400 ms with the cache on this repository's 2-core machine; bench/README.md).
 * main.ts imports this module first, so the cache covers every module loaded after it.
 *
 * Node writes the cache when a process exits by itself, but the engine ends its plugins with a
 * signal, so main.ts calls `flushCompileCache` once the server is up. The directory is Node's
 * default (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE); NODE_DISABLE_COMPILE_CACHE=1
 * turns it off. It is only an optimization: Node reports failures instead of throwing them, and
 * a flush that fails is ignored.
 */
import * as nodeModule from "node:module";

nodeModule.enableCompileCache();

/** Writes what has been compiled so far into the cache. */
export function flushCompileCache(): void {
  try {
    nodeModule.flushCompileCache();
  } catch {
    // A read-only or full temporary directory: the next start compiles again, nothing else changes.
  }
}
