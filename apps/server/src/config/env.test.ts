import { describe, expect, it } from "vitest";
import { ConfigError, likelyMisspellings, loadConfig } from "./env.js";

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
      TIME_ZONE: "Africa/Johannesburg",
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
    ["TIME_ZONE", "Mars/Olympus_Mons"],
    ["TIME_ZONE", "SAST"],
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

  it("offers every translated language by default, and the operator's choice of them, English first", () => {
    expect(loadConfig({}).memberLanguages).toEqual(["en", "zu", "af"]);
    expect(loadConfig({ MEMBER_LANGUAGES: "zu, en" }).memberLanguages).toEqual(["en", "zu"]);
    expect(loadConfig({ MEMBER_LANGUAGES: "en" }).memberLanguages).toEqual(["en"]);
  });

  it.each([
    ["fr,en", "fr is not a member language"],
    ["en,xh", "xh's catalogue is not complete yet"],
    ["zu", "must include en"],
  ])("refuses MEMBER_LANGUAGES=%s with a sentence saying why", (value, why) => {
    expect(() => loadConfig({ MEMBER_LANGUAGES: value })).toThrow(why);
    expect(() => loadConfig({ MEMBER_LANGUAGES: value })).toThrow("MEMBER_LANGUAGES:");
  });

  it("takes another IANA time zone for the scheme's calendar day", () => {
    expect(loadConfig({ TIME_ZONE: "Europe/London" }).TIME_ZONE).toBe("Europe/London");
  });

  it("accepts protocol-relative base paths and drops a trailing slash", () => {
    const config = loadConfig({ SMART_INQUIRY_BASE: "//api.example.test/smart-inquiry/" });
    expect(config.SMART_INQUIRY_BASE).toBe("//api.example.test/smart-inquiry");
  });

  it("takes the scheme's website for content links, without a trailing slash, and refuses anything else", () => {
    expect(loadConfig({}).SCHEME_SITE_URL).toBe("https://www.meridian.example");
    expect(loadConfig({ SCHEME_SITE_URL: "https://scheme.example/members/" }).SCHEME_SITE_URL).toBe(
      "https://scheme.example/members",
    );
    for (const bad of [
      "www.scheme.example",
      "javascript:alert(1)",
      "ftp://scheme.example",
      "https://x.example/?a=1",
    ]) {
      expect(() => loadConfig({ SCHEME_SITE_URL: bad }), bad).toThrow(/SCHEME_SITE_URL/);
    }
  });

  it("reads a comma list of extra log-in redirect origins", () => {
    const config = loadConfig({ AUTH_REDIRECT_ORIGINS: "https://a.example, https://b.example" });
    expect(config.AUTH_REDIRECT_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
  });

  it("hashes passwords at full cost unless told otherwise, and may be raised", () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({ NODE_ENV: "development", PASSWORD_HASH_COST: "16" }).PASSWORD_HASH_COST).toBe(16);
  });

  it.each([
    ["production", "14"],
    ["development", "4"],
    [undefined, "1"],
  ])(
    "refuses a password-hash cost below the floor when NODE_ENV is %s, naming the variable",
    (nodeEnv, cost) => {
      const env = { PASSWORD_HASH_COST: cost, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/PASSWORD_HASH_COST: must be at least 15/);
    },
  );

  it("lets a test run hash cheaply, never below scrypt's least cost nor above the memory cap", () => {
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "4" }).PASSWORD_HASH_COST).toBe(4);
    for (const cost of ["0", "18", "fifteen", "15.5"]) {
      expect(() => loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: cost })).toThrow(/PASSWORD_HASH_COST:/);
    }
  });

  describe("in production", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://portal.scheme.example",
      SMTP_URL: "smtps://user:secret@mail.scheme.example",
      SESSION_SECRET: "s".repeat(40),
      DATABASE: "embedded",
    };

    it("starts with the public address, a mail relay and a session secret, and seeds no demo accounts", () => {
      const config = loadConfig(production);
      expect(config).toMatchObject({ seedDemoData: false, mailTransport: "smtp" });
      expect(loadConfig({ ...production, SMTP_URL: "", MAIL_TRANSPORT: "files" }).mailTransport).toBe(
        "files",
      );
    });

    it.each([
      ["PUBLIC_URL", { PUBLIC_URL: "" }],
      ["SMTP_URL", { SMTP_URL: "" }],
      ["SESSION_SECRET", { SESSION_SECRET: "" }],
      ["SEED_DEMO_DATA", { SEED_DEMO_DATA: "true" }],
      ["STAFF_MFA", { STAFF_MFA: "optional" }],
    ])("refuses to start without %s being right, naming it", (name, change) => {
      expect(() => loadConfig({ ...production, ...change })).toThrow(
        new RegExp(`NODE_ENV=production[\\s\\S]*${name}`),
      );
    });

    it("refuses a misspelt setting, naming it, where outside production it only warns", () => {
      const misspelt = { DATABSE_URL: "postgres://db.scheme.example/portal", SESSION_SECRET: "s".repeat(40) };
      expect(loadConfig(misspelt).warnings).toEqual([
        "DATABSE_URL is not a setting of the portal: is it a misspelling of DATABASE_URL?",
      ]);
      expect(() => loadConfig({ ...production, ...misspelt })).toThrow(
        /NODE_ENV=production[\s\S]*DATABSE_URL is not a setting of the portal/,
      );
    });

    it("refuses to start without DATABASE_URL unless the embedded database is chosen on purpose", () => {
      const { DATABASE: _, ...withoutChoice } = production;
      expect(() => loadConfig(withoutChoice)).toThrow(/NODE_ENV=production[\s\S]*DATABASE_URL: required/);
      expect(loadConfig(production).databaseKind).toBe("embedded");
      expect(
        loadConfig({ ...withoutChoice, DATABASE_URL: "postgres://db.scheme.example/portal" }).databaseKind,
      ).toBe("server");
      // The choice contradicted is refused, in production or not.
      expect(() => loadConfig({ DATABASE: "server" })).toThrow(
        /DATABASE_URL: required when DATABASE is server/,
      );
      expect(() =>
        loadConfig({ ...production, DATABASE_URL: "postgres://db.scheme.example/portal" }),
      ).toThrow(/DATABASE: embedded, but DATABASE_URL is set/);
      // npm start: development, the embedded database without being asked.
      expect(loadConfig({}).databaseKind).toBe("embedded");
    });

    it("asks local staff log-ins for a second factor: required by default, and the only value production takes", () => {
      expect(loadConfig(production).STAFF_MFA).toBe("required");
      expect(loadConfig({ ...production, STAFF_MFA: "required" }).STAFF_MFA).toBe("required");
      // Optional only by default for npm start: the embedded database in development.
      expect(loadConfig({}).STAFF_MFA).toBe("optional");
      expect(loadConfig({ NODE_ENV: "development" }).STAFF_MFA).toBe("optional");
      expect(loadConfig({ NODE_ENV: "test" }).STAFF_MFA).toBe("required");
      expect(
        loadConfig({ DATABASE_URL: "postgres://localhost/portal", SESSION_SECRET: "x".repeat(32) }).STAFF_MFA,
      ).toBe("required");
      expect(loadConfig({ STAFF_MFA: "required" }).STAFF_MFA).toBe("required");
      expect(() => loadConfig({ STAFF_MFA: "off" })).toThrow(/STAFF_MFA:/);
    });

    it("seeds demo accounts by default only into an embedded database outside production", () => {
      expect(loadConfig({ NODE_ENV: "development" }).seedDemoData).toBe(true);
      expect(loadConfig({ NODE_ENV: "test" }).seedDemoData).toBe(true);
      expect(
        loadConfig({ DATABASE_URL: "postgres://localhost/portal", SESSION_SECRET: "x".repeat(32) })
          .seedDemoData,
      ).toBe(false);
    });
  });

  it("says which transport mail takes, and refuses a choice that contradicts SMTP_URL", () => {
    expect(loadConfig({}).mailTransport).toBe("files");
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).mailTransport).toBe("smtp");
    expect(() => loadConfig({ MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_TRANSPORT: "files", SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(
      /MAIL_TRANSPORT/,
    );
  });

  it("reports a variable that looks like a misspelt setting, and not the machine's own variables", () => {
    const config = loadConfig({
      SESION_SECRET: "x".repeat(40),
      PGPORT: "5432",
      HOSTNAME: "box",
      PATH: "/bin",
    });
    expect(config.warnings).toEqual([
      "SESION_SECRET is not a setting of the portal: is it a misspelling of SESSION_SECRET?",
    ]);
    // The machine's own environment (CI's included) holds no near-miss of a setting.
    expect(likelyMisspellings(process.env)).toEqual([]);
  });
});

describe("monitoring settings", () => {
  it("serve metrics on loopback port 9464 by default; 0 turns the listener off", () => {
    expect(loadConfig({})).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "0", METRICS_HOST: "0.0.0.0" })).toMatchObject({
      METRICS_PORT: 0,
      METRICS_HOST: "0.0.0.0",
    });
    expect(loadConfig({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(loadConfig({}).OTEL_SERVICE_NAME).toBe("member-portal");
  });

  it.each([
    ["METRICS_PORT", "70000"],
    ["METRICS_PORT", "metrics"],
    ["OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318"],
    ["OTEL_EXPORTER_OTLP_ENDPOINT", "grpc://collector:4317"],
  ])("refuses %s=%s, naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("drains for 30 s by default, never longer than a request may last", () => {
    expect(loadConfig({}).SHUTDOWN_GRACE_SECONDS).toBe(30);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: "10" }).SHUTDOWN_GRACE_SECONDS).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: "5" }).SHUTDOWN_GRACE_SECONDS).toBe(5);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: "10", SHUTDOWN_GRACE_SECONDS: "20" })).toThrow(
      /SHUTDOWN_GRACE_SECONDS: must be at most REQUEST_TIMEOUT_SECONDS/,
    );
  });
});
