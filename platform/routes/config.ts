/** Project configuration: read, and change only the fields sent. */
import type { FastifyInstance } from "fastify";
import { DEPRECATED_CONFIG_FIELD, WRITABLE_CONFIG_FIELDS, type ProjectConfig, type ProjectConfigPatch } from "../../api";
import { badRequest } from "../errors";
import { defineHandler, registerHandlers, type PlatformContext } from "../http/define";

/** The config with the fields present in `patch` replaced (absent fields stay). */
export function applyConfigPatch(config: ProjectConfig, patch: ProjectConfigPatch): ProjectConfig {
  const next: Record<string, unknown> = { ...config };
  for (const field of WRITABLE_CONFIG_FIELDS) {
    if (Object.prototype.hasOwnProperty.call(patch, field) && patch[field] !== undefined) next[field] = patch[field];
  }
  delete next[DEPRECATED_CONFIG_FIELD];
  return next as ProjectConfig;
}

export default async function configRoutes(app: FastifyInstance, ctx: PlatformContext): Promise<void> {
  registerHandlers(app, ctx, [
    defineHandler("getProjectConfig", ({ auth }) => auth.project.config),

    defineHandler("updateProjectConfig", ({ body, auth, store, at }) => {
      if (body[DEPRECATED_CONFIG_FIELD] !== undefined) {
        throw badRequest(
          `${DEPRECATED_CONFIG_FIELD} is deprecated and must not be used`,
          [`${DEPRECATED_CONFIG_FIELD}: is deprecated and must not be used; remove it from the request`],
          `Remove ${DEPRECATED_CONFIG_FIELD} from the body.`,
        );
      }
      const config = applyConfigPatch(auth.project.config, body);
      store.projects.updateConfig(auth.project.id, config, at);
      return config;
    }),
  ]);
}
