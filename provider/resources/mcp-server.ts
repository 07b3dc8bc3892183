/**
 * An MCP server of a project. create = POST /mcp/servers, update = PATCH
 * /mcp/{id} with the changed fields only, delete = DELETE /mcp/{id} (soft
 * delete), refresh = GET /mcp/{id} (a server deleted out of band disappears).
 */
import * as pulumi from "@pulumi/pulumi";
import { TYPE_TOKENS, RESOURCE_MODULE } from "./schema";
import { secretApiKey } from "./secret-inputs";
// The module itself is the provider: see mcp-server.provider.ts.
import provider = require("./mcp-server.provider");

export interface McpServerArgs {
  /** 4-30 characters of letters, digits, spaces and hyphens. */
  name: pulumi.Input<string>;
  /** Auth configs whose connected accounts the server uses. */
  authConfigIds: pulumi.Input<pulumi.Input<string>[]>;
  /** Toolkit slugs the server serves, e.g. `github`. */
  toolkits?: pulumi.Input<pulumi.Input<string>[]>;
  /** Tool slugs the server exposes, e.g. `GITHUB_CREATE_ISSUE`. */
  allowedTools?: pulumi.Input<pulumi.Input<string>[]>;
  managedAuthViaPlatform?: pulumi.Input<boolean>;
  /** Project API key (secret); defaults to `integration-platform:apiKey`. */
  apiKey?: pulumi.Input<string>;
  /** Adopt this existing MCP server instead of creating one; its declared fields are then reconciled. */
  adoptId?: pulumi.Input<string>;
}

export class McpServer extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly authConfigIds: pulumi.Output<string[]>;
  declare readonly toolkits: pulumi.Output<string[]>;
  declare readonly allowedTools: pulumi.Output<string[]>;
  declare readonly managedAuthViaPlatform: pulumi.Output<boolean>;
  /** The server's MCP endpoint. */
  declare readonly mcpUrl: pulumi.Output<string>;
  /** Setup command per client application (cursor, claude, ...). */
  declare readonly commands: pulumi.Output<Record<string, string>>;
  declare readonly toolkitIcons: pulumi.Output<Record<string, string>>;
  declare readonly serverInstanceCount: pulumi.Output<number>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: McpServerArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...args,
        apiKey: secretApiKey(args.apiKey),
        mcpUrl: undefined,
        commands: undefined,
        toolkitIcons: undefined,
        serverInstanceCount: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "apiKey"] },
      RESOURCE_MODULE,
      "McpServer",
    );
  }
}

/** The type token, for policies and transforms: `pulumi-nodejs:dynamic/integration-platform:McpServer`. */
export const MCP_SERVER_TYPE = TYPE_TOKENS.McpServer;
