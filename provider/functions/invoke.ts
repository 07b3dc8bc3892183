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

/** The Output form of a function: `getXOutput(args)` waits for its inputs. */
export function outputForm<A, R>(fn: (args: A, opts?: InvokeOptions) => Promise<R>) {
  return (args: pulumi.Input<A>, opts?: InvokeOptions): pulumi.Output<R> =>
    pulumi.output(args).apply((resolved) => fn(resolved as A, opts)) as pulumi.Output<R>;
}
