/**
 * The client methods of issue 15's endpoints against the real platform on a socket: every call
 * parses with the contract, lists are followed to the end with `for await`, errors are typed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlatform, type RunningPlatform } from "../../platform";
import { BadRequestError, ConflictError, IntegrationPlatformClient, NotFoundError, closeSharedDispatcher, collect } from "../../provider/client";

let platform: RunningPlatform;
let client: IntegrationPlatformClient;
beforeAll(async () => {
  platform = await startPlatform({ seed: "demo" });
  client = new IntegrationPlatformClient({ baseUrl: platform.url, apiKey: platform.apiKey!, maxRetries: 0 });
});
afterAll(async () => {
  await platform?.close();
  await closeSharedDispatcher();
});

describe("client against the platform", () => {
  it("authConfigs: create, list and iterate, update, disable, delete", async () => {
    const made = await client.authConfigs.create({
      toolkit: { slug: "linear" },
      auth_config: { type: "use_custom_auth", authScheme: "API_KEY", name: "Client made" },
    });
    expect(made.auth_config).toMatchObject({ auth_scheme: "API_KEY", is_platform_managed: false });
    const id = made.auth_config.id;
    // The demo seed has four auth configs; pages of one are followed to the end.
    const all = await collect(client.authConfigs.list({ limit: 1 }));
    expect(all.map((c) => c.id)).toContain(id);
    expect(all.length).toBe((await client.authConfigs.list({ limit: 1000 })).total_items);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const updated = await client.authConfigs.update(id, { type: "custom", credentials: { note: "x" }, tool_access_config: { tools_available_for_execution: ["LINEAR_CREATE_ISSUE"] } });
    expect(updated.restrict_to_following_tools).toEqual(["LINEAR_CREATE_ISSUE"]);
    expect(await client.authConfigs.setStatus(id, "DISABLED")).toEqual({ id, status: "DISABLED" });
    expect((await client.authConfigs.get(id)).status).toBe("DISABLED");
    await expect(client.connectedAccounts.create({ auth_config: { id }, connection: { user_id: "zed" } })).rejects.toBeInstanceOf(BadRequestError);
    await client.authConfigs.setStatus(id, "ENABLED");
    expect(await client.authConfigs.delete(id)).toEqual({ id, deleted: true });
    await expect(client.authConfigs.get(id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.authConfigs.create({ toolkit: { slug: "gmail" }, auth_config: { type: "use_custom_auth", authScheme: "API_KEY" } })).rejects.toMatchObject({
      status: 400,
      errors: ["auth_config.authScheme: must be one of: OAUTH2"],
    });
  });

  it("connectedAccounts: list with filters, iterate, get and delete", async () => {
    const alice = await collect(client.connectedAccounts.list({ user_ids: ["alice"], limit: 1 }));
    expect(alice.length).toBeGreaterThan(1);
    expect(alice.every((a) => a.user_id === "alice")).toBe(true);
    const pending = (await client.connectedAccounts.list({ statuses: ["INITIALIZING"] })).items;
    expect(pending.map((a) => a.user_id)).toEqual(["carol"]);
    const one = await client.connectedAccounts.get(alice[0]!.id);
    expect(one).toMatchObject({ id: alice[0]!.id, user_id: "alice" });
    expect(await client.connectedAccounts.delete(one.id)).toEqual({ id: one.id, deleted: true });
    await expect(client.connectedAccounts.get(one.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("tools: list by toolkit across pages, search, get", async () => {
    const github = await collect(client.tools.list({ toolkit_slug: "github", limit: 2 }));
    expect(github.length).toBe(6);
    expect(github.every((t) => t.toolkit.slug === "github")).toBe(true);
    expect((await client.tools.list({ search: "send email" })).items[0]?.slug).toBe("GMAIL_SEND_EMAIL");
    expect((await client.tools.get("GITHUB_CREATE_ISSUE")).slug).toBe("GITHUB_CREATE_ISSUE");
    await expect(client.tools.get("NO_SUCH_TOOL")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("mcp: every server of the project across pages", async () => {
    const servers = await collect(client.mcp.list({ limit: 1 }));
    expect(servers.map((s) => s.name).sort()).toEqual(["Dev Tools", "Inbox Assistant"]);
  });

  it("webhookSubscriptions: create (a second is a ConflictError), iterate, get, update, rotate, event types, delete", async () => {
    const made = await client.webhookSubscriptions.create({ webhook_url: "https://hooks.example.com/client", enabled_events: ["platform.trigger.message"] });
    expect(made.secret).toMatch(/^whsec_/);
    await expect(client.webhookSubscriptions.create({ webhook_url: "https://x.example.com", enabled_events: ["platform.trigger.message"] })).rejects.toBeInstanceOf(ConflictError);
    expect((await collect(client.webhookSubscriptions.list())).map((s) => s.id)).toEqual([made.id]);
    expect((await client.webhookSubscriptions.get(made.id)).secret).toBe(`whsec_…${made.secret.slice(-4)}`);
    expect((await client.webhookSubscriptions.update(made.id, { version: "V2" })).version).toBe("V2");
    const rotated = await client.webhookSubscriptions.rotateSecret(made.id);
    expect(rotated.secret).not.toBe(made.secret);
    expect((await client.session.info()).project.webhook_secret).toBe(rotated.secret);
    expect((await client.webhookSubscriptions.eventTypes()).items.map((t) => t.event_type)).toContain("platform.trigger.message");
    expect(await client.webhookSubscriptions.delete(made.id)).toEqual({ id: made.id, deleted: true });
    await expect(client.webhookSubscriptions.get(made.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
