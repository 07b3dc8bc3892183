import { describe, expect, it } from "vitest";
import { CreateMcpServerBody } from "../../api";
import { checkWith, inputName } from "../../provider/resources/check";
import { UNKNOWN_PLACEHOLDER, changedKeys, isUnknown } from "../../provider/resources/diff";

describe("changedKeys", () => {
  it("reports declared keys whose value differs, deeply", () => {
    const olds = { name: "a", tools: ["X_A"], cfg: { repo: "r" } };
    expect(changedKeys(["name", "tools", "cfg"], olds, { name: "a", tools: ["X_A"], cfg: { repo: "r" } })).toEqual([]);
    expect(changedKeys(["name", "tools", "cfg"], olds, { name: "b", tools: ["X_A", "X_B"], cfg: { repo: "s" } })).toEqual(["name", "tools", "cfg"]);
  });
  it("does not count a key that is no longer declared", () => {
    expect(changedKeys(["name", "tools"], { name: "a", tools: ["X"] }, { name: "a" })).toEqual([]);
  });
});

describe("isUnknown", () => {
  it("finds the engine's placeholder anywhere in a value", () => {
    expect(isUnknown(UNKNOWN_PLACEHOLDER)).toBe(true);
    expect(isUnknown(["a", UNKNOWN_PLACEHOLDER])).toBe(true);
    expect(isUnknown({ a: { b: UNKNOWN_PLACEHOLDER } })).toBe(true);
    expect(isUnknown({ a: ["b"] })).toBe(false);
  });
});

describe("checkWith", () => {
  it("names the camelCase input the user wrote", () => {
    const inputs = { name: "abc", authConfigIds: [] };
    const result = checkWith(inputs, CreateMcpServerBody, { name: "abc", auth_config_ids: [] });
    expect(result.failures).toEqual([
      { property: "name", reason: "name must be 4-30 characters of letters, digits, spaces and hyphens" },
    ]);
  });
  it("reports a missing required input by its input name", () => {
    const result = checkWith({ name: "Good name" }, CreateMcpServerBody, { name: "Good name" });
    expect(result.failures?.map((f) => f.property)).toEqual(["authConfigIds"]);
  });
  it("leaves values unknown at preview for later", () => {
    const result = checkWith({ name: UNKNOWN_PLACEHOLDER, authConfigIds: [UNKNOWN_PLACEHOLDER] }, CreateMcpServerBody, { name: UNKNOWN_PLACEHOLDER, auth_config_ids: [UNKNOWN_PLACEHOLDER] });
    expect(result.failures).toEqual([]);
  });
  it("maps API field names to input names", () => {
    expect(inputName("is_2FA_enabled")).toBe("is2FAEnabled");
    expect(inputName("signed_url_file_expiry_in_seconds")).toBe("signedUrlFileExpiryInSeconds");
  });
});
