/** maxRetries and requestTimeout from stack config, else the environment, into every client the provider builds. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from "../../provider/client";
import { orgClient, projectClient } from "../../provider/clients";
import { clientTuning, configureFrom, resetConfigured } from "../../provider/settings";

const ENV = ["INTEGRATION_PLATFORM_BASE_URL", "INTEGRATION_PLATFORM_MAX_RETRIES", "INTEGRATION_PLATFORM_REQUEST_TIMEOUT"] as const;
const saved: Partial<Record<(typeof ENV)[number], string>> = {};

function config(values: Record<string, string>) {
  configureFrom({ get: (key) => values[key] });
}

beforeEach(() => {
  for (const name of ENV) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  resetConfigured();
  process.env.INTEGRATION_PLATFORM_BASE_URL = "http://127.0.0.1:9";
});
afterEach(() => {
  resetConfigured();
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("client tuning settings", () => {
  it("uses the client's defaults when neither config nor environment sets them", () => {
    expect(clientTuning()).toEqual({});
    const client = projectClient("ipk_test");
    expect(client.maxRetries).toBe(DEFAULT_MAX_RETRIES);
    expect(client.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });

  it("reads integration-platform:maxRetries and :requestTimeout from stack config, before the environment", () => {
    process.env.INTEGRATION_PLATFORM_MAX_RETRIES = "1";
    process.env.INTEGRATION_PLATFORM_REQUEST_TIMEOUT = "1000";
    config({ "integration-platform:maxRetries": "8", "integration-platform:requestTimeout": "45s" });
    expect(clientTuning()).toEqual({ maxRetries: 8, timeoutMs: 45_000 });
    const client = projectClient("ipk_test");
    expect(client.maxRetries).toBe(8);
    expect(client.timeoutMs).toBe(45_000);
    config({ "integration-platform:orgApiKey": "iok_test" });
    expect(orgClient().maxRetries).toBe(8);
  });

  it("falls back to INTEGRATION_PLATFORM_MAX_RETRIES and INTEGRATION_PLATFORM_REQUEST_TIMEOUT", () => {
    process.env.INTEGRATION_PLATFORM_MAX_RETRIES = "0";
    process.env.INTEGRATION_PLATFORM_REQUEST_TIMEOUT = "2500";
    expect(clientTuning()).toEqual({ maxRetries: 0, timeoutMs: 2500 });
    process.env.INTEGRATION_PLATFORM_REQUEST_TIMEOUT = "500ms";
    expect(clientTuning().timeoutMs).toBe(500);
    process.env.INTEGRATION_PLATFORM_REQUEST_TIMEOUT = "2m";
    expect(clientTuning().timeoutMs).toBe(120_000);
    // Empty means unset, as for the other settings.
    process.env.INTEGRATION_PLATFORM_MAX_RETRIES = "";
    expect(clientTuning().maxRetries).toBeUndefined();
  });

  it("shares one client per key and settings, and builds another when either changes", () => {
    const client = projectClient("ipk_test");
    expect(projectClient("ipk_test")).toBe(client);
    expect(projectClient("ipk_other")).not.toBe(client);
    config({ "integration-platform:maxRetries": "5" });
    const retuned = projectClient("ipk_test");
    expect(retuned).not.toBe(client);
    expect(retuned.maxRetries).toBe(5);
    process.env.INTEGRATION_PLATFORM_BASE_URL = "http://127.0.0.1:10";
    expect(projectClient("ipk_test").baseUrl).toBe("http://127.0.0.1:10");
    config({ "integration-platform:orgApiKey": "ipk_test" });
    expect(orgClient()).not.toBe(projectClient("ipk_test"));
  });

  it("refuses bad values with the key, the variable, the value and what is expected", () => {
    config({ "integration-platform:maxRetries": "-1" });
    expect(() => clientTuning()).toThrow(
      'integration-platform:maxRetries (or INTEGRATION_PLATFORM_MAX_RETRIES) must be a whole number >= 0, got "-1"',
    );
    expect(() => projectClient("ipk_test")).toThrow(/maxRetries/);
    resetConfigured();
    for (const bad of ["fast", "0", "10h", "-5s"]) {
      process.env.INTEGRATION_PLATFORM_REQUEST_TIMEOUT = bad;
      expect(() => clientTuning(), bad).toThrow(
        new RegExp(`integration-platform:requestTimeout \\(or INTEGRATION_PLATFORM_REQUEST_TIMEOUT\\) must be a time .* got "${bad}"`),
      );
    }
    process.env.INTEGRATION_PLATFORM_REQUEST_TIMEOUT = "";
    process.env.INTEGRATION_PLATFORM_MAX_RETRIES = "2.5";
    expect(() => clientTuning()).toThrow(/whole number >= 0, got "2.5"/);
  });
});
