/**
 * Shared plumbing of the data-source functions. They run in the Pulumi
 * program itself (no provider process), so credentials come from the stack
 * config read through the runtime (which does not warn on secrets), then the
 * environment, exactly as for the resources.
 */
import * as pulumi from "@pulumi/pulumi";
import type { IntegrationPlatformClient } from "../client";
export { collect } from "../client";
import { labelFailure } from "../errors";
import { projectClient } from "../clients";
import { configureFrom } from "../settings";

export interface InvokeOptions {
  /** Project API key to act with instead of `integration-platform:apiKey`. */
  apiKey?: string;
}

function loadStackConfig(): void {
  // Outside a Pulumi program (plain scripts, tests) there is no stack config: the environment applies.
  if (pulumi.runtime.hasEngine()) configureFrom({ get: (key) => pulumi.runtime.getConfig(key) });
}

/** Runs `fn` with a project-key client; failures name the function. */
export function withProject<T>(name: string, opts: InvokeOptions | undefined, fn: (client: IntegrationPlatformClient) => Promise<T>): Promise<T> {
  loadStackConfig();
  return labelFailure(name, () => fn(projectClient(opts?.apiKey)));
}

/** The options of an Output form: the key may be an Output too, e.g. a `Project`'s `apiKey` made in the same program. */
export interface OutputInvokeOptions {
  apiKey?: pulumi.Input<string | undefined>;
}

/** The Output form of a function: `getXOutput(args)` waits for its inputs and for the key. */
export function outputForm<A, R>(fn: (args: A, opts?: InvokeOptions) => Promise<R>) {
  return (args: pulumi.Input<A>, opts?: OutputInvokeOptions): pulumi.Output<R> =>
    // The key only authenticates the call and is not part of the result, so its secrecy must not make
    // every result secret (a secret key would otherwise hide e.g. a connected account's id in outputs).
    pulumi
      .all([pulumi.output(args), pulumi.unsecret(pulumi.output(opts?.apiKey))])
      .apply(([resolved, apiKey]) => fn(resolved as A, apiKey === undefined ? undefined : { apiKey })) as pulumi.Output<R>;
}
