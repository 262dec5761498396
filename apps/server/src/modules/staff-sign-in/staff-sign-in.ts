import type { Config } from "../../config/env.js";
import { createStaffProviderClient, type StaffProviderClient } from "./provider-client.js";
import { type StaffOidcSettings, staffOidcSettings } from "./settings.js";

export interface StaffSignIn {
  settings: StaffOidcSettings;
  provider: StaffProviderClient;
}

// One provider client per configuration (so per app): the login routes, the gateway's log-out and
// its refusal of local staff passwords share its discovered metadata.
const byConfig = new WeakMap<Config, StaffSignIn | null>();

/** The staff sign-in through the scheme's OpenID provider, or null when it is not configured. */
export function staffSignInOf(config: Config): StaffSignIn | null {
  let found = byConfig.get(config);
  if (found === undefined) {
    const settings = staffOidcSettings(config);
    found = settings ? { settings, provider: createStaffProviderClient(settings) } : null;
    byConfig.set(config, found);
  }
  return found;
}
