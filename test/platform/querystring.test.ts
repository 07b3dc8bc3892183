/** The query-string parser: repeated keys, brackets, bracket objects, decoding. */
import { describe, expect, it } from "vitest";
import { parseQueryString } from "../../platform/http/querystring";

describe("parseQueryString", () => {
  it("keeps single values as strings and comma lists as written (schemas split them)", () => {
    expect(parseQueryString("limit=10&user_ids=a,b")).toEqual({ limit: "10", user_ids: "a,b" });
  });
  it("turns repeated keys and brackets into arrays", () => {
    expect(parseQueryString("user_ids=a&user_ids=b")).toEqual({ user_ids: ["a", "b"] });
    expect(parseQueryString("user_ids[]=a")).toEqual({ user_ids: ["a"] });
    expect(parseQueryString("user_ids[]=a&user_ids[]=b&user_ids=c")).toEqual({ user_ids: ["a", "b", "c"] });
    expect(parseQueryString("user_ids%5B%5D=a")).toEqual({ user_ids: ["a"] });
  });
  it("turns bracket keys into objects", () => {
    expect(parseQueryString("toolkit_versions[github]=20250101_00&toolkit_versions[slack]=latest")).toEqual({
      toolkit_versions: { github: "20250101_00", slack: "latest" },
    });
  });
  it("decodes + and %-escapes, tolerates malformed escapes and empty parts", () => {
    expect(parseQueryString("name=hello+world&search=%E2%9C%93&&flag")).toEqual({ name: "hello world", search: "✓", flag: "" });
    expect(parseQueryString("name=100%")).toEqual({ name: "100%" });
    expect(parseQueryString("")).toEqual({});
  });
  it("drops keys that would reach a prototype", () => {
    const parsed = parseQueryString("__proto__[x]=1&constructor=2&a[__proto__]=3&ok=4");
    expect(parsed).toEqual({ ok: "4" });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
