/**
 * The configuration of a project (acts with a project key).
 * create/update = PATCH /org/project/config with the declared fields that
 * differ, refresh = GET /org/project/config. Delete leaves the platform as it
 * is, unless `restoreOnDelete` asks to put back the values seen before.
 */
import * as pulumi from "@pulumi/pulumi";
import { RESOURCE_MODULE } from "./schema";
import { secretApiKey } from "./secret-inputs";
import provider = require("./project-config.provider");

export interface ProjectConfigArgs {
  /** Key of the project to configure (secret), e.g. a new Project's `apiKey`; defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string>;
  is2FAEnabled?: pulumi.Input<boolean>;
  logoUrl?: pulumi.Input<string>;
  displayName?: pulumi.Input<string>;
  maskSecretKeysInConnectedAccount?: pulumi.Input<boolean>;
  logVisibilitySetting?: pulumi.Input<"show_all" | "dont_store_data">;
  requireMcpApiKey?: pulumi.Input<boolean>;
  signedUrlFileExpiryInSeconds?: pulumi.Input<number>;
  /** On delete, put back the values the declared fields had before the first create. Default false. */
  restoreOnDelete?: pulumi.Input<boolean>;
}

export class ProjectConfig extends pulumi.dynamic.Resource {
  declare readonly projectId: pulumi.Output<string>;
  declare readonly is2FAEnabled: pulumi.Output<boolean>;
  declare readonly logoUrl: pulumi.Output<string | null>;
  declare readonly displayName: pulumi.Output<string | null>;
  declare readonly maskSecretKeysInConnectedAccount: pulumi.Output<boolean>;
  declare readonly logVisibilitySetting: pulumi.Output<"show_all" | "dont_store_data">;
  declare readonly requireMcpApiKey: pulumi.Output<boolean>;
  declare readonly signedUrlFileExpiryInSeconds: pulumi.Output<number>;
  /** The declared fields' values before the first create. */
  declare readonly previous: pulumi.Output<Record<string, unknown>>;

  constructor(name: string, args: ProjectConfigArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        is2FAEnabled: undefined,
        logoUrl: undefined,
        displayName: undefined,
        maskSecretKeysInConnectedAccount: undefined,
        logVisibilitySetting: undefined,
        requireMcpApiKey: undefined,
        signedUrlFileExpiryInSeconds: undefined,
        ...args,
        apiKey: secretApiKey(args.apiKey),
        projectId: undefined,
        previous: undefined,
      },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "apiKey"] },
      RESOURCE_MODULE,
      "ProjectConfig",
    );
  }
}
