/**
 * Project configuration: no deprecated fields, and a security baseline.
 *
 * How an unset field is treated: a ProjectConfig changes only the fields it
 * declares. A field it leaves unset is not managed by the stack: the platform
 * keeps whatever value it holds (its default on a new project, or a change
 * made by hand in the dashboard), which a policy cannot see. So every baseline
 * rule below counts an unset field as a violation and says what to set. A
 * value that is not known yet (computed at preview) is never a violation.
 */
import type { ResourceValidationArgs } from "@pulumi/policy";
import { DEPRECATED_CONFIG_FIELD, LOG_VISIBILITY_SETTINGS } from "../api/project-config";
import type { ProjectConfigInputs } from "../provider/resources/project-config.schema";
import {
  type Plain,
  type ResourcePolicy,
  type ResourceValidate,
  UNKNOWN,
  configSchema,
  forResource,
  isType,
  looseKey,
  propsOf,
  quoteList,
  readConfig,
  snakeToCamel,
} from "./lib";

const DEPRECATED_CAMEL = snakeToCamel(DEPRECATED_CONFIG_FIELD);

export const projectConfigNoDeprecatedFields: ResourcePolicy = {
  name: "project-config-no-deprecated-fields",
  description:
    `A ProjectConfig must not set the deprecated ${DEPRECATED_CONFIG_FIELD} (${DEPRECATED_CAMEL}), ` +
    "whatever its value: the API says it must not be used. Fix: remove the property from the ProjectConfig.",
  enforcementLevel: "mandatory",
  validateResource: (args, reportViolation) => {
    if (!isType(args.type, "ProjectConfig")) return;
    // Only the presence of the key matters, so even a value not known yet is a violation.
    for (const key of Object.keys(args.props)) {
      if (looseKey(key) === looseKey(DEPRECATED_CONFIG_FIELD)) {
        reportViolation(
          `${key} is set, but ${DEPRECATED_CONFIG_FIELD} is deprecated and must not be used. Remove ${key} from the ProjectConfig.`,
        );
      }
    }
  },
};

type ConfigField = keyof ProjectConfigInputs;

const UNSET_NOTE = "An unset field is not managed by this stack: the platform keeps its current value (its default on a new project).";

type DeclaredFields = ReturnType<typeof propsOf<ProjectConfigInputs>>;

/** The `validateResource` of a ProjectConfig rule: reports the violation `check` finds in its declared fields, if any. */
function onProjectConfig(check: (fields: DeclaredFields, args: ResourceValidationArgs) => string | undefined): ResourceValidate {
  return forResource<ProjectConfigInputs>("ProjectConfig", (fields, reportViolation, args) => {
    const message = check(fields, args);
    if (message) reportViolation(message);
  });
}

/**
 * The violation of one declared field: none while its value is not known yet;
 * when unset, one ending in `unsetFix` (none when unset is allowed: `undefined`);
 * otherwise what `wrong` says of the value.
 */
function fieldViolation(
  field: ConfigField,
  value: Plain | undefined,
  unsetFix: string | undefined,
  wrong: (value: Plain) => string | undefined,
): string | undefined {
  if (value === UNKNOWN) return undefined;
  if (value === undefined || value === null) {
    return unsetFix && `${field} is not set, so the platform's value applies, which this stack does not control. ${unsetFix}`;
  }
  return wrong(value);
}

/** A boolean of the ProjectConfig that must be declared true. */
function mustBeTrue(field: ConfigField, why: string, value: Plain | undefined): string | undefined {
  const fix = `Set ${field}: true (${why}).`;
  return fieldViolation(field, value, fix, (declared) => (declared === true ? undefined : `${field} is ${JSON.stringify(declared)}. ${fix}`));
}

/** A policy that a ProjectConfig declares `field: true`, so that `effect`. */
function mustBeTruePolicy(name: string, field: ConfigField, effect: string, why: string): ResourcePolicy {
  return {
    name,
    description: `A ProjectConfig sets ${field}: true, so ${effect}. ${UNSET_NOTE} Unset is a violation. Fix: set ${field}: true.`,
    enforcementLevel: "mandatory",
    validateResource: onProjectConfig((fields) => mustBeTrue(field, why, fields[field])),
  };
}

export const requireMcpApiKey = mustBeTruePolicy(
  "require-mcp-api-key",
  "requireMcpApiKey",
  "MCP URLs of the project only answer callers that present an API key",
  "otherwise anyone holding an MCP URL can call its tools",
);

export const maskSecretKeys = mustBeTruePolicy(
  "mask-secret-keys",
  "maskSecretKeysInConnectedAccount",
  "the platform never shows connected accounts' secrets in clear",
  "otherwise tokens and keys of connected accounts are shown in clear",
);

