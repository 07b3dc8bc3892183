/** Data-source functions over the read-only parts of the API. */
export * from "./session";
export * from "./toolkits";
export * from "./auth-configs";
export * from "./connected-accounts";
export * from "./tools";
export * from "./webhooks";
export * from "./triggers";
export * from "./mcp";
export * from "./migration";
export type { InvokeOptions, InvokeOutputOptions } from "./invoke";
