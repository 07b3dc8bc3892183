/** The API v3 contract: zod schemas for every resource, body and query, and the route table. */
export * from "./common";
export * from "./errors";
export * from "./projects";
export * from "./project-config";
export * from "./auth-configs";
export * from "./toolkits";
export * from "./connected-accounts";
export * from "./mcp";
export * from "./mcp-urls";
export * from "./tool-router";
export * from "./triggers";
export * from "./migration";
export * from "./tools";
export * from "./webhooks";
export * from "./routes";
export * from "./openapi";
