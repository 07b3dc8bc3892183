// One program, one project per stack: `pulumi up -s staging` and
// `pulumi up -s production` create payments-staging and payments-production,
// each configured with its own stack's settings. Acts with the organization
// key (integration-platform:orgApiKey); each project's configuration is
// written with the key its Project resource issues.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-integration-platform";

const config = new pulumi.Config();
const environment = pulumi.getStack();

const project = new platform.Project("project", {
  name: `${config.get("namePrefix") ?? "payments"}-${environment}`,
  createApiKey: true,
});

new platform.ProjectConfig("settings", {
  apiKey: project.apiKey.apply((key) => key ?? ""),
  displayName: `Payments (${environment})`,
  is2FAEnabled: true,
  requireMcpApiKey: true,
  maskSecretKeysInConnectedAccount: true,
  logVisibilitySetting: (config.get("logVisibility") ?? "dont_store_data") as "show_all" | "dont_store_data",
  signedUrlFileExpiryInSeconds: config.getNumber("signedUrlExpirySeconds") ?? 900,
});

export const projectId = project.projectId;
export const projectName = project.name;
// Secret: `pulumi stack output projectApiKey --show-secrets` to read it.
export const projectApiKey = project.apiKey;
