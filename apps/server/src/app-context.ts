import type { Config } from "./config/env.js";
import type { Db } from "./db/database.js";

/** What every module is given when it is registered: no module reaches for globals. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Signs anti-forgery tokens and throttle keys. */
  secret: string;
  /** The clock; tests move it to expire sessions. */
  now: () => Date;
}
