import { describe, expect, it } from "vitest";
import { ExecuteMetaBody, GetNanoIdQuery, ListActiveTriggersQuery, ListTriggerTypesQuery, ManageTriggerBody, TriggerInstance, TriggerInstancePage } from "../../api";
import { example } from "../support/payloads";

describe("trigger instances", () => {
  it("parse with their camelCase duplicates", () => {
    const page = TriggerInstancePage.parse({ items: [example.triggerInstance], next_cursor: "abc", total_pages: 2, current_page: 1, total_items: 3 });
    expect(page.items[0]?.triggerName).toBe("GITHUB_COMMIT_EVENT");
    expect(TriggerInstance.safeParse({ ...example.triggerInstance, trigger_config: "x" }).error?.issues[0]?.path).toEqual(["trigger_config"]);
  });

  it("active-list query splits arrays, upper-cases names and keeps deprecated aliases", () => {
    const q = ListActiveTriggersQuery.parse({
      user_ids: "u1,u2",
      trigger_names: ["github_commit_event"],
      show_disabled: "true",
      triggerNames: "slack_receive_message",
      showDisabled: "false",
      connectedAccountIds: ["ca_1", "ca_2"],
    });
    expect(q).toMatchObject({
      user_ids: ["u1", "u2"],
      trigger_names: ["GITHUB_COMMIT_EVENT"],
      show_disabled: true,
      triggerNames: ["SLACK_RECEIVE_MESSAGE"],
      showDisabled: false,
      connectedAccountIds: ["ca_1", "ca_2"],
    });
    expect(ListActiveTriggersQuery.safeParse({ limit: 5000 }).success).toBe(false);
  });

  it("manage takes enable or disable only", () => {
    expect(ManageTriggerBody.safeParse({ status: "enable" }).success).toBe(true);
    expect(ManageTriggerBody.safeParse({ status: "paused" }).error?.issues[0]?.message).toBe("must be enable or disable");
  });

  it("trigger types accept latest, one version, or a per-toolkit map", () => {
    expect(ListTriggerTypesQuery.parse({ toolkit_versions: "latest" }).toolkit_versions).toBe("latest");
    expect(ListTriggerTypesQuery.parse({ toolkit_versions: "20250101_00" }).toolkit_versions).toBe("20250101_00");
    expect(ListTriggerTypesQuery.parse({ toolkit_versions: { github: "20250101_00" } }).toolkit_versions).toEqual({ github: "20250101_00" });
    expect(ListTriggerTypesQuery.safeParse({ toolkit_versions: { github: "v2" } }).success).toBe(false);
  });
});

describe("tool router and migration", () => {
  it("execute_meta takes only the spec's slugs", () => {
    expect(ExecuteMetaBody.safeParse({ slug: "PLATFORM_SEARCH_TOOLS", arguments: { query: "issue" } }).success).toBe(true);
    expect(ExecuteMetaBody.safeParse({ slug: "PLATFORM_DELETE_EVERYTHING" }).error?.issues[0]?.path).toEqual(["slug"]);
  });
  it("get-nanoid needs a UUID and one of the three types", () => {
    expect(GetNanoIdQuery.safeParse({ uuid: "3f1c2a1e-9d8b-4c7a-8e6f-5a4b3c2d1e0f", type: "AUTH_CONFIG" }).success).toBe(true);
    expect(GetNanoIdQuery.safeParse({ uuid: "nope", type: "AUTH_CONFIG" }).error?.issues[0]?.path).toEqual(["uuid"]);
    expect(GetNanoIdQuery.safeParse({ uuid: "3f1c2a1e-9d8b-4c7a-8e6f-5a4b3c2d1e0f", type: "PROJECT" }).success).toBe(false);
  });
});
