import { describe, expect, it } from "vitest";
import { CreateProjectBody, ListProjectsResponse, ProjectConfig, ProjectConfigPatch, ProjectSession, SessionInfo } from "../../api";
import { example, ts } from "../support/payloads";

describe("projects", () => {
  it("parses the session form with its org and the list envelope", () => {
    const session = { ...example.projectListItem, auto_id: 7, nano_id: "proj_1", org: { id: "org_1", name: "Acme", plan: "free" } };
    expect(ProjectSession.parse(session).org.plan).toBe("free");
    const info = SessionInfo.parse({
      project: session,
      api_key: {
        auto_id: 1, id: "key_1", name: "default", project_id: "proj_1", org_member_id: "mem_1",
        created_at: ts, updated_at: ts, deleted_at: null, key: "ipk_…abcd", deleted: false,
      },
      org_member: { id: "mem_1", email: "a@acme.io", name: "Ada", role: "owner" },
    });
    expect(info.org_member.role).toBe("owner");
    const page = ListProjectsResponse.parse({ data: [example.projectListItem], next_cursor: null, total_pages: 1, current_page: 1, total_items: 1 });
    expect(page.data[0]?.name).toBe("payments");
  });

  it("requires a well-formed name and defaults should_create_api_key to false", () => {
    expect(CreateProjectBody.parse({ name: "payments-prod" }).should_create_api_key).toBe(false);
    for (const name of ["", "ab", "-leading", "x".repeat(65), "semi;colon"]) {
      expect(CreateProjectBody.safeParse({ name }).success, name).toBe(false);
    }
  });
});

describe("project configuration", () => {
  it("parses the spec's fields", () => {
    expect(ProjectConfig.parse(example.projectConfig).log_visibility_setting).toBe("dont_store_data");
  });
  it("patch takes any subset, validates each field, and refuses unknown ones", () => {
    expect(ProjectConfigPatch.safeParse({}).success).toBe(true);
    expect(ProjectConfigPatch.safeParse({ require_mcp_api_key: true }).success).toBe(true);
    const cases: [Record<string, unknown>, string][] = [
      [{ log_visibility_setting: "everything" }, "log_visibility_setting"],
      [{ logo_url: "not a url" }, "logo_url"],
      [{ signed_url_file_expiry_in_seconds: 0 }, "signed_url_file_expiry_in_seconds"],
      [{ signed_url_file_expiry_in_seconds: 1.5 }, "signed_url_file_expiry_in_seconds"],
      [{ is_2FA_enabled: "yes" }, "is_2FA_enabled"],
    ];
    for (const [body, field] of cases) {
      const result = ProjectConfigPatch.safeParse(body);
      expect(result.error?.issues[0]?.path, JSON.stringify(body)).toEqual([field]);
    }
    expect(ProjectConfigPatch.safeParse({ is_2fa_enabled: true }).success).toBe(false);
  });
  it("keeps the deprecated field visible so the server can refuse it by name", () => {
    expect(ProjectConfigPatch.parse({ is_platform_link_enabled_for_managed_auth: true })).toEqual({
      is_platform_link_enabled_for_managed_auth: true,
    });
  });
});
