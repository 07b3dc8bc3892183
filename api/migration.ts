/** The migration helper: legacy UUIDs to nano identifiers. */
import { z } from "zod";

export const MIGRATION_TYPES = ["CONNECTED_ACCOUNT", "AUTH_CONFIG", "TRIGGER_INSTANCE"] as const;
export const GetNanoIdQuery = z.looseObject({
  uuid: z.uuid({ error: "must be a UUID" }),
  type: z.enum(MIGRATION_TYPES, { error: `must be one of: ${MIGRATION_TYPES.join(", ")}` }),
});
export type GetNanoIdQuery = z.input<typeof GetNanoIdQuery>;
export const GetNanoIdResponse = z.looseObject({ nanoid: z.string() });
export type GetNanoIdResponse = z.infer<typeof GetNanoIdResponse>;
