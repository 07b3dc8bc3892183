/**
 * JSON request bodies: an empty body is "no body" (clients send DELETE with a content type),
 * keys named `__proto__` are dropped, and malformed JSON is a 400 in the error envelope.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../errors";

async function jsonBody(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, text, done) => {
    const source = typeof text === "string" ? text : text.toString("utf8");
    if (source.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(source, (key, value) => (key === "__proto__" ? undefined : value)));
    } catch {
      done(new ApiError(400, "validation_error", "The request body is not valid JSON.", { errors: ["body: is not valid JSON"] }), undefined);
    }
  });
}

export default fp(jsonBody, { name: "json-body", fastify: "5.x" });
