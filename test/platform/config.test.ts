/** Project configuration: defaults, PATCH of only the fields sent, the deprecated field refused. */
import { describe, expect, it } from "vitest";
import { ProjectConfig } from "../../api";
import { expectError, expectProjectAuthFailures, type Harness, useHarness } from "./helpers";

let h: Harness;
useHarness((made) => (h = made));

const URL = "/api/v3/org/project/config";

describe("project configuration", () => {
  it("has defaults for a new project", async () => {
    const answer = await h.call({ url: URL, apiKey: h.apiKey });
    expect(answer.status).toBe(200);
    // The documented defaults, field by field (store/projects.ts writes them).
    expect(Object.entries(ProjectConfig.parse(answer.body)).sort()).toEqual([
      ["display_name", null], ["is_2FA_enabled", false], ["log_visibility_setting", "show_all"], ["logo_url", null],
      ["mask_secret_keys_in_connected_account", true], ["require_mcp_api_key", false], ["signed_url_file_expiry_in_seconds", 3600],
    ]);
  });

  it("changes only the fields sent, per project", async () => {
    const first = await h.call({ method: "PATCH", url: URL, apiKey: h.apiKey, body: { display_name: "Acme", require_mcp_api_key: true } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ display_name: "Acme", require_mcp_api_key: true, log_visibility_setting: "show_all" });
    const second = await h.call({ method: "PATCH", url: URL, apiKey: h.apiKey, body: { log_visibility_setting: "dont_store_data" } });
    expect(second.body).toMatchObject({ display_name: "Acme", require_mcp_api_key: true, log_visibility_setting: "dont_store_data" });
    const cleared = await h.call({ method: "PATCH", url: URL, apiKey: h.apiKey, body: { display_name: null } });
    expect(cleared.body.display_name).toBeNull();
    expect((await h.call({ url: URL, apiKey: h.apiKey })).body).toEqual(cleared.body);
    expect((await h.call({ url: URL, apiKey: h.otherApiKey })).body.require_mcp_api_key).toBe(false);
    const empty = await h.call({ method: "PATCH", url: URL, apiKey: h.apiKey, body: {} });
    expect(empty.body).toEqual(cleared.body);
  });

  it("refuses the deprecated field with a 400 naming it, and bad values naming the field", async () => {
    const deprecated = expectError(
      await h.call({ method: "PATCH", url: URL, apiKey: h.apiKey, body: { is_platform_link_enabled_for_managed_auth: true } }),
      400,
      "validation_error",
    );
    expect(deprecated.message).toContain("is_platform_link_enabled_for_managed_auth");
    expect(deprecated.errors[0]).toMatch(/^is_platform_link_enabled_for_managed_auth: is deprecated/);
    const bad = expectError(
      await h.call({ method: "PATCH", url: URL, apiKey: h.apiKey, body: { signed_url_file_expiry_in_seconds: 0, logo_url: "nope" } }),
      400,
    );
    expect(bad.errors.map((e: string) => e.split(":")[0]).sort()).toEqual(["logo_url", "signed_url_file_expiry_in_seconds"]);
    await expectProjectAuthFailures(h, { method: "PATCH", url: URL, body: {} });
    await expectProjectAuthFailures(h, { url: URL });
  });
});
