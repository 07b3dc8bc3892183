/**
 * The origin of the URLs the platform hands out (mcp_url, redirect_url), when no public URL is
 * configured: the address the server is bound to. Never the request's Host header, which the
 * caller chooses: a crafted Host would end up in URLs and setup commands handed to others.
 */
import type { AddressInfo } from "node:net";

/** `http://host:port` of a bound address; a wildcard address as its loopback. */
export function originOf(host: string, port: number): string {
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Before the server listens (`app.inject()` in tests) there is no address: this stands in. */
export const UNBOUND_ORIGIN = "http://localhost";

/** The origin of a server's bound address, or UNBOUND_ORIGIN while it does not listen. */
export function boundOrigin(address: AddressInfo | string | null): string {
  return address !== null && typeof address === "object" ? originOf(address.address, address.port) : UNBOUND_ORIGIN;
}
