/** Every policy of the pack, in the order they are reported. Free of side effects, so tests can import it. */
import type { PackPolicy } from "./lib";
import { authConfigPolicies } from "./auth-configs";
import { mcpPolicies } from "./mcp";
import { projectConfigPolicies } from "./project-config";
import { stackPolicies } from "./stack";
import { urlPolicies } from "./urls";
import { webhookPolicies } from "./webhooks";

export const PACK_NAME = "integration-platform";

export const policies: PackPolicy[] = [
  ...mcpPolicies,
  ...projectConfigPolicies,
  ...authConfigPolicies,
  ...webhookPolicies,
  ...urlPolicies,
  ...stackPolicies,
];
