/** The auth header is chosen per route; a missing key fails before any request, saying where to set it. */
import { describe, expect, it } from "vitest";
import { IntegrationPlatformClient, MissingCredentialsError } from "../../provider/client";
import { cursorPage, sessionInfo } from "../support/payloads";
import { API_KEY, ORG_API_KEY, json, rejection, testClient, type TestServer, useTestServer } from "./helpers/server";

let server: TestServer;
useTestServer((s) => (server = s));

describe("auth header per route", () => {
  it("sends the organization key, and only it, to the projects endpoints", async () => {
    server.fallback(json(200, cursorPage("data", [], null, 1, 1)));
    const client = testClient(server.url);

    await client.projects.list();

    const { headers } = server.requests[0]!;
    expect(headers["x-org-api-key"]).toBe(ORG_API_KEY);
    expect(headers["x-api-key"]).toBeUndefined();
  });

  it("sends the project key, and only it, to project-scoped endpoints", async () => {
    server.fallback(json(200, sessionInfo));
    const client = testClient(server.url);

    await client.session.info();

    const { headers } = server.requests[0]!;
    expect(headers["x-api-key"]).toBe(API_KEY);
    expect(headers["x-org-api-key"]).toBeUndefined();
    expect(headers["accept"]).toBe("application/json");
    expect(headers["user-agent"]).toMatch(/^pulumi-integration-platform/);
  });

  it("sends the configured user agent", async () => {
    server.fallback(json(200, sessionInfo));
    await testClient(server.url, { userAgent: "my-ci/1.0" }).session.info();
    expect(server.requests[0]!.headers["user-agent"]).toBe("my-ci/1.0");
  });
});

describe("missing key", () => {
  it("names the project key's config key and env var, and sends nothing", async () => {
    const client = new IntegrationPlatformClient({ baseUrl: server.url, orgApiKey: ORG_API_KEY });

    const err = await rejection(client.mcp.get("srv_1"));

    expect(err).toBeInstanceOf(MissingCredentialsError);
    expect(err).toMatchObject({
      auth: "apiKey",
      configKey: "integration-platform:apiKey",
      envVar: "INTEGRATION_PLATFORM_API_KEY",
      endpoint: "GET /api/v3/mcp/{id}",
    });
    expect(err.message).toContain("integration-platform:apiKey");
    expect(err.message).toContain("INTEGRATION_PLATFORM_API_KEY");
    expect(server.requests).toHaveLength(0);
  });

  it("names the organization key's config key and env var, and sends nothing", async () => {
    const client = new IntegrationPlatformClient({ baseUrl: server.url, apiKey: API_KEY });

    const err = await rejection(client.projects.create({ name: "new project" }));

    expect(err).toBeInstanceOf(MissingCredentialsError);
    expect(err.message).toMatch(/^POST \/api\/v3\/org\/owner\/project\/new needs an organization API key/);
    expect(err.message).toContain("integration-platform:orgApiKey");
    expect(err.message).toContain("INTEGRATION_PLATFORM_ORG_API_KEY");
    expect(server.requests).toHaveLength(0);
  });

  it("treats an empty key as missing", async () => {
    const client = new IntegrationPlatformClient({ baseUrl: server.url, apiKey: "" });
    expect(await rejection(client.config.get())).toBeInstanceOf(MissingCredentialsError);
    expect(server.requests).toHaveLength(0);
  });
});
