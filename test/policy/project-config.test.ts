import { describe, expect, it } from "vitest";
import { DEPRECATED_CONFIG_FIELD, LOG_VISIBILITY_SETTINGS } from "../../api/project-config";
import {
  logVisibilityAllowedValues,
  maskSecretKeys,
  projectConfigNoDeprecatedFields,
  require2fa,
  requireMcpApiKey,
  signedUrlExpiryMax,
} from "../../policy/project-config";
import { unknown, validateResource } from "./harness";

/** A ProjectConfig that meets the whole baseline with default config. */
const baseline = (props: Record<string, unknown> = {}) => ({
  is2FAEnabled: true,
  maskSecretKeysInConnectedAccount: true,
  logVisibilitySetting: "dont_store_data",
  requireMcpApiKey: true,
  signedUrlFileExpiryInSeconds: 900,
  logoUrl: "https://example.com/logo.png",
  ...props,
});

function without(field: string): Record<string, unknown> {
  const props = baseline();
  delete props[field as keyof typeof props];
  return props;
}

describe("project-config-no-deprecated-fields", () => {
  it("passes a ProjectConfig without the deprecated field", () => {
    expect(validateResource(projectConfigNoDeprecatedFields, "ProjectConfig", baseline())).toEqual([]);
  });

  it("reports the field in snake_case or camelCase, whatever its value", () => {
    for (const key of [DEPRECATED_CONFIG_FIELD, "isPlatformLinkEnabledForManagedAuth"]) {
      for (const value of [true, false]) {
        const violations = validateResource(projectConfigNoDeprecatedFields, "ProjectConfig", baseline({ [key]: value }));
        expect(violations).toHaveLength(1);
        expect(violations[0]).toContain(`Remove ${key}`);
        expect(violations[0]).toContain(DEPRECATED_CONFIG_FIELD);
      }
    }
  });

  it("reports the field even when its value is not known yet: setting it at all is the violation", () => {
    expect(
      validateResource(projectConfigNoDeprecatedFields, "ProjectConfig", baseline({ [DEPRECATED_CONFIG_FIELD]: unknown.boolean })),
    ).toHaveLength(1);
  });

  it("ignores other resource types", () => {
    expect(validateResource(projectConfigNoDeprecatedFields, "Project", { [DEPRECATED_CONFIG_FIELD]: true })).toEqual([]);
  });
});

describe.each([
  { policy: requireMcpApiKey, field: "requireMcpApiKey" },
  { policy: maskSecretKeys, field: "maskSecretKeysInConnectedAccount" },
  { policy: require2fa, field: "is2FAEnabled" },
])("$policy.name", ({ policy, field }) => {
  it("passes when the field is true", () => {
    expect(validateResource(policy, "ProjectConfig", baseline())).toEqual([]);
  });

  it("reports false and says what to set", () => {
    expect(validateResource(policy, "ProjectConfig", baseline({ [field]: false }))).toEqual([
      expect.stringContaining(`${field} is false. Set ${field}: true`),
    ]);
  });

  it("reports an unset field: the stack does not control the platform's value", () => {
    expect(validateResource(policy, "ProjectConfig", without(field))).toEqual([
      expect.stringContaining(`${field} is not set`),
    ]);
  });

  it("does not report a value that is not known yet", () => {
    expect(validateResource(policy, "ProjectConfig", baseline({ [field]: unknown.boolean }))).toEqual([]);
  });

  it("ignores other resource types", () => {
    expect(validateResource(policy, "McpServer", { [field]: false })).toEqual([]);
  });
});

describe("require-2fa config", () => {
  it("checks nothing when required is false", () => {
    expect(validateResource(require2fa, "ProjectConfig", baseline({ is2FAEnabled: false }), { required: false })).toEqual([]);
    expect(validateResource(require2fa, "ProjectConfig", without("is2FAEnabled"), { required: false })).toEqual([]);
  });

  it("checks when required is true", () => {
    expect(validateResource(require2fa, "ProjectConfig", baseline({ is2FAEnabled: false }), { required: true })).toHaveLength(1);
  });
});

describe("log-visibility-allowed-values", () => {
  it("allows only dont_store_data by default", () => {
    expect(validateResource(logVisibilityAllowedValues, "ProjectConfig", baseline())).toEqual([]);
    expect(validateResource(logVisibilityAllowedValues, "ProjectConfig", baseline({ logVisibilitySetting: "show_all" }))).toEqual([
      'logVisibilitySetting "show_all" is not allowed here. Set logVisibilitySetting to "dont_store_data".',
    ]);
  });

  it("reports an unset value unless every value is allowed", () => {
    expect(validateResource(logVisibilityAllowedValues, "ProjectConfig", without("logVisibilitySetting"))).toEqual([
      expect.stringContaining("logVisibilitySetting is not set"),
    ]);
    expect(
      validateResource(logVisibilityAllowedValues, "ProjectConfig", without("logVisibilitySetting"), {
        allowed: [...LOG_VISIBILITY_SETTINGS],
      }),
    ).toEqual([]);
  });

  it("follows the allowed list of the config", () => {
    const config = { allowed: ["show_all"] };
    expect(validateResource(logVisibilityAllowedValues, "ProjectConfig", baseline({ logVisibilitySetting: "show_all" }), config)).toEqual([]);
    expect(validateResource(logVisibilityAllowedValues, "ProjectConfig", baseline(), config)).toEqual([
      'logVisibilitySetting "dont_store_data" is not allowed here. Set logVisibilitySetting to "show_all".',
    ]);
    expect(
      validateResource(logVisibilityAllowedValues, "ProjectConfig", baseline({ logVisibilitySetting: "show_all" }), {
        allowed: [...LOG_VISIBILITY_SETTINGS],
      }),
    ).toEqual([]);
  });

  it("does not report a value that is not known yet", () => {
    expect(validateResource(logVisibilityAllowedValues, "ProjectConfig", baseline({ logVisibilitySetting: unknown.string }))).toEqual([]);
  });
});

describe("signed-url-expiry-max", () => {
  it("allows up to 3600 seconds by default", () => {
    expect(validateResource(signedUrlExpiryMax, "ProjectConfig", baseline({ signedUrlFileExpiryInSeconds: 3600 }))).toEqual([]);
    expect(validateResource(signedUrlExpiryMax, "ProjectConfig", baseline({ signedUrlFileExpiryInSeconds: 3601 }))).toEqual([
      "signedUrlFileExpiryInSeconds is 3601, more than the allowed 3600. Set it to at most 3600.",
    ]);
  });

  it("follows maxSeconds of the config", () => {
    expect(
      validateResource(signedUrlExpiryMax, "ProjectConfig", baseline({ signedUrlFileExpiryInSeconds: 900 }), { maxSeconds: 600 }),
    ).toEqual([expect.stringContaining("more than the allowed 600")]);
    expect(
      validateResource(signedUrlExpiryMax, "ProjectConfig", baseline({ signedUrlFileExpiryInSeconds: 86_400 }), { maxSeconds: 86_400 }),
    ).toEqual([]);
  });

  it("reports an unset expiry", () => {
    expect(validateResource(signedUrlExpiryMax, "ProjectConfig", without("signedUrlFileExpiryInSeconds"))).toEqual([
      expect.stringContaining("signedUrlFileExpiryInSeconds is not set"),
    ]);
  });

  it("does not report a value that is not known yet", () => {
    expect(validateResource(signedUrlExpiryMax, "ProjectConfig", baseline({ signedUrlFileExpiryInSeconds: unknown.number }))).toEqual([]);
  });
});
