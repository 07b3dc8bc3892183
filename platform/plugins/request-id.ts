/**
 * Request ids (like Hono's `middleware/request-id`): every request gets an id, echoed in
 * `x-request-id` on every answer and carried by error envelopes and the request log. A caller's
 * own `x-request-id` is kept when it is safe to echo; any other gets a new `req_…` id.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { REQUEST_ID_HEADER } from "../../api";
import { newId } from "../ids";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

async function requestId(app: FastifyInstance): Promise<void> {
  app.setGenReqId((request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : newId("req");
  });
  // Hooks on every request take a callback, not a promise: one microtask less each.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

export default fp(requestId, { name: "request-id", fastify: "5.x" });
