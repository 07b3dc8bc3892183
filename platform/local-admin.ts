/**
 * A caller of the local-only admin surface (routes/local.ts, services/auth-configs.ts) over HTTP, for the
 * demo, tests and benchmarks: auth configs have no create endpoint in API v3.
 */
import type { NewAuthConfigInput } from "./services/auth-configs";

/** Creates an auth config in a project through POST /_local/auth_configs; resolves to its id. */
export async function createLocalAuthConfig(url: string, orgApiKey: string, body: NewAuthConfigInput): Promise<string> {
  const response = await fetch(`${url}/_local/auth_configs`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-org-api-key": orgApiKey },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`creating a ${body.toolkit} auth config failed: ${response.status} ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}
