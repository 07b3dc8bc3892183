/** Auth configs: credentials only as secrets, and custom OAuth apps that say which scopes they ask for. */
import type { AuthConfigInputs } from "../provider/resources/auth-config.schema";
import { IN_CLEAR_KEY } from "../provider/resources/fields";
import { type ResourcePolicy, UNKNOWN, configSchema, forResource, isType, propsOf, quoteList, readConfig } from "./lib";

export interface CredentialsSecretConfig {
  /** Credential fields that may be written in clear (public identifiers). */
  allowedInClear: string[];
}

const credentialsSecretSchema = configSchema<CredentialsSecretConfig>({
  allowedInClear: {
    type: "array",
    items: { type: "string" },
    default: ["client_id"],
    description: "Credential fields that may be given in clear, e.g. an OAuth client id, which is public.",
  },
});

/**
 * @pulumi/policy hands secrets to a policy unwrapped, and the AuthConfig class
 * makes every credential secret before the engine sees it (so the state never
 * holds one in clear); the class records which values the program gave in clear
 * under IN_CLEAR_KEY, and this policy reads that record.
 */
export const authConfigCredentialsSecret: ResourcePolicy = {
  name: "auth-config-credentials-secret",
  description:
    "An AuthConfig's credentials come from secrets (pulumi config set --secret, read with config.requireSecret, or pulumi.secret), " +
    "never written in clear in the program, where they end up in the repository and in logs. " +
    "Fields listed in config `allowedInClear` (default client_id) may be plain. " +
    'Fix: pulumi config set --secret githubClientSecret …, then credentials: { client_secret: config.requireSecret("githubClientSecret") }.',
  enforcementLevel: "mandatory",
  configSchema: credentialsSecretSchema,
  validateResource: (args, reportViolation) => {
    if (!isType(args.type, "AuthConfig")) return;
    const { allowedInClear } = readConfig(args, credentialsSecretSchema);
    const inClear = propsOf<Record<typeof IN_CLEAR_KEY, string[]>>(args.props)[IN_CLEAR_KEY];
    if (!Array.isArray(inClear)) return;
    const refused = inClear.filter((path): path is string => typeof path === "string" && !allowedInClear.includes(path.replace(/^credentials\./, "")));
    if (refused.length > 0) {
      reportViolation(
        `AuthConfig ${quoteList(refused)} ${refused.length === 1 ? "is" : "are"} given in clear in the program. ` +
          "Store each with `pulumi config set --secret` and read it with config.requireSecret (or wrap it in pulumi.secret).",
      );
    }
  },
};

export const customOauthScopes: ResourcePolicy = {
  name: "custom-oauth-scopes",
  description:
    "A custom OAuth AuthConfig (platformManaged: false, authScheme OAUTH1 or OAUTH2) declares the scopes it asks users for, " +
    "so that what the team's own app may do is reviewed in code rather than left to the toolkit's defaults. " +
    'Fix: set scopes, e.g. scopes: ["repo", "read:user"].',
  enforcementLevel: "mandatory",
  validateResource: forResource<AuthConfigInputs>("AuthConfig", ({ platformManaged, authScheme, scopes }, reportViolation) => {
    if (platformManaged !== false || typeof authScheme !== "string" || !/^oauth/i.test(authScheme)) return;
    if (scopes === UNKNOWN || (Array.isArray(scopes) && scopes.length > 0)) return;
    reportViolation(`This custom ${authScheme.toUpperCase()} auth config declares no scopes. Set scopes to the ones the app needs, e.g. ["repo"].`);
  }),
};

export const authConfigPolicies = [authConfigCredentialsSecret, customOauthScopes];
