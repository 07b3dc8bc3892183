/**
 * Whose connections a session uses, and which connected account a tool call runs under.
 *
 * The URL says who the caller is, as `POST /mcp/servers/generate` builds it: `user_id` and
 * `connected_account_ids`, comma-separated, each value %-encoded on its own (so a comma inside
 * a value stays encoded). Named accounts win; else the accounts of the named users; with
 * neither, the user `default` (the platform's user when a connection names none).
 */
import { MAX_IDS_PER_REQUEST, routes, UserId } from "../../api";
import { badRequest } from "../errors";
import type { ConnectedAccountRecord, McpServerRecord, Store } from "../store";

export const DEFAULT_USER_ID = "default";

export interface Caller {
  /** Users whose connections are used (never empty). */
  userIds: string[];
  /** Connected accounts named by the URL; when any, only these are used. */
  connectedAccountIds: string[];
}

function decodeValue(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The URL's ids within the limits URL generation keeps (api/common.ts): at most
 * MAX_IDS_PER_REQUEST of each list, every user id a `UserId` (an instance is recorded per user,
 * and must be deletable by its path); else a 400 naming the parameter.
 */
function checkCallerIds(lists: Record<string, string[]>): void {
  const errors: string[] = [];
  for (const [name, values] of Object.entries(lists)) {
    if (values.length > MAX_IDS_PER_REQUEST) errors.push(`${name}: at most ${MAX_IDS_PER_REQUEST} distinct values, got ${values.length}`);
  }
  lists.user_id!.forEach((userId, i) => {
    const checked = UserId.safeParse(userId);
    if (!checked.success) errors.push(`user_id.${i}: ${checked.error.issues[0]!.message}`);
  });
  if (errors.length) throw badRequest(`Invalid query: ${errors.join("; ")}`, errors);
}

/** The caller a request URL names; a 400 when its ids are over the limits. */
export function callerOf(url: string): Caller {
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  const lists: Record<string, string[]> = { user_id: [], connected_account_ids: [] };
  for (const pair of query.split("&")) {
    const eq = pair.indexOf("=");
    if (eq === -1) continue;
    const list = lists[decodeValue(pair.slice(0, eq))];
    if (!list) continue;
    for (const raw of pair.slice(eq + 1).split(",")) {
      const value = decodeValue(raw);
      if (value !== "" && !list.includes(value)) list.push(value);
    }
  }
  checkCallerIds(lists);
  return {
    userIds: lists.user_id!.length ? lists.user_id! : [DEFAULT_USER_ID],
    connectedAccountIds: lists.connected_account_ids!,
  };
}

/** The outcome of looking for a connection: the account, or why there is none. */
export type ConnectionLookup = { account: ConnectedAccountRecord } | { missing: string };

/**
 * An ACTIVE connected account of the caller under one of the server's auth configs for
 * `toolkit`; else a message saying how to connect one.
 */
export function findConnection(store: Store, server: McpServerRecord, caller: Caller, toolkit: string, tool: string): ConnectionLookup {
  const configs = server.auth_config_ids
    .map((id) => store.authConfigs.get(server.project_id, id))
    .filter((config) => config !== undefined && config.toolkit_slug === toolkit);
  if (configs.length === 0) {
    return {
      missing:
        `${tool} needs a ${toolkit} connection, and this MCP server has no ${toolkit} auth config. ` +
        `Add one to the server's auth_config_ids (PATCH ${routes.updateMcpServer.path.replace(":id", server.id)}), connect an account under it, and call the tool again.`,
    };
  }
  const configIds = new Set(configs.map((config) => config!.id));
  const candidates = caller.connectedAccountIds.length
    ? caller.connectedAccountIds.map((id) => store.connectedAccounts.get(server.project_id, id)).filter((a) => a !== undefined)
    : caller.userIds.flatMap((userId) => store.connectedAccounts.list(server.project_id, { userId }));
  const usable = candidates.filter((account) => configIds.has(account.auth_config_id));
  const active = usable.find((account) => account.status === "ACTIVE");
  if (active) return { account: active };

  const who = caller.connectedAccountIds.length
    ? `the connected account(s) ${caller.connectedAccountIds.map((id) => JSON.stringify(id)).join(", ")} of this URL`
    : `user ${caller.userIds.map((id) => JSON.stringify(id)).join(", ")}`;
  const state = usable.length ? ` (found: ${usable.map((a) => `${a.id} ${a.status}`).join(", ")})` : "";
  const configId = configs[0]!.id;
  const userId = caller.userIds[0]!;
  return {
    missing:
      `${tool} needs a ${toolkit} connection, and ${who} has no ACTIVE connected account under this server's ${toolkit} auth config(s) ${[...configIds].join(", ")}${state}. ` +
      `Connect one: POST ${routes.createConnectedAccount.path} with {"auth_config":{"id":"${configId}"},"connection":{"user_id":${JSON.stringify(userId)}}}, ` +
      `open the redirect_url it answers to authorize (OAuth), then call the tool again.`,
  };
}
