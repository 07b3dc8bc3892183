/** MCP servers: the name rule of the API and least-privilege tool scope. */
import { MCP_NAME_PATTERN, MCP_NAME_RULE } from "../api/mcp";
import type { McpServerInputs } from "../provider/resources/mcp-server.schema";
import { type Plain, type ResourcePolicy, UNKNOWN, forResource, quoteList } from "./lib";

/** Names the platform accepts on create and update (spec: Limits). */
export const mcpServerNameFormat: ResourcePolicy = {
  name: "mcp-server-name-format",
  description:
    `An McpServer's name ${MCP_NAME_RULE}; the platform refuses any other name on create and update. ` +
    `Fix: rename the server, e.g. name: "GitHub issues" or "support-bot-2".`,
  enforcementLevel: "mandatory",
  validateResource: forResource<McpServerInputs>("McpServer", ({ name }, reportViolation) => {
    if (name === UNKNOWN) return;
    if (typeof name !== "string") {
      reportViolation(`The MCP server has no name. Set name to a string that ${MCP_NAME_RULE}.`);
      return;
    }
    if (!MCP_NAME_PATTERN.test(name)) {
      reportViolation(`MCP server name ${JSON.stringify(name)} is not accepted: it ${MCP_NAME_RULE}. Rename the server.`);
    }
  }),
};

/**
 * The prefix of the tools of a toolkit: its slug upper-cased, every character
 * other than a letter or digit turned into "_", then "_"
 * (github → GITHUB_, google-calendar → GOOGLE_CALENDAR_).
 */
export function toolPrefix(toolkit: string): string {
  return `${toolkit.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_`;
}

/** True if the tool slug (e.g. GITHUB_CREATE_ISSUE) belongs to the toolkit (e.g. github). */
export function toolBelongsTo(tool: string, toolkit: string): boolean {
  return tool.toUpperCase().startsWith(toolPrefix(toolkit));
}

function knownStrings(list: Plain[]): { known: string[]; someUnknown: boolean } {
  const known = list.filter((v): v is string => typeof v === "string");
  return { known, someUnknown: list.includes(UNKNOWN) };
}

/** Least privilege for MCP servers: which tools they expose and on whose credentials. */
export const mcpToolScope: ResourcePolicy = {
  name: "mcp-tool-scope",
  description:
    "An McpServer exposes only what it declares: allowedTools is an explicit, non-empty list of tool slugs " +
    "(unset exposes every tool of its toolkits); every allowed tool belongs to one of the server's toolkits " +
    '(a tool slug starts with its toolkit slug upper-cased and "_": GITHUB_CREATE_ISSUE belongs to github); ' +
    "authConfigIds lists at least one auth config unless managedAuthViaPlatform is true. " +
    'Fix: set allowedTools: ["GITHUB_CREATE_ISSUE", ...], add the missing toolkits to toolkits or drop the foreign tools, ' +
    "and set authConfigIds (or managedAuthViaPlatform: true).",
  enforcementLevel: "mandatory",
  validateResource: forResource<McpServerInputs>("McpServer", (props, reportViolation) => {
    // allowedTools: explicit and non-empty.
    const tools = props.allowedTools;
    if (tools === undefined || tools === null) {
      reportViolation(
        "allowedTools is not set, so the server exposes every tool of its toolkits. " +
          'List the tools it needs, e.g. allowedTools: ["GITHUB_CREATE_ISSUE"].',
      );
    } else if (Array.isArray(tools) && tools.length === 0) {
      reportViolation('allowedTools is empty. List the tools the server needs, e.g. allowedTools: ["GITHUB_CREATE_ISSUE"].');
    }

    // Every allowed tool belongs to one of the server's toolkits.
    const toolkits = props.toolkits;
    if (Array.isArray(tools) && tools.length > 0 && toolkits !== UNKNOWN) {
      const { known: knownTools } = knownStrings(tools);
      const declared = Array.isArray(toolkits) ? knownStrings(toolkits) : { known: [], someUnknown: false };
      const foreign = knownTools.filter((tool) => !declared.known.some((toolkit) => toolBelongsTo(tool, toolkit)));
      // A tool that matches no known toolkit may match one that is not known yet.
      if (foreign.length > 0 && !declared.someUnknown) {
        if (declared.known.length === 0) {
          reportViolation(
            `toolkits is not set, so allowed tool(s) ${quoteList(foreign)} cannot be checked against the server's toolkits. ` +
              'Declare the toolkits the tools come from, e.g. toolkits: ["github"].',
          );
        } else {
          reportViolation(
            `Allowed tool(s) ${quoteList(foreign)} belong to none of the server's toolkits (${quoteList(declared.known)}); ` +
              `a tool belongs to a toolkit when its slug starts with the toolkit slug upper-cased and "_" ` +
              `(e.g. ${toolPrefix(declared.known[0]!)}...). Remove these tools or add their toolkits.`,
          );
        }
      }
    }

    // authConfigIds: non-empty unless the platform manages auth.
    const managed = props.managedAuthViaPlatform;
    const authConfigIds = props.authConfigIds;
    if (managed !== true && managed !== UNKNOWN && authConfigIds !== UNKNOWN) {
      const empty = authConfigIds === undefined || authConfigIds === null || (Array.isArray(authConfigIds) && authConfigIds.length === 0);
      if (empty) {
        reportViolation(
          "authConfigIds is empty and managedAuthViaPlatform is not true, so the server has no credentials to act with. " +
            "List the auth configs it uses in authConfigIds, or set managedAuthViaPlatform: true.",
        );
      }
    }
  }),
};

export const mcpPolicies = [mcpServerNameFormat, mcpToolScope];
