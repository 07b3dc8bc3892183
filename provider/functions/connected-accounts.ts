/** Connected account functions: the project's end users' connections, made outside the program. */
import type { ConnectedAccountDetail, ListConnectedAccountsQuery } from "../../api";
import { collect, outputForm, withProject, type InvokeOptions } from "./invoke";

/** Every connected account matching the filters (all pages), newest first. */
export function getConnectedAccounts(args: Omit<ListConnectedAccountsQuery, "cursor"> = {}, opts?: InvokeOptions): Promise<ConnectedAccountDetail[]> {
  return withProject("getConnectedAccounts", opts, (client) => collect(client.connectedAccounts.list(args)));
}
export const getConnectedAccountsOutput = outputForm(getConnectedAccounts);

/** One connected account by id (secrets masked). */
export function getConnectedAccount(args: { id: string }, opts?: InvokeOptions): Promise<ConnectedAccountDetail> {
  return withProject(`getConnectedAccount("${args.id}")`, opts, (client) => client.connectedAccounts.get(args.id));
}
export const getConnectedAccountOutput = outputForm(getConnectedAccount);
