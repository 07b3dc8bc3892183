/**
 * What `--log` writes of a request: Fastify's request serializer with the URL redacted. Keys
 * travel in headers, which are never logged, but callers also put secrets in query strings
 * (`?api_key=…&token=…`, an OAuth `code`, a `redirect_url` whose own query holds a token): the
 * value of every secret-looking parameter is replaced, also inside a URL-valued parameter.
 */
import type { FastifyRequest } from "fastify";

/** Names of query parameters whose values are secrets (matched anywhere in the name, any case). */
const SECRET_PARAMETER = /key|token|secret|passw|pwd|code|signature|sig$|auth|credential|session|private|cookie|jwt|bearer/i;
export const REDACTED = "[REDACTED]";

const URL_VALUE = /^[a-z][a-z0-9+.-]*:/i;

/** The URL with the value of every secret-looking query parameter replaced by REDACTED. */
export function redactUrl(url: string, depth = 0): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const hash = url.indexOf("#", at);
  const query = url.slice(at + 1, hash < 0 ? undefined : hash);
  const parts = query.split("&").map((pair) => {
    const equals = pair.indexOf("=");
    if (equals < 0) return pair;
    const name = pair.slice(0, equals);
    let decodedName = name;
    let value = pair.slice(equals + 1);
    try {
      decodedName = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      // A malformed escape: judged as written.
    }
    if (SECRET_PARAMETER.test(decodedName)) return `${name}=${REDACTED}`;
    if (depth < 2) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(value.replace(/\+/g, " "));
      } catch {
        decoded = undefined;
      }
      if (decoded !== undefined && URL_VALUE.test(decoded) && decoded.includes("?")) {
        value = encodeURIComponent(redactUrl(decoded, depth + 1));
      }
    }
    return `${name}=${value}`;
  });
  // A fragment can carry tokens too (implicit OAuth flows): never logged.
  return `${url.slice(0, at)}?${parts.join("&")}${hash < 0 ? "" : `#${REDACTED}`}`;
}

/** Fastify's default `req` serializer, with the URL redacted. */
export function redactedRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
