/**
 * The origin of the URLs the platform hands out (`mcp_url`, redirect URLs, setup commands):
 * the configured public URL, else the address the server is bound to. Never the request's
 * Host header: a client chooses that freely, and what is built from it reaches other
 * people's shells (`commands`) and browsers.
 */
import type { FastifyInstance } from "fastify";

/** When the app is not listening (tests through `app.inject`). */
const UNBOUND_ORIGIN = "http://localhost";

/** `http://host:port` for a bound host; a wildcard host is shown as the loopback address that reaches it. */
export function originFor(host: string, port: number): string {
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Bound origins by app, read once: the address does not change while listening, and every request asks. */
const boundOrigins = new WeakMap<FastifyInstance, string>();

export function publicOrigin(app: FastifyInstance): string {
  if (app.publicUrl) return app.publicUrl.replace(/\/+$/, "");
  const known = boundOrigins.get(app);
  if (known) return known;
  const address = app.server.address();
  if (!address || typeof address !== "object") return UNBOUND_ORIGIN;
  const origin = originFor(address.address, address.port);
  boundOrigins.set(app, origin);
  return origin;
}
