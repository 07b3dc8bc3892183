// AuthConfig through the real engine against the local platform: create, no-op
// preview, one-field update, drift on refresh, replacement, destroy, the credentials
// never in the state in clear, and the policy pack refusing credentials given in clear
// (adoption: adoption.test.ts).
import * as path from "node:path";
import type { AuthConfigArgs } from "pulumi-integration-platform";
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { createE2EStack, repoRoot, sdk, usePlatformStack, expectDestroyed, upLogged, expectUpCreates, expectNoCallPreview, expectUpdatedInPlace, expectDriftUndone } from "./harness";
import { expectNoKeysInState, useTestPlatform } from "../support/platform";

const CLIENT_SECRET = "e2e-client-secret-4321";
const policyPack = path.join(repoRoot, "node_modules", "pulumi-integration-platform", "policy");

describe("AuthConfig (real engine)", () => {
  const p = useTestPlatform();
  const desired: Partial<AuthConfigArgs> = { scopes: ["repo"] };
  let configId = "";

  const e2e = usePlatformStack(p, "e2e-auth-config", async () => {
    const config = new (sdk().AuthConfig)("github", {
      toolkit: "github",
      platformManaged: false,
      authScheme: "OAUTH2",
      credentials: { client_id: "Iv1.e2e", client_secret: pulumi.secret(CLIENT_SECRET) },
      ...desired,
    });
    return { id: config.id, status: config.status, credentials: config.credentials };
  });

  it("up creates the auth config with one POST", async () => {
    const up = await expectUpCreates(p, e2e, { route: "createAuthConfig", bodyFields: ["auth_config", "toolkit"] });
    configId = String(up.outputs.id?.value);
    expect(await p.client.authConfigs.get(configId)).toMatchObject({ auth_scheme: "OAUTH2", is_platform_managed: false, credentials: { scopes: "repo" } });
    expect(up.outputs.credentials?.secret).toBe(true);
  });

  it("a no-op preview makes no call at all", async () => {
    await expectNoCallPreview(p, e2e, 2);
  });

  it("a changed input makes exactly one PATCH; enabled: false one status call", async () => {
    desired.scopes = ["repo", "read:user"];
    await expectUpdatedInPlace(p, e2e, { method: "PATCH", route: "updateAuthConfig", bodyFields: ["credentials", "type"] });
    expect((await p.client.authConfigs.get(configId)).credentials?.scopes).toBe("repo,read:user");

    desired.enabled = false;
    await upLogged(p, e2e);
    expect(p.writes()).toEqual([{ method: "PATCH", route: "setAuthConfigStatus" }]);
    expect((await p.client.authConfigs.get(configId)).status).toBe("DISABLED");
  });

  it("refresh shows a change made out of band, and up puts it back", async () => {
    await p.client.authConfigs.setStatus(configId, "ENABLED");
    await expectDriftUndone(p, e2e, [{ method: "PATCH", route: "setAuthConfigStatus" }]);
    expect((await p.client.authConfigs.get(configId)).status).toBe("DISABLED");
  });

  it("a new toolkit replaces the auth config (the new one first, then the old one deleted)", async () => {
    desired.toolkit = "gmail";
    desired.scopes = ["https://mail.google.com/"];
    const up = await upLogged(p, e2e);
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(p.writes().map((w) => w.route)).toEqual(["createAuthConfig", "setAuthConfigStatus", "deleteAuthConfig"]);
    await expect(p.client.authConfigs.get(configId)).rejects.toThrow(/404/);
    configId = String(up.outputs.id?.value);
  });

  it("keeps neither a key nor the client secret in the state in plain text", async () => {
    await expectNoKeysInState(e2e, [p.config.apiKey, p.config.orgApiKey, CLIENT_SECRET]);
  });

  it("destroy deletes the auth config", async () => {
    await expectDestroyed(e2e, 2, () => p.client.authConfigs.get(configId));
  });
});

describe("AuthConfig policy (real engine)", () => {
  const p = useTestPlatform();

  it("the policy pack stops credentials given in clear at preview, before any call, and lets secrets through", async () => {
    const plain = await createE2EStack({
      projectName: "e2e-auth-config-policy",
      platform: p.config,
      program: async () => {
        const given = process.env.E2E_SECRET_GIVEN === "secret" ? pulumi.secret("policy-secret-1") : "policy-secret-1";
        new (sdk().AuthConfig)("github", { toolkit: "github", platformManaged: false, authScheme: "OAUTH2", credentials: { client_id: "Iv1.p", client_secret: given }, scopes: ["repo"] });
        return {};
      },
    });
    try {
      p.clearLog();
      const refused = plain.stack.preview({ policyPacks: [policyPack] });
      await expect(refused).rejects.toThrow(/auth-config-credentials-secret[\s\S]*"credentials.client_secret" is given in clear/);
      expect(p.writes()).toEqual([]);
      process.env.E2E_SECRET_GIVEN = "secret";
      const allowed = await plain.stack.preview({ policyPacks: [policyPack] });
      expect(allowed.changeSummary).toMatchObject({ create: 2 });
    } finally {
      delete process.env.E2E_SECRET_GIVEN;
      await plain.cleanup();
    }
  });
});
