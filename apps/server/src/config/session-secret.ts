import fs from "node:fs";
import path from "node:path";
import { randomToken } from "../lib/crypto.js";
import type { Config } from "./env.js";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "./owner-only-files.js";

/**
 * SESSION_SECRET when given (required with a PostgreSQL server). On the embedded default a
 * random secret is made once and kept in DATA_DIR, so restarts keep members logged in.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const secretPath = path.join(config.DATA_DIR, "session-secret");
  try {
    return fs.readFileSync(secretPath, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(config.DATA_DIR, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  const secret = randomToken();
  fs.writeFileSync(secretPath, secret, { mode: OWNER_ONLY_FILE });
  return secret;
}
