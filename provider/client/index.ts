/** The typed HTTP client of the Integration Platform API v3. */
export {
  IntegrationPlatformClient,
  normalizeBaseUrl,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_RETRY_BASE_DELAY_MS,
  DEFAULT_RETRY_MAX_DELAY_MS,
  type ClientOptions,
} from "./client";
export {
  IntegrationPlatformError,
  MissingCredentialsError,
  CREDENTIAL_SOURCES,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InvalidResponseError,
  type ResponseIssue,
} from "./errors";
export { collect, cursorPages, numberedPages, PagePromise, type Paging } from "./pagination";
export { RETRY_POLICY, RETRYABLE_STATUSES, type RetryClass } from "./retry";
export { serializeQuery } from "./query";
export { closeSharedDispatcher } from "./dispatcher";
export type { RequestOptions, ItemOf } from "./types";
export type { APIResource, ListPromise } from "./areas/resource";
/** The class of each area (`client.mcp` is an `McpResource`, ...), for annotating. */
export type * from "./areas";
