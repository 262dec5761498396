import type { Config } from "../../config/env.js";

/** The scheme's OpenID provider, as configured (STAFF_OIDC_*); see docs/decisions/0020. */
export interface StaffOidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  rolesClaim: string;
  agentRole: string;
  supervisorRole: string;
  informationOfficerRole: string;
  /** PUBLIC_URL + /auth/staff/callback: registered with the provider. */
  redirectUri: string;
  /** Local staff passwords still work beside the provider (the break-glass account). */
  localLogin: boolean;
}

/** The provider's settings, or null when staff sign in with local passwords only. */
export function staffOidcSettings(config: Config): StaffOidcSettings | null {
  const {
    STAFF_OIDC_ISSUER: issuer,
    STAFF_OIDC_CLIENT_ID: clientId,
    STAFF_OIDC_CLIENT_SECRET: clientSecret,
  } = config;
  if (!issuer || !clientId || !clientSecret) return null;
  return {
    issuer,
    clientId,
    clientSecret,
    rolesClaim: config.STAFF_OIDC_ROLES_CLAIM,
    agentRole: config.STAFF_OIDC_AGENT_ROLE,
    supervisorRole: config.STAFF_OIDC_SUPERVISOR_ROLE,
    informationOfficerRole: config.STAFF_OIDC_INFORMATION_OFFICER_ROLE,
    redirectUri: `${config.publicUrl}/auth/staff/callback`,
    localLogin: config.STAFF_LOCAL_LOGIN,
  };
}
