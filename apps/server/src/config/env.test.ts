import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.js";

describe("loadConfig", () => {
  it("has defaults that start the embedded portal on port 8080", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      databaseKind: "embedded",
      seedDemoData: true,
      SMART_INQUIRY_BASE: "/api/smart-inquiry",
      MEMBER_DETAILS_BASE: "/api/member-details",
      AUTH_DOMAIN: "memberportal",
      SESSION_IDLE_MINUTES: 15,
      SESSION_ABSOLUTE_HOURS: 12,
    });
  });

  it("treats an empty variable as not set", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).databaseKind).toBe("embedded");
  });

  it("uses the PostgreSQL server when DATABASE_URL is set, and then needs SESSION_SECRET", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://localhost/portal" })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({
      DATABASE_URL: "postgres://localhost/portal",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(config).toMatchObject({ databaseKind: "server", seedDemoData: false });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/portal"],
    ["SMART_INQUIRY_BASE", "api/no-leading-slash"],
    ["MEMBER_DETAILS_BASE", "/api/with?query"],
    ["SESSION_SECRET", "too-short"],
    ["TRUST_PROXY", "maybe"],
    ["LOG_LEVEL", "loud"],
  ])("stops with a message naming %s when it is %j", (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toContain(`${name}:`);
  });

  it("accepts protocol-relative base paths and drops a trailing slash", () => {
    const config = loadConfig({ SMART_INQUIRY_BASE: "//api.example.test/smart-inquiry/" });
    expect(config.SMART_INQUIRY_BASE).toBe("//api.example.test/smart-inquiry");
  });

  it("reads a comma list of extra log-in redirect origins", () => {
    const config = loadConfig({ AUTH_REDIRECT_ORIGINS: "https://a.example, https://b.example" });
    expect(config.AUTH_REDIRECT_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
  });
});
