import { describe, expect, it } from "vitest";
import { unknownPolicyMessage, unknownPolicyNames } from "../../policy/config-names";
import { PACK_NAME, policies } from "../../policy/policies";

const known = policies.map((p) => p.name);

describe("policy names in a pack config", () => {
  it("finds the names that are not policies of the pack, case-sensitively, and lets `all` through", () => {
    expect(unknownPolicyNames(["require-2fa", "all", "https-urls"], known)).toEqual([]);
    expect(unknownPolicyNames(["require-2FA", "require-2fa", "max-project-per-stack"], known)).toEqual(["require-2FA", "max-project-per-stack"]);
  });

  it("says which names are wrong, lists every policy of the pack and how to fix it", () => {
    const message = unknownPolicyMessage(PACK_NAME, ["require-2FA"], known);
    expect(message).toContain('names a policy that the pack "integration-platform" does not have: "require-2FA"');
    for (const name of known) expect(message).toContain(`"${name}"`);
    expect(message).toContain('"all"');
    expect(message).toContain("--policy-pack-config");
    expect(unknownPolicyMessage(PACK_NAME, ["a-b", "c-d"], known)).toContain('names policies that the pack "integration-platform" does not have: "a-b" and "c-d"');
  });
});
