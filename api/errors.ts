/** The error envelope every failure of the API carries. */
import { z } from "zod";

export const ApiErrorDetail = z.looseObject({
  message: z.string(),
  code: z.number().int(),
  slug: z.string(),
  status: z.number().int(),
  request_id: z.string(),
  suggested_fix: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export type ApiErrorDetail = z.infer<typeof ApiErrorDetail>;

export const ApiErrorEnvelope = z.looseObject({ error: ApiErrorDetail });
export type ApiErrorEnvelope = z.infer<typeof ApiErrorEnvelope>;
