#!/usr/bin/env node
/**
 * pulumi-resource-integration-platform: the provider plugin executable. The
 * engine starts it (found on PATH, or installed with `pulumi plugin install
 * resource integration-platform <version> --file …`) and reads the port of
 * its gRPC server from the first line of stdout.
 *
 * It runs @pulumi/pulumi's provider server (`main` with our `Provider`), with
 * two things changed when it registers its gRPC service (it offers no hook):
 * - the configuration handlers of config.ts replace the server's own stubs;
 * - `read` of an object the engine has no state for (`pulumi import`, the
 *   `import` option) gets empty properties: the server would fail with
 *   `Cannot read properties of undefined (reading 'toJavaScript')` — the same
 *   fault that keeps dynamic resources from being imported (pulumi/pulumi#16175).
 */
// First: the compile cache covers only the modules loaded after it is on.
import { flushCompileCache } from "./compile-cache";
import { createRequire } from "node:module";
import * as path from "node:path";
import { readFileSync } from "node:fs";
import { main } from "@pulumi/pulumi/provider";
import { configHandlers } from "./config";
import { pluginProvider } from "./provider";

// The gRPC module and service definition of the copy of @pulumi/pulumi whose `main` runs below.
const pulumiRequire = createRequire(require.resolve("@pulumi/pulumi"));
/* eslint-disable @typescript-eslint/no-require-imports */
const grpc = pulumiRequire("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
const { ResourceProviderService } = pulumiRequire("./proto/provider_grpc_pb");
const structproto = pulumiRequire("google-protobuf/google/protobuf/struct_pb");
/* eslint-enable @typescript-eslint/no-require-imports */

type Handler = (call: { request: any }, callback: unknown) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The server's `read`, given empty properties when the engine sent none. */
function readWithoutState(read: Handler): Handler {
  return (call, callback) => {
    if (!call.request.getProperties()) call.request.setProperties(new structproto.Struct());
    return read(call, callback);
  };
}

function withProtocolFixes(): void {
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (service, implementation) {
    if (service !== ResourceProviderService) return addService.call(this, service, implementation);
    // The server's own methods stay (an object inheriting from it); these replace some.
    const served = Object.assign(Object.create(implementation), configHandlers, {
      read: readWithoutState((implementation.read as Handler).bind(implementation)),
    });
    return addService.call(this, service, served);
  };
}

/** The package's version: the plugin reports it, and the schema carries it. */
function packageVersion(): string {
  const manifest = path.join(__dirname, "..", "..", "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

withProtocolFixes();
void main(pluginProvider(packageVersion()), process.argv.slice(2)).then(flushCompileCache);
