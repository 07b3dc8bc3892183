import { describe, expect, it } from "vitest";
import { authConfigCredentialsSecret, customOauthScopes } from "../../policy/auth-configs";
import { IN_CLEAR_KEY } from "../../provider/resources/fields";
import { unknown, validateResource } from "./harness";

const customOauth = { toolkit: "github", platformManaged: false, authScheme: "OAUTH2", credentials: { client_id: "Iv1.x", client_secret: "s3cret" } };

describe("auth-config-credentials-secret", () => {
  it("passes credentials the program gave as secrets (nothing recorded in clear) and a plain client_id", () => {
    expect(validateResource(authConfigCredentialsSecret, "AuthConfig", { ...customOauth, [IN_CLEAR_KEY]: [] })).toEqual([]);
    expect(validateResource(authConfigCredentialsSecret, "AuthConfig", { ...customOauth, [IN_CLEAR_KEY]: ["credentials.client_id"] })).toEqual([]);
  });

  it("reports credentials given in clear, naming them and saying how to fix it", () => {
    expect(validateResource(authConfigCredentialsSecret, "AuthConfig", { ...customOauth, [IN_CLEAR_KEY]: ["credentials.client_id", "credentials.client_secret"] })).toEqual([
      'AuthConfig "credentials.client_secret" is given in clear in the program. Store each with `pulumi config set --secret` and read it with config.requireSecret (or wrap it in pulumi.secret).',
    ]);
  });

  it("allowedInClear widens or narrows what may be plain", () => {
    const props = { ...customOauth, [IN_CLEAR_KEY]: ["credentials.client_id"] };
    expect(validateResource(authConfigCredentialsSecret, "AuthConfig", props, { allowedInClear: [] })).toEqual([expect.stringContaining('"credentials.client_id" is given in clear')]);
    expect(validateResource(authConfigCredentialsSecret, "AuthConfig", { ...customOauth, [IN_CLEAR_KEY]: ["credentials"] }, { allowedInClear: [] })).toHaveLength(1);
  });

  it("ignores other resources and a record that is not there", () => {
    expect(validateResource(authConfigCredentialsSecret, "McpServer", { [IN_CLEAR_KEY]: ["credentials.client_secret"] })).toEqual([]);
    expect(validateResource(authConfigCredentialsSecret, "AuthConfig", customOauth)).toEqual([]);
  });
});

describe("custom-oauth-scopes", () => {
  it("passes a custom OAuth config with scopes, platform-managed and non-OAuth configs without", () => {
    expect(validateResource(customOauthScopes, "AuthConfig", { ...customOauth, scopes: ["repo"] })).toEqual([]);
    expect(validateResource(customOauthScopes, "AuthConfig", { toolkit: "github", platformManaged: true })).toEqual([]);
    expect(validateResource(customOauthScopes, "AuthConfig", { toolkit: "linear", platformManaged: false, authScheme: "API_KEY" })).toEqual([]);
    expect(validateResource(customOauthScopes, "AuthConfig", { ...customOauth, scopes: unknown.array })).toEqual([]);
  });

  it("reports a custom OAuth config without scopes or with an empty list", () => {
    const message = 'This custom OAUTH2 auth config declares no scopes. Set scopes to the ones the app needs, e.g. ["repo"].';
    expect(validateResource(customOauthScopes, "AuthConfig", customOauth)).toEqual([message]);
    expect(validateResource(customOauthScopes, "AuthConfig", { ...customOauth, authScheme: "oauth2", scopes: [] })).toEqual([message]);
  });
});
