import { z } from "zod";

/** The one error shape every route answers with. */
export const errorBodySchema = z.object({
  status: z.number().int(),
  exceptionCode: z.string(),
  message: z.string(),
});
