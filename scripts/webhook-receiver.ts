/**
 * A small webhook receiver on 127.0.0.1, as a team would run behind its
 * `webhookUrl`: it verifies every delivery's Standard Webhooks signature with
 * the `standardwebhooks` library and answers 204 for a valid one, 401 for
 * anything else. The secret is known only once the subscription exists, so it
 * is handed over after the receiver started (`useSecret`).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { TriggerMessageEvent } from "../api/webhooks";

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/webhooks`. */
  url: string;
  /** Deliveries whose signature verified, in arrival order. */
  verified: TriggerMessageEvent[];
  /** How many deliveries were refused (no secret yet, or a bad signature). */
  rejected: number;
  useSecret(secret: string): void;
  /** Resolves with the next verified delivery (or the first not seen yet), failing after `timeoutMs`. */
  next(timeoutMs?: number): Promise<TriggerMessageEvent>;
  close(): Promise<void>;
}

/** The three Standard Webhooks headers of a delivery, as a verifier takes them (a missing one as ""). */
export function standardHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(headers[name] ?? "")]));
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let verifier: Webhook | undefined;
  let seen = 0;
  const waiting: (() => void)[] = [];
  const receiver = {
    verified: [] as TriggerMessageEvent[],
    rejected: 0,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        if (!verifier) throw new Error("no secret yet");
        const event = verifier.verify(Buffer.concat(chunks).toString("utf8"), standardHeaders(request.headers)) as TriggerMessageEvent;
        receiver.verified.push(event);
        response.statusCode = 204;
        waiting.splice(0).forEach((wake) => wake());
      } catch {
        receiver.rejected++;
        response.statusCode = 401;
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks`,
    useSecret(secret: string) {
      verifier = new Webhook(secret);
    },
    async next(timeoutMs = 10_000): Promise<TriggerMessageEvent> {
      const deadline = Date.now() + timeoutMs;
      while (receiver.verified.length <= seen) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no verified webhook delivery within ${timeoutMs} ms (${receiver.rejected} rejected)`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => (clearTimeout(timer), resolve()));
        });
      }
      return receiver.verified[seen++]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
