/**
 * Shared plumbing of the data-source functions. They run in the Pulumi
 * program itself (no provider process), so credentials come from the stack
 * config read through the runtime (which does not warn on secrets), then the
 * environment, exactly as for the resources. Functions only read: none sends
 * a request that changes the platform.
 */
import * as pulumi from "@pulumi/pulumi";
import type { IntegrationPlatformClient } from "../client";
export { collect } from "../client";
import { functionError } from "../errors";
import { projectClient } from "../clients";
import { configureFrom } from "../settings";

export interface InvokeOptions {
  /** Project API key to act with instead of `integration-platform:apiKey`. */
  apiKey?: string | Promise<string>;
}

export interface InvokeOutputOptions {
  /**
   * Project API key to act with instead of `integration-platform:apiKey`, e.g.
   * a Project's secret `apiKey` output. Its secrecy does not spread to the
   * result: the key is only sent, never part of what the function returns.
   */
  apiKey?: pulumi.Input<string | undefined>;
}

function loadStackConfig(): void {
  // Outside a Pulumi program (plain scripts, tests) there is no stack config: the environment applies.
  if (pulumi.runtime.hasEngine()) configureFrom({ get: (key) => pulumi.runtime.getConfig(key) });
}

/** Runs `fn` with a project-key client; a failure is a FunctionError naming the function. */
export async function withProject<T>(name: string, opts: InvokeOptions | undefined, fn: (client: IntegrationPlatformClient) => Promise<T>): Promise<T> {
  try {
    loadStackConfig();
    return await fn(projectClient(await opts?.apiKey));
  } catch (err) {
    throw functionError(name, err);
  }
}

/**
 * The Output form of a function: `getXOutput(args, { apiKey })` waits for its
 * inputs. The result is secret only when the arguments are: the key is
 * unwrapped from its secret before the call, since it never reaches the result.
 */
export function outputForm<A, R>(fn: (args: A, opts?: InvokeOptions) => Promise<R>) {
  return (args: pulumi.Input<A>, opts?: InvokeOutputOptions): pulumi.Output<R> => {
    const apiKey = opts?.apiKey === undefined ? undefined : pulumi.unsecret(pulumi.output(opts.apiKey));
    return pulumi.all([args, apiKey]).apply(([resolved, key]) => fn(resolved as A, key ? { apiKey: key } : undefined)) as pulumi.Output<R>;
  };
}
