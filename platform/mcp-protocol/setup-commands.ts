/**
 * The `commands` of an MCP server: how to connect a client to its `mcp_url`, only in forms a
 * user can run or paste as they are.
 *
 * - `claude`: `claude mcp add --transport http <name> <url>` for Claude Code, each argument
 *   shell-quoted (the name is the user's and may hold any character).
 * - `cursor`: a Cursor install link (`cursor://anysphere.cursor-deeplink/mcp/install`), whose
 *   `config` is the base64 of the server's entry in Cursor's `mcp.json`.
 * - `json`: the `mcpServers` entry most clients read (Claude Code's `.mcp.json`, Cursor's
 *   `mcp.json`, the MCP Inspector's `--config`).
 *
 * Clients know the server by a slug of its name (`Dev Tools` → `dev-tools`): never starting with
 * a hyphen, so a command line cannot read it as an option.
 *
 * When the project requires its API key on MCP requests, every form sends it in `x-api-key`
 * from the `INTEGRATION_PLATFORM_API_KEY` environment variable (the provider's own variable), so
 * no key is ever written into a command.
 */
import { AUTH_HEADERS } from "../../api";

export const API_KEY_VARIABLE = "INTEGRATION_PLATFORM_API_KEY";

/** Characters a POSIX shell never treats specially in a word; anything else is quoted. */
const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * One word for a POSIX shell: bare when every character is safe, else in single quotes, inside
 * which nothing is special; a single quote itself is closed, escaped and reopened (`'\''`).
 */
export function shellWord(value: string): string {
  if (SHELL_SAFE.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The name clients list the server under: lower case letters, digits and inner hyphens. */
export function clientName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "integration-platform";
}

/** Setup commands per client application, for a server named `serverName` at `url`. */
export function mcpCommands(url: string, serverName: string, requireApiKey: boolean): Record<string, string> {
  const name = clientName(serverName);
  const header = AUTH_HEADERS.apiKey;
  // Double quotes on purpose: the shell expands the variable when the user runs the command.
  const claudeHeader = requireApiKey ? ` --header "${header}: $${API_KEY_VARIABLE}"` : "";
  const cursorEntry = { url, ...(requireApiKey ? { headers: { [header]: `\${env:${API_KEY_VARIABLE}}` } } : {}) };
  const jsonEntry = { type: "http", url, ...(requireApiKey ? { headers: { [header]: `\${${API_KEY_VARIABLE}}` } } : {}) };
  return {
    claude: `claude mcp add --transport http ${shellWord(name)} ${shellWord(url)}${claudeHeader}`,
    cursor: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(
      Buffer.from(JSON.stringify(cursorEntry), "utf8").toString("base64"),
    )}`,
    json: JSON.stringify({ mcpServers: { [name]: jsonEntry } }, null, 2),
  };
}