export type LogVisibilitySetting = (typeof LOG_VISIBILITY_SETTINGS)[number];

export interface LogVisibilityConfig {
  /** The logVisibilitySetting values a ProjectConfig may declare. */
  allowed: LogVisibilitySetting[];
}

const logVisibilitySchema = configSchema<LogVisibilityConfig>({
  allowed: {
    type: "array",
    items: { type: "string", enum: [...LOG_VISIBILITY_SETTINGS] },
    minItems: 1,
    uniqueItems: true,
    default: ["dont_store_data"],
    description: `The logVisibilitySetting values allowed, among ${LOG_VISIBILITY_SETTINGS.join(", ")}.`,
  },
});

export const logVisibilityAllowedValues: ResourcePolicy = {
  name: "log-visibility-allowed-values",
  description:
    "A ProjectConfig declares a logVisibilitySetting among the allowed values (config `allowed`, default only " +
    '"dont_store_data": tool inputs and outputs, which may hold personal data, are not kept in logs). ' +
    `${UNSET_NOTE} Unset is a violation unless every value is allowed. Fix: set logVisibilitySetting to an allowed value.`,
  enforcementLevel: "advisory",
  configSchema: logVisibilitySchema,
  validateResource: onProjectConfig((fields, args) => {
    const { allowed } = readConfig(args, logVisibilitySchema);
    const fix = `Set logVisibilitySetting to ${allowed.length === 1 ? JSON.stringify(allowed[0]) : `one of ${quoteList(allowed)}`}.`;
    // Unset is fine only when every value would be: then whatever the platform holds is allowed.
    const unsetFix = LOG_VISIBILITY_SETTINGS.every((setting) => allowed.includes(setting)) ? undefined : fix;
    return fieldViolation("logVisibilitySetting", fields.logVisibilitySetting, unsetFix, (value) =>
      allowed.includes(value as LogVisibilitySetting) ? undefined : `logVisibilitySetting ${JSON.stringify(value)} is not allowed here. ${fix}`,
    );
  }),
};

export interface SignedUrlExpiryConfig {
  /** The longest lifetime, in seconds, of signed file URLs. */
  maxSeconds: number;
}

const signedUrlExpirySchema = configSchema<SignedUrlExpiryConfig>({
  maxSeconds: {
    type: "integer",
    minimum: 1,
    default: 3600,
    description: "The longest signedUrlFileExpiryInSeconds allowed.",
  },
});

export const signedUrlExpiryMax: ResourcePolicy = {
  name: "signed-url-expiry-max",
  description:
    "A ProjectConfig declares signedUrlFileExpiryInSeconds at most `maxSeconds` (config, default 3600): a signed file URL " +
    `works for anyone who holds it until it expires. ${UNSET_NOTE} Unset is a violation. ` +
    "Fix: set signedUrlFileExpiryInSeconds to a number of seconds no greater than the maximum.",
  enforcementLevel: "advisory",
  configSchema: signedUrlExpirySchema,
  validateResource: onProjectConfig((fields, args) => {
    const { maxSeconds } = readConfig(args, signedUrlExpirySchema);
    return fieldViolation("signedUrlFileExpiryInSeconds", fields.signedUrlFileExpiryInSeconds, `Set signedUrlFileExpiryInSeconds to at most ${maxSeconds}.`, (value) =>
      typeof value === "number" && value > maxSeconds
        ? `signedUrlFileExpiryInSeconds is ${value}, more than the allowed ${maxSeconds}. Set it to at most ${maxSeconds}.`
        : undefined,
    );
  }),
};

export interface Require2faConfig {
  /** Whether ProjectConfigs must enable 2FA. */
  required: boolean;
}

const require2faSchema = configSchema<Require2faConfig>({
  required: {
    type: "boolean",
    default: true,
    description: "Whether every ProjectConfig must set is2FAEnabled: true.",
  },
});

export const require2fa: ResourcePolicy = {
  name: "require-2fa",
  description:
    "A ProjectConfig sets is2FAEnabled: true while config `required` is true (the default). " +
    `${UNSET_NOTE} Unset is a violation. Fix: set is2FAEnabled: true (or set required: false in the policy config).`,
  enforcementLevel: "mandatory",
  configSchema: require2faSchema,
  validateResource: onProjectConfig((fields, args) =>
    readConfig(args, require2faSchema).required
      ? mustBeTrue("is2FAEnabled", "two-factor authentication protects access to the project", fields.is2FAEnabled)
      : undefined,
  ),
};

export const projectConfigPolicies = [
  projectConfigNoDeprecatedFields,
  requireMcpApiKey,
  maskSecretKeys,
  logVisibilityAllowedValues,
  signedUrlExpiryMax,
  require2fa,
];
