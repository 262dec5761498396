import { z } from "zod";
import { VALIDATION_MESSAGES } from "../messages.js";

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, VALIDATION_MESSAGES.username),
  password: z.string().min(1, VALIDATION_MESSAGES.password),
});
export type LoginForm = z.infer<typeof loginFormSchema>;
