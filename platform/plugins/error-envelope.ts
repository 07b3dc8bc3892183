/**
 * Every failure answers the spec's error envelope (errors.ts): an `ApiError` a handler or hook
 * threw, Fastify's own 4xx refusals (bad JSON, body too large, bad media type), the router's
 * refusals (`routerError`, given to Fastify as `frameworkErrors`), node's HTTP parser's
 * refusals before any route runs (`clientError`, given as `clientErrorHandler`: a URL or headers
 * over 16 KB, a folded header, a request not received within the request timeout), and any
 * other exception as a 500 with a generic message (the details go to stderr).
 */
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { REQUEST_ID_HEADER } from "../../api";
import { ApiError, envelope, type ErrorSlug } from "../errors";
import { newId } from "../ids";

/** The router's limit on a path parameter (user ids of MCP instances may be long; Fastify's default is 100). */
export const MAX_PARAM_LENGTH = 2048;

export interface ErrorEnvelopeOptions {
  /** Fastify's logger is on: unexpected errors go there, else straight to stderr. */
  logger?: boolean | undefined;
}

function slugForStatus(status: number): ErrorSlug {
  switch (status) {
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 409:
      return "conflict";
    case 408:
      return "request_timeout";
    case 413:
      return "payload_too_large";
    case 431:
      return "headers_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 503:
      return "service_unavailable";
    default:
      return status >= 500 ? "internal_error" : "validation_error";
  }
}

/** Fastify's own 4xx errors (bad JSON, body too large, bad media type) in our envelope. */
function fromFastifyError(error: FastifyError): ApiError | undefined {
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return undefined;
  let message = error.message;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") message = "The request body is larger than the platform accepts.";
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") message = "Unsupported content type: send application/json.";
  const slug = slugForStatus(status);
  return new ApiError(status, slug, message, slug === "validation_error" ? { errors: [`body: ${message}`] } : {});
}

function sendError(error: ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.code(error.status).header(REQUEST_ID_HEADER, request.id);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.send(envelope(error, request.id));
}

/**
 * The router's own refusals (a malformed %-escape in the path, a parameter over the limit)
 * bypass the error handler; Fastify hands them to its `frameworkErrors` option, which is this.
 */
export function routerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`
      : "The URL path is not valid: it has a malformed %-escape.";
  sendError(new ApiError(400, "validation_error", message, { errors: [`path: ${message}`] }), request, reply);
}

/** What node's HTTP parser refused (the error of a `clientError` event) as an ApiError. */
function fromClientError(error: NodeJS.ErrnoException): ApiError {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError(408, "request_timeout", "The request was not received in full within the platform's request timeout.");
    case "HPE_HEADER_OVERFLOW":
      return new ApiError(431, "headers_too_large", "The request's URL and headers are larger than the platform accepts (16 KB).", {
        errors: ["headers: the URL and headers together must be at most 16 KB"],
      });
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return new ApiError(413, "payload_too_large", "The request body's chunk extensions are larger than the platform accepts.");
    default: {
      const reason = (error as { reason?: string }).reason ?? "malformed request";
      return new ApiError(400, "validation_error", `The request is not valid HTTP/1.1: ${reason}.`, {
        errors: [`headers: ${reason} (folded header lines, bad characters in a name or value, or a conflicting length)`],
      });
    }
  }
}

/**
 * Node's HTTP parser refused a request before Fastify saw it: the envelope, written on the
 * socket, then the connection closed (nothing after a malformed request can be trusted). Like
 * node's own handler, nothing is written once an answer has begun or the socket is gone.
 */
export function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const apiError = fromClientError(error);
    const requestId = newId("req");
    const body = JSON.stringify(envelope(apiError, requestId));
    // Closed once the answer is flushed (a malformed or timed-out request leaves nothing to read).
    socket.end(
      `HTTP/1.1 ${apiError.status} ${STATUS_TEXT[apiError.status] ?? "Error"}\r\n` +
        `content-type: application/json; charset=utf-8\r\n${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
    return;
  }
  socket.destroy();
}

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 413: "Payload Too Large", 431: "Request Header Fields Too Large" };

async function errorEnvelope(app: FastifyInstance, options: ErrorEnvelopeOptions): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(error, request, reply);
    const mapped = fromFastifyError(error);
    if (mapped) return sendError(mapped, request, reply);
    request.log.error({ err: error }, "unexpected error");
    if (!options.logger) {
      process.stderr.write(`[integration-platform] unexpected error in ${request.method} ${request.url.split("?")[0]}: ${error.stack ?? error.message}\n`);
    }
    return sendError(new ApiError(500, "internal_error", "An unexpected error occurred."), request, reply);
  });
}

export default fp(errorEnvelope, { name: "error-envelope", fastify: "5.x" });
