/**
 * The URLs of URL generation (`POST /mcp/servers/generate`), from a server's
 * `mcp_url`: the platform answers with them, and the provider's
 * `generateMcpUrl` builds the same without the POST (which records instances).
 * The query appends `include_platform_helper_actions` (= `managed_auth_by_platform`),
 * `connected_account_ids` and `user_id`, comma-separated.
 */
import type { GenerateMcpUrlBody, GenerateMcpUrlResponse } from "./mcp";

/**
 * `a,b,c` with each value encoded but the commas kept. A lone surrogate (valid in
 * JSON, not in UTF-8) would make encodeURIComponent throw: it is encoded as U+FFFD,
 * which is also what the store records for it.
 */
const csv = (values: readonly string[]) => values.map((value) => encodeURIComponent(Buffer.from(value, "utf8").toString("utf8"))).join(",");

/** The server's URL with the query string of URL generation. */
export function generatedMcpUrl(base: string, helperActions: boolean, accountIds: readonly string[], userIds: readonly string[]): string {
  const parts = [`include_platform_helper_actions=${helperActions}`];
  if (accountIds.length) parts.push(`connected_account_ids=${csv(accountIds)}`);
  if (userIds.length) parts.push(`user_id=${csv(userIds)}`);
  return `${base}?${parts.join("&")}`;
}

/** The ids URL generation works with: each listed id once (a repeat would cost a look-up, a write and URLs). */
export function generationIds(body: GenerateMcpUrlBody): { accountIds: string[]; userIds: string[] } {
  return { accountIds: [...new Set(body.connected_account_ids ?? [])], userIds: [...new Set(body.user_ids ?? [])] };
}

/** The most characters URL generation answers with (its URLs together). */
export const MAX_GENERATED_URLS_LENGTH = 1024 * 1024;

/**
 * The characters of the answer `generatedMcpUrls` would build, roughly (an upper bound), without
 * building it: each id list repeats in up to 100 URLs, so the answer grows as the product of
 * the lists, and the platform refuses one over MAX_GENERATED_URLS_LENGTH before any work.
 */
export function generatedMcpUrlsLength(base: string, body: GenerateMcpUrlBody): number {
  const { accountIds, userIds } = generationIds(body);
  const accounts = accountIds.map((id) => csv([id]).length);
  const users = userIds.map((id) => csv([id]).length);
  const allAccounts = accounts.reduce((sum, one) => sum + one + 1, 0);
  const allUsers = users.reduce((sum, one) => sum + one + 1, 0);
  const fixed = generatedMcpUrl(base, body.managed_auth_by_platform ?? false, [], []).length + 40;
  return (
    fixed + allAccounts + allUsers +
    accounts.reduce((sum, one) => sum + fixed + one + allUsers, 0) +
    users.reduce((sum, one) => sum + fixed + allAccounts + one, 0)
  );
}

/** The answer of URL generation for the server whose `mcp_url` is `base`. */
export function generatedMcpUrls(base: string, body: GenerateMcpUrlBody): GenerateMcpUrlResponse {
  const helper = body.managed_auth_by_platform ?? false;
  const { accountIds, userIds } = generationIds(body);
  return {
    mcp_url: generatedMcpUrl(base, helper, accountIds, userIds),
    connected_account_urls: accountIds.map((id) => generatedMcpUrl(base, helper, [id], userIds)),
    user_ids_url: userIds.map((userId) => generatedMcpUrl(base, helper, accountIds, [userId])),
  };
}
