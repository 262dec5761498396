import { describe, expect, it } from "vitest";
import { staffOidcSettings } from "../modules/staff-sign-in/settings.js";
import { loadConfig } from "./env.js";

// The staff sign-in's settings (docs/configuration.md, "Staff sign-in"): all three of issuer, client id and
// secret or none, an https issuer (http on loopback only), the roles' defaults.

const provider = {
  STAFF_OIDC_ISSUER: "https://login.scheme.example/realms/staff",
  STAFF_OIDC_CLIENT_ID: "member-portal",
  STAFF_OIDC_CLIENT_SECRET: "a-client-secret-never-logged",
};

describe("staff sign-in settings", () => {
  it("are off by default", () => {
    const config = loadConfig({});
    expect(staffOidcSettings(config)).toBeNull();
    expect(config.STAFF_LOCAL_LOGIN).toBe(false);
  });

  it("take the provider, the redirect URI from PUBLIC_URL and the roles' defaults", () => {
    const settings = staffOidcSettings(
      loadConfig({ ...provider, PUBLIC_URL: "https://portal.scheme.example/" }),
    );
    expect(settings).toEqual({
      issuer: provider.STAFF_OIDC_ISSUER,
      clientId: "member-portal",
      clientSecret: provider.STAFF_OIDC_CLIENT_SECRET,
      rolesClaim: "roles",
      agentRole: "portal-agent",
      supervisorRole: "portal-supervisor",
      informationOfficerRole: "portal-information-officer",
      redirectUri: "https://portal.scheme.example/auth/staff/callback",
      localLogin: false,
    });
    expect(staffOidcSettings(loadConfig({ ...provider, STAFF_LOCAL_LOGIN: "true" }))?.localLogin).toBe(true);
  });

  it("refuse a provider half configured, naming what is missing and never the secret", () => {
    const half = () =>
      loadConfig({ STAFF_OIDC_ISSUER: provider.STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_SECRET: "s3cret-value" });
    expect(half).toThrow(/STAFF_OIDC_CLIENT_ID: required/);
    expect(half).not.toThrow(/s3cret-value/);
  });

  it("refuse an http issuer off this machine, and take one on loopback", () => {
    expect(() => loadConfig({ ...provider, STAFF_OIDC_ISSUER: "http://login.scheme.example" })).toThrow(
      /STAFF_OIDC_ISSUER: must be an https:\/\/ address/,
    );
    expect(
      staffOidcSettings(loadConfig({ ...provider, STAFF_OIDC_ISSUER: "http://127.0.0.1:4000" }))?.issuer,
    ).toBe("http://127.0.0.1:4000");
  });

  it("refuse the same name for both roles", () => {
    expect(() =>
      loadConfig({ ...provider, STAFF_OIDC_AGENT_ROLE: "staff", STAFF_OIDC_SUPERVISOR_ROLE: "staff" }),
    ).toThrow(/STAFF_OIDC_SUPERVISOR_ROLE: .*must all differ/);
  });
});
