/** Connected accounts: a user's connection to an external application. */
import { z } from "zod";
import { cursorPage, CursorQuery, DeletedAnswer, deprecated, HttpUrl, Id, queryArrayOf, QueryStringArray, Timestamp, UserId } from "./common";

export const CONNECTED_ACCOUNT_STATUSES = ["INITIALIZING", "ACTIVE", "FAILED", "EXPIRED"] as const;

export const ConnectionData = z.looseObject({
  authScheme: z.string(),
  /** String-valued keys; the spec lists them (subdomain, oauth_token, status, ...). */
  val: z.record(z.string(), z.unknown()),
});

export const ConnectedAccount = z.looseObject({
  id: z.string(),
  connectionData: ConnectionData,
  status: z.string(),
  redirect_url: z.string().nullable().optional(),
  redirect_uri: z.string().nullable().optional(),
  deprecated: deprecated(z.looseObject({ uuid: z.string(), authConfigUuid: z.string() }).optional()),
});
export type ConnectedAccount = z.infer<typeof ConnectedAccount>;

/**
 * The spec does not show `connection`'s fields nor where `user_id` goes; we
 * take it in `connection.user_id` (the public client's place) or at the top.
 * Credentials for API-key schemes travel in `connection.state.val`.
 */
export const CreateConnectedAccountBody = z.strictObject({
  auth_config: z.looseObject({ id: Id }),
  connection: z.looseObject({
    user_id: UserId.optional(),
    callback_url: HttpUrl.optional(),
    state: z.looseObject({ authScheme: z.string().optional(), val: z.record(z.string(), z.unknown()) }).optional(),
  }),
  user_id: UserId.optional(),
  validate_credentials: z.boolean().default(false).meta({ description: "Experimental: validates only the API-key scheme." }),
});
export type CreateConnectedAccountBody = z.input<typeof CreateConnectedAccountBody>;

export const ConnectedAccountParams = z.object({ nanoid: Id });
export const RefreshConnectedAccountQuery = z.looseObject({ redirect_url: HttpUrl.optional() });
export const RefreshConnectedAccountBody = z.strictObject({
  redirect_url: HttpUrl.optional(),
  validate_credentials: z.boolean().default(false),
});
export type RefreshConnectedAccountBody = z.input<typeof RefreshConnectedAccountBody>;
export const RefreshConnectedAccountResponse = z.looseObject({
  id: z.string(),
  status: z.string(),
  redirect_url: z.string().nullable(),
});
export type RefreshConnectedAccountResponse = z.infer<typeof RefreshConnectedAccountResponse>;

// ---------------------------------------------------------------- lifecycle (companion endpoints of DESIGN.md)

/** A query list whose every value must be one of `values`. */
function queryEnumList<const T extends readonly [string, ...string[]]>(values: T) {
  return QueryStringArray.refine((list) => list === undefined || list.every((v) => (values as readonly string[]).includes(v)), {
    error: `every value must be one of: ${values.join(", ")}`,
  });
}

/** GET /connected_accounts: every filter matches any of its values; newest first. */
export const ListConnectedAccountsQuery = z.looseObject({
  toolkit_slugs: QueryStringArray,
  auth_config_ids: QueryStringArray,
  user_ids: queryArrayOf(UserId),
  statuses: queryEnumList(CONNECTED_ACCOUNT_STATUSES),
  ...CursorQuery,
});
export type ListConnectedAccountsQuery = z.input<typeof ListConnectedAccountsQuery>;

/** One connected account as GET and the list answer it: the create form plus whose and which it is. */
export const ConnectedAccountDetail = ConnectedAccount.extend({
  user_id: z.string(),
  toolkit: z.looseObject({ slug: z.string() }),
  auth_config: z.looseObject({
    id: z.string(),
    auth_scheme: z.string(),
    is_platform_managed: z.boolean(),
    is_disabled: z.boolean(),
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ConnectedAccountDetail = z.infer<typeof ConnectedAccountDetail>;
export const ConnectedAccountPage = cursorPage("items", ConnectedAccountDetail);
export type ConnectedAccountPage = z.infer<typeof ConnectedAccountPage>;
export const DeleteConnectedAccountResponse = DeletedAnswer;
export type DeleteConnectedAccountResponse = z.infer<typeof DeleteConnectedAccountResponse>;
