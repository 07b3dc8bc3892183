// Data-source functions against the local platform (outside a Pulumi program
// they read credentials from the environment, as in scripts and tests).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fns from "../../provider/functions";
import { FunctionError } from "../../provider/errors";
import { environmentOf, resetConfigured } from "../../provider/settings";
import { useTestPlatform } from "../support/platform";

describe("data-source functions", () => {
  const t = useTestPlatform({ configureProvider: true });
  const saved = { ...process.env };
  beforeAll(() => {
    // Functions read stack config only inside a program; here the environment applies.
    resetConfigured();
    Object.assign(process.env, environmentOf({ baseUrl: t.platform.url, apiKey: t.platform.apiKey }));
  });
  afterAll(() => {
    process.env = saved;
  });

  it("getSessionInfo names the project and leaves the webhook secret out", async () => {
    const info = await fns.getSessionInfo();
    expect(info.project.id).toBe(t.platform.projectId);
    expect("webhook_secret" in info.project).toBe(false);
  });

  it("getToolkits follows the cursor to the last page", async () => {
    t.clearLog();
    const all = await fns.getToolkits({ limit: 2 });
    const pages = t.calls("listToolkits");
    expect(all.length).toBeGreaterThan(2);
    expect(pages).toBe(Math.ceil(all.length / 2));
    expect(new Set(all.map((k) => k.slug)).size).toBe(all.length);
    expect((await fns.getToolkit({ slug: "github" })).slug).toBe("github");
    expect((await fns.getToolkitsMulti({ toolkits: ["github", "gmail"] })).map((k) => k.slug).sort()).toEqual(["github", "gmail"]);
  });

  it("getMcpServers and getMcpServerInstances page through the demo's servers", async () => {
    const servers = await fns.getMcpServers({ appKey: "github", limit: 1 });
    const devTools = servers.find((s) => s.name === "Dev Tools");
    expect(devTools).toBeDefined();
    const instances = await fns.getMcpServerInstances({ serverId: devTools!.id, limit: 1 });
    expect(instances.map((i) => i.instance_id).sort()).toEqual(["alice", "bob"]);
    const urls = await fns.generateMcpUrl({ mcp_server_id: devTools!.id, user_ids: ["alice"] });
    expect(urls.mcp_url).toContain(devTools!.id);
  });

  it("getTriggerInstances filters and includes disabled ones on request; getTriggerTypes lists schemas", async () => {
    const active = await fns.getTriggerInstances({});
    const all = await fns.getTriggerInstances({ show_disabled: true, limit: 1 });
    expect(all.length).toBe(active.length + 1);
    expect(all.some((tr) => tr.disabled_at)).toBe(true);
    const types = await fns.getTriggerTypes({ toolkit_slugs: ["github"] });
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((ty) => ty.toolkit.slug === "github")).toBe(true);
  });

  it("getAuthConfig and getNanoId read one object each", async () => {
    const config = await fns.getAuthConfig({ id: t.authConfigId });
    expect(config.toolkit.slug).toBe("github");
    expect(await fns.getNanoId({ uuid: config.uuid!, type: "AUTH_CONFIG" })).toBe(t.authConfigId);
  });

  it("getAuthConfigs, getConnectedAccounts, getTools and getProjectMcpServers follow every page", async () => {
    t.clearLog();
    const configs = await fns.getAuthConfigs({ limit: 1 });
    expect(configs.length).toBeGreaterThan(2);
    expect(t.calls("listAuthConfigs")).toBe(configs.length);
    expect(configs.map((c) => c.id)).toContain(t.authConfigId);

    const accounts = await fns.getConnectedAccounts({ auth_config_ids: [t.authConfigId], limit: 1 });
    expect(accounts.map((a) => a.id)).toContain(t.connectedAccountId);
    expect(accounts.every((a) => a.auth_config.id === t.authConfigId)).toBe(true);
    expect((await fns.getConnectedAccount({ id: t.connectedAccountId })).user_id).toBe("test-user");

    t.clearLog();
    const tools = await fns.getTools({ toolkit_slug: "github", limit: 2 });
    expect(t.calls("listTools")).toBeGreaterThan(1);
    expect(tools.map((tool) => tool.slug)).toContain("GITHUB_CREATE_ISSUE");
    expect(tools.every((tool) => tool.toolkit.slug === "github")).toBe(true);
    expect((await fns.getTool({ slug: "GITHUB_CREATE_ISSUE" })).slug).toBe("GITHUB_CREATE_ISSUE");

    t.clearLog();
    const servers = await fns.getProjectMcpServers({ limit: 1 });
    expect(servers.map((s) => s.name).sort()).toEqual(["Dev Tools", "Inbox Assistant"]);
    expect(t.calls("listMcpServers")).toBe(2);

    const events = await fns.getWebhookEventTypes();
    expect(events.map((e) => e.event_type)).toContain("platform.trigger.message");
  });

  it("fails with the function's name and the API's message", async () => {
    await expect(fns.getAuthConfig({ id: "ac_missing" })).rejects.toThrow(/getAuthConfig\("ac_missing"\) failed: 404/);
    await expect(fns.getSessionInfo({}, { apiKey: "ipk_wrong" })).rejects.toThrow(/401/);
  });

  it("generateMcpUrl builds the URLs the platform's generate endpoint answers, without writing anything", async () => {
    const [server] = await fns.getMcpServers({ appKey: "github" });
    const args = { mcp_server_id: server!.id, user_ids: ["carol", "dave"], connected_account_ids: [t.connectedAccountId], managed_auth_by_platform: true };
    t.clearLog();
    const built = await fns.generateMcpUrl(args);
    expect(t.writes()).toEqual([]);
    expect((await fns.getMcpServers({ appKey: "github" })).find((s) => s.id === server!.id)?.server_instance_count).toBe(server!.server_instance_count);
    expect(built).toEqual(await t.client.mcp.generateUrl(args));
  });

  it("a failure is a RunError naming the function, with the API's status, slug, request id and fix as fields", async () => {
    const failure = await fns.getAuthConfig({ id: "ac_missing" }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(FunctionError);
    const err = failure as FunctionError;
    expect(err).toMatchObject({ status: 404, slug: expect.any(String), requestId: expect.stringMatching(/\w/) });
    expect(err.message).toContain(`request ${err.requestId}`);
    expect(err.stack).toBe(`IntegrationPlatformFunctionError: ${err.message}`);
    expect((err as unknown as { __pulumiRunError?: boolean }).__pulumiRunError).toBe(true);
  });
});
