/**
 * Makes the pack refuse a config that names policies it does not have.
 *
 * The engine hands the config to the pack in one gRPC call, Configure, and an
 * error there fails `pulumi preview`, `up` and `policy analyze` at once with its
 * message. @pulumi/policy implements that call itself and exports no hook, so
 * this wraps its implementation where @pulumi/policy registers it: at
 * `addService` on the gRPC server class of the @grpc/grpc-js copy that
 * @pulumi/policy loads. Only the engine loads index.ts (which calls this), so
 * the patch lives in the pack's own process.
 */
import { createRequire } from "node:module";
import { unknownPolicyMessage, unknownPolicyNames } from "./config-names";

/** The part of ConfigureAnalyzerRequest read here. */
interface ConfigureCall {
  request: { getPolicyconfigMap(): { keys(): Iterable<string> } };
}
type Callback = (error: { code: number; details: string } | null, value?: unknown) => void;
type Implementation = Record<string, ((call: ConfigureCall, callback: Callback) => unknown) | undefined>;

/** The part of @grpc/grpc-js used here (a dependency of @pulumi/policy, not of this package). */
interface Grpc {
  Server: { prototype: { addService(this: unknown, service: unknown, implementation: object): void } };
  status: { INVALID_ARGUMENT: number };
}

/** Before `new PolicyPack(...)`: Configure then fails on a name not in `known`. */
export function rejectUnknownPolicyNames(packName: string, known: readonly string[]): void {
  const policyRequire = createRequire(require.resolve("@pulumi/policy"));
  const grpc = policyRequire("@grpc/grpc-js") as Grpc;
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (service, implementation) {
    const impl = implementation as Implementation;
    const configure = impl.configure;
    if (configure) {
      impl.configure = (call, callback) => {
        const unknown = unknownPolicyNames(call.request.getPolicyconfigMap().keys(), known);
        if (unknown.length === 0) return configure(call, callback);
        callback({ code: grpc.status.INVALID_ARGUMENT, details: unknownPolicyMessage(packName, unknown, known) });
        return undefined;
      };
    }
    return addService.call(this, service, implementation);
  };
}
