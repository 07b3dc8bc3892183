/**
 * Finding 7 of issue 14: URLs the platform hands out are built from --public-url or the bound
 * address, never from the caller's Host header, and callback/redirect URLs are http(s) only.
 */
import { request } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPlatform, type RunningPlatform } from "../../platform/index";
import { expectError, harness, type Harness } from "./helpers";

const EVIL_HOST = 'x";touch${IFS}/tmp/pwn;echo"';

/** A request over a real socket with a Host header of our choosing (fetch would not send one). */
function withHost(url: string, path: string, host: string, method: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        headers: { ...headers, host, ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** A setup command as text to search: a Cursor install link with its base64 `config` decoded. */
function readable(command: string): string {
  if (!command.startsWith("cursor://")) return command;
  const config = new URL(command).searchParams.get("config") ?? "";
  return `${command} ${Buffer.from(config, "base64").toString("utf8")}`;
}

describe("URLs never from the Host header (real sockets)", () => {
  let platform: RunningPlatform;
  beforeAll(async () => {
    platform = await startPlatform({ port: 0, seed: "demo" });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it("builds mcp_url and the setup commands from the bound address", async () => {
    const created = await withHost(platform.url, "/api/v3/mcp/servers", EVIL_HOST, "POST", { "x-api-key": platform.apiKey! }, {
      name: "Host Check",
      auth_config_ids: [],
    });
    expect(created.status).toBe(201);
    expect(created.body.mcp_url).toBe(`${platform.url}/v3/mcp/${created.body.id}/mcp`);
    for (const command of Object.values(created.body.commands as Record<string, string>).map(readable)) {
      expect(command).not.toContain("touch");
      expect(command).toContain(platform.url);
    }
    const generated = await withHost(platform.url, "/api/v3/mcp/servers/generate", EVIL_HOST, "POST", { "x-api-key": platform.apiKey! }, {
      mcp_server_id: created.body.id,
      user_ids: ["alice"],
    });
    expect(generated.status).toBe(200);
    expect(generated.body.mcp_url.startsWith(`${platform.url}/v3/mcp/`)).toBe(true);
  });

  it("builds an OAuth account's redirect_url from the bound address", async () => {
    const gmail = platform.store.authConfigs.list(platform.projectId!).find((c) => c.toolkit_slug === "gmail")!;
    const created = await withHost(platform.url, "/api/v3/connected_accounts", "attacker.example:443", "POST", { "x-api-key": platform.apiKey! }, {
      auth_config: { id: gmail.id },
      connection: { user_id: "dave" },
    });
    expect(created.status).toBe(201);
    expect(created.body.redirect_url.startsWith(`${platform.url}/_local/oauth/authorize/`)).toBe(true);
  });

  it("uses --public-url when given", async () => {
    const published = await startPlatform({ port: 0, seed: "demo", publicUrl: "https://platform.example.test/" });
    try {
      const created = await withHost(published.url, "/api/v3/mcp/servers", EVIL_HOST, "POST", { "x-api-key": published.apiKey! }, {
        name: "Public Url",
        auth_config_ids: [],
      });
      expect(created.body.mcp_url).toBe(`https://platform.example.test/v3/mcp/${created.body.id}/mcp`);
    } finally {
      await published.close();
    }
  });
});

describe("callback and redirect URLs: http or https only", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("refuses a javascript: callback_url, naming the field", async () => {
    h = await harness();
    const github = await h.authConfig("github", "OAUTH2");
    for (const callback of ["javascript:alert(1)", "data:text/html,hi", "file:///etc/passwd"]) {
      const answer = await h.call({
        method: "POST",
        url: "/api/v3/connected_accounts",
        apiKey: h.apiKey,
        body: { auth_config: { id: github.id }, connection: { user_id: "eve", callback_url: callback } },
      });
      const error = expectError(answer, 400, "validation_error");
      expect(error.errors).toEqual(["connection.callback_url: must be an http or https URL"]);
    }
    const fine = await h.call({
      method: "POST",
      url: "/api/v3/connected_accounts",
      apiKey: h.apiKey,
      body: { auth_config: { id: github.id }, connection: { user_id: "eve", callback_url: "https://app.example/done" } },
    });
    expect(fine.status).toBe(201);
  });

  it("refuses a non-http(s) redirect_url on refresh, in the body and in the query", async () => {
    h = await harness();
    const github = await h.authConfig("github", "OAUTH2");
    const account = await h.account(github.id, "frank");
    const inBody = await h.call({ method: "POST", url: `/api/v3/connected_accounts/${account.id}/refresh`, apiKey: h.apiKey, body: { redirect_url: "javascript:alert(1)" } });
    expect(expectError(inBody, 400, "validation_error").errors).toEqual(["redirect_url: must be an http or https URL"]);
    const inQuery = await h.call({ method: "POST", url: `/api/v3/connected_accounts/${account.id}/refresh?redirect_url=javascript:alert(1)`, apiKey: h.apiKey, body: {} });
    expect(expectError(inQuery, 400, "validation_error").errors).toEqual(["redirect_url: must be an http or https URL"]);
  });

  it("never redirects the browser to a stored non-http(s) callback", async () => {
    h = await harness();
    const github = await h.authConfig("github", "OAUTH2");
    const created = await h.call({ method: "POST", url: "/api/v3/connected_accounts", apiKey: h.apiKey, body: { auth_config: { id: github.id }, connection: { user_id: "gina" } } });
    // As a row written by an older version could hold it.
    h.store.transaction(() => h!.store.connectedAccounts.update(created.body.id, { callbackUrl: "javascript:alert(1)" }, new Date().toISOString()));
    const page = await h.call({ url: new URL(created.body.redirect_url).pathname });
    expect(page.status).toBe(200);
    expect(page.headers.location).toBeUndefined();
    expect(page.body.status).toBe("ACTIVE");
  });
});
