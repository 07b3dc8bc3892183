/**
 * A project of the organization (acts with the organization key).
 * create = POST /org/owner/project/new, refresh = GET /org/owner/project/{id},
 * a name change replaces, delete = DELETE /org/owner/project/{id}.
 */
import * as pulumi from "@pulumi/pulumi";
import { RESOURCE_MODULE } from "./schema";
import provider = require("./project.provider");

export interface ProjectArgs {
  /** 3-64 letters, digits, spaces, hyphens, underscores; unique in the organization. Changing it replaces the project. */
  name: pulumi.Input<string>;
  /** Issue a project API key, exposed as the secret output `apiKey`. */
  createApiKey?: pulumi.Input<boolean>;
  /** Adopt this existing project (nano id) instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

export class Project extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly createApiKey: pulumi.Output<boolean>;
  /** The project's nano id (the resource id too). */
  declare readonly projectId: pulumi.Output<string>;
  declare readonly orgId: pulumi.Output<string>;
  declare readonly email: pulumi.Output<string>;
  declare readonly webhookUrl: pulumi.Output<string | null>;
  declare readonly eventWebhookUrl: pulumi.Output<string | null>;
  /** Secret. */
  declare readonly webhookSecret: pulumi.Output<string | null>;
  declare readonly triggersEnabled: pulumi.Output<boolean>;
  declare readonly webhookVersion: pulumi.Output<string | null>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  /** Secret; set when `createApiKey` is true. */
  declare readonly apiKey: pulumi.Output<string | undefined>;

  constructor(name: string, args: ProjectArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...args,
        projectId: undefined,
        orgId: undefined,
        email: undefined,
        webhookUrl: undefined,
        eventWebhookUrl: undefined,
        webhookSecret: undefined,
        triggersEnabled: undefined,
        webhookVersion: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        apiKey: undefined,
      },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "apiKey", "webhookSecret"] },
      RESOURCE_MODULE,
      "Project",
    );
  }
}
