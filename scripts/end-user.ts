/**
 * What happens outside the program, standing in for people and applications:
 * an end user connects their account (the app starts the connection with the
 * project key, the user's browser follows the authorization link), and an
 * application fires an event on a trigger (the local platform's
 * `POST /_local/trigger_instances/{id}/events`).
 */
import { IntegrationPlatformClient } from "../provider/client";

/** The commit a GITHUB_COMMIT_EVENT trigger reports (its payload schema's fields). */
export const COMMIT_PAYLOAD = {
  id: "c0ffee",
  message: "Fix the build",
  author: { name: "Octo Cat", email: "octo@example.com" },
  timestamp: "2025-01-01T00:00:00Z",
  url: "https://github.example.com/acme/api/commit/c0ffee",
  branch: "main",
};

/** Connects `userId` under the auth config; resolves to the ACTIVE connected account's id. */
export async function connectEndUser(baseUrl: string, apiKey: string, authConfigId: string, userId: string): Promise<string> {
  const client = new IntegrationPlatformClient({ baseUrl, apiKey });
  const started = await client.connectedAccounts.create({ auth_config: { id: authConfigId }, connection: { user_id: userId } });
  // OAuth: the user's browser opens the authorization link, and the provider's consent makes the account ACTIVE.
  if (started.redirect_url) {
    const consent = await fetch(started.redirect_url, { redirect: "manual" });
    if (consent.status >= 400) throw new Error(`authorizing ${userId}'s connection failed: ${consent.status} ${await consent.text()}`);
  }
  const account = await client.connectedAccounts.get(started.id);
  if (account.status !== "ACTIVE") throw new Error(`${userId}'s connection is ${account.status}, not ACTIVE`);
  return account.id;
}

/** Fires one event on a trigger instance, as its application would; resolves to the platform's answer. */
export async function fireTriggerEvent(baseUrl: string, apiKey: string, triggerId: string, payload: object = COMMIT_PAYLOAD): Promise<{ status: string; delivery_id?: string; reason?: string | null }> {
  const response = await fetch(`${baseUrl}/_local/trigger_instances/${triggerId}/events`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    body: JSON.stringify({ payload }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`firing an event on ${triggerId} failed: ${response.status} ${text}`);
  return JSON.parse(text) as { status: string; delivery_id?: string; reason?: string | null };
}
