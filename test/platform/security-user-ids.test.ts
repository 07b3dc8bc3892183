/**
 * Finding 10 of issue 14: one limit for a user id wherever it appears, so an MCP instance that
 * URL generation records can always be named in a path and deleted.
 */
import { afterEach, describe, expect, it } from "vitest";
import { USER_ID_MAX_LENGTH } from "../../api";
import { MAX_PARAM_LENGTH } from "../../platform/plugins/error-envelope";
import { expectError, harness, type Harness } from "./helpers";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const tooLong = "u".repeat(USER_ID_MAX_LENGTH + 1);
const limitMessage = `must be at most ${USER_ID_MAX_LENGTH} characters`;

describe("user id limit", () => {
  it("fits in a path parameter", () => {
    expect(USER_ID_MAX_LENGTH).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
  });

  it("refuses a longer user id in URL generation (the 3,000-character one of the finding too)", async () => {
    h = await harness();
    const server = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Ids Server", auth_config_ids: [] } });
    for (const userId of [tooLong, "x".repeat(3_000)]) {
      const answer = await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: server.body.id, user_ids: ["ok", userId] } });
      expect(expectError(answer, 400, "validation_error").errors).toEqual([`user_ids.1: ${limitMessage}`]);
    }
  });

  it("deletes the longest instance URL generation records, whatever its characters", async () => {
    h = await harness();
    const server = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Ids Server", auth_config_ids: [] } });
    const longest = `a/b%c?d#e ${"€".repeat(USER_ID_MAX_LENGTH - 12)}😀`.slice(0, USER_ID_MAX_LENGTH);
    expect(longest.length).toBe(USER_ID_MAX_LENGTH);
    const generated = await h.call({ method: "POST", url: "/api/v3/mcp/servers/generate", apiKey: h.apiKey, body: { mcp_server_id: server.body.id, user_ids: [longest] } });
    expect(generated.status).toBe(200);
    const deleted = await h.call({ method: "DELETE", url: `/api/v3/mcp/servers/${server.body.id}/instances/${encodeURIComponent(longest)}`, apiKey: h.apiKey });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const left = await h.call({ url: `/api/v3/mcp/servers/${server.body.id}/instances`, apiKey: h.apiKey });
    expect(left.body.instances).toEqual([]);
  });

  it("names the limit for an instance path, a connected account, a tool router session and a trigger filter", async () => {
    h = await harness();
    const server = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Ids Server", auth_config_ids: [] } });
    const path = await h.call({ method: "DELETE", url: `/api/v3/mcp/servers/${server.body.id}/instances/${tooLong}`, apiKey: h.apiKey });
    expect(expectError(path, 400, "validation_error").errors).toEqual([`instanceId: ${limitMessage}`]);

    const linear = await h.authConfig("linear", "API_KEY");
    for (const body of [
      { auth_config: { id: linear.id }, connection: { user_id: tooLong } },
      { auth_config: { id: linear.id }, connection: {}, user_id: tooLong },
    ]) {
      const account = await h.call({ method: "POST", url: "/api/v3/connected_accounts", apiKey: h.apiKey, body });
      expect(expectError(account, 400, "validation_error").errors.join()).toContain(limitMessage);
    }
    const session = await h.call({ method: "POST", url: "/api/v3/tool_router/session", apiKey: h.apiKey, body: { user_id: tooLong } });
    expect(expectError(session, 400, "validation_error").errors).toEqual([`user_id: ${limitMessage}`]);
    const filter = await h.call({ url: `/api/v3/trigger_instances/active?user_ids=alice,${tooLong}`, apiKey: h.apiKey });
    expect(expectError(filter, 400, "validation_error").errors).toEqual([`user_ids.1: ${limitMessage}`]);
  });

  it("names the limit for a connected account list filter and the MCP endpoint's user_id, recording no instance", async () => {
    h = await harness();
    await h.app.listen({ host: "127.0.0.1", port: 0 });
    const filter = await h.call({ url: `/api/v3/connected_accounts?user_ids=alice,${tooLong}`, apiKey: h.apiKey });
    expect(expectError(filter, 400, "validation_error").errors).toEqual([`user_ids.1: ${limitMessage}`]);

    const server = await h.call({ method: "POST", url: "/api/v3/mcp/servers", apiKey: h.apiKey, body: { name: "Ids Server", auth_config_ids: [] } });
    const initialize = await fetch(`${server.body.mcp_url}?user_id=alice,${tooLong}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      }),
    });
    expect(initialize.status).toBe(400);
    expect(((await initialize.json()) as { error: { errors: string[] } }).error.errors).toEqual([`user_id.1: ${limitMessage}`]);
    const instances = await h.call({ url: `/api/v3/mcp/servers/${server.body.id}/instances`, apiKey: h.apiKey });
    expect(instances.body.instances).toEqual([]);
  });
});
