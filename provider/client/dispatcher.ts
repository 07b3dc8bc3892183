/**
 * The shared keep-alive dispatcher, created on first use.
 *
 * This module is loaded, and may be serialized by value, inside Pulumi's
 * dynamic-provider closures, which run in another process. So nothing is
 * created at load time, and the agent lives in a slot of `globalThis` rather
 * than in a module variable: a closure that captured a module variable holding
 * the agent would try to serialize its sockets. No key is ever stored here.
 *
 * undici itself is loaded on the first request, not with the client: the
 * provider module is loaded by every program that declares a resource and by
 * every provider process, most of which (a preview, a program) never send a
 * request, and undici is a third of the module's load time (≈ 50 ms of CPU).
 */
import type * as Undici from "undici";

/** The undici package, loaded on first use. */
export function undici(): typeof Undici {
  return require("undici") as typeof Undici;
}

const SLOT = "__integrationPlatformClientDispatcher";

type Slot = { [SLOT]?: Undici.Agent };

/** One keep-alive agent per process, shared by every client that is not given its own dispatcher. */
export function sharedDispatcher(): Undici.Dispatcher {
  const slot = globalThis as unknown as Slot;
  let agent = slot[SLOT];
  if (!agent || agent.closed || agent.destroyed) {
    agent = new (undici().Agent)({
      // undici's idle timeout (4 s) stays below common server keep-alive timeouts (Node: 5 s),
      // so that a request is rarely written to a socket the server is closing; undici also
      // honours the server's `Keep-Alive: timeout=` hint.
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 60_000,
      connect: { timeout: 10_000 },
    });
    slot[SLOT] = agent;
  }
  return agent;
}

/** Closes the shared agent (idle sockets are unref'd anyway; for tests and short-lived CLIs). */
export async function closeSharedDispatcher(): Promise<void> {
  const slot = globalThis as unknown as Slot;
  const agent = slot[SLOT];
  delete slot[SLOT];
  if (agent && !agent.closed) await agent.close();
}
