/**
 * A trigger instance: listens for events of one trigger type on one
 * connected account. create = upsert (+ disable when `enabled: false`),
 * `triggerConfig` changes upsert, `enabled` drives PATCH enable|disable,
 * delete = DELETE. `adoptId` takes over an existing trigger to manage its state.
 */
import * as pulumi from "@pulumi/pulumi";
import { RESOURCE_MODULE } from "./schema";
import { secretApiKey } from "./secret-inputs";
import provider = require("./trigger-instance.provider");

export interface TriggerInstanceArgs {
  /** Trigger type slug, e.g. `GITHUB_COMMIT_EVENT` (case-insensitive). Changing it replaces the trigger. */
  triggerName: pulumi.Input<string>;
  /** Changing it replaces the trigger. */
  connectedAccountId: pulumi.Input<string>;
  /** Inputs the trigger type's config schema asks for. */
  triggerConfig?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /** Desired state; default true. */
  enabled?: pulumi.Input<boolean>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string>;
  /** Take over this existing trigger instance instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

export class TriggerInstance extends pulumi.dynamic.Resource {
  declare readonly triggerName: pulumi.Output<string>;
  declare readonly connectedAccountId: pulumi.Output<string>;
  declare readonly triggerConfig: pulumi.Output<Record<string, unknown>>;
  declare readonly enabled: pulumi.Output<boolean>;
  declare readonly userId: pulumi.Output<string>;
  declare readonly disabledAt: pulumi.Output<string | null>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: TriggerInstanceArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, apiKey: secretApiKey(args.apiKey), userId: undefined, disabledAt: undefined, updatedAt: undefined },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "apiKey"] },
      RESOURCE_MODULE,
      "TriggerInstance",
    );
  }
}
