import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { SERVER_ARGS } from "../../../scripts/server-command.mjs";
import { envSchema, loadConfig } from "./config/env.js";

// The packaging an operator runs (docs/operations.md, "Packaging"): the Dockerfile, compose.yaml
// and the systemd units in deploy/systemd. None of them can be started here (no Docker engine, no
// systemd as init), so this holds them to what they promise: the image runs as a user of its own
// on Node 24, checks /readyz, keeps its data in DATA_DIR; the compose portal runs read-only with
// settings the server knows and accepts; each unit runs npm start's own node line, hardened.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** npm start's node line (scripts/start.mjs runs it): what every way of running the portal must run. */
function startCommand(): string[] {
  return ["node", ...SERVER_ARGS];
}

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments left out, by stage. */
function dockerfileStages(text: string): Instruction[][] {
  const lines = text.replace(/\\\n/g, " ").split("\n");
  const stages: Instruction[][] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const [keyword = "", ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    if (instruction.keyword === "FROM") stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

/** A unit file's settings by section, every value of a key repeated kept in order. */
function unitFile(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section?.[1]) {
      current = new Map();
      sections.set(section[1], current);
      continue;
    }
    const at = line.indexOf("=");
    const key = line.slice(0, at);
    current?.set(key, [...(current.get(key) ?? []), line.slice(at + 1)]);
  }
  return sections;
}

/** NAME=value lines (Environment=, an EnvironmentFile) as an object. */
function assignments(lines: string[]): Record<string, string> {
  return Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf("=");
      return [line.slice(0, at), line.slice(at + 1)];
    }),
  );
}

const knownSettings = new Set(Object.keys(envSchema.shape));
const unknownSettings = (env: Record<string, unknown>) =>
  Object.keys(env).filter((name) => !knownSettings.has(name));

describe("the Dockerfile", () => {
  const stages = dockerfileStages(read("Dockerfile"));
  const image = stages.at(-1) ?? [];
  const last = (keyword: string) => image.filter((each) => each.keyword === keyword).at(-1)?.args;
  const env = assignments(
    image
      .filter((each) => each.keyword === "ENV")
      .flatMap((each) => each.args.split(/\s+/).filter((part) => part.includes("="))),
  );

  it("builds with npm ci and npm run build in a stage of its own, every stage on Node 24", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]?.args).toMatch(/^node:24[-.\w]*(\s|$)/);
    const build = stages[0]?.filter((each) => each.keyword === "RUN").map((each) => each.args) ?? [];
    expect(build).toContain("npm ci --no-audit --no-fund");
    expect(build).toContain("npm run build");
    // The image itself compiles nothing: it copies what the build made.
    expect(
      image
        .filter((each) => each.keyword === "RUN")
        .map((each) => each.args)
        .join(" "),
    ).not.toMatch(/npm run build|npm ci(?! --omit=dev)/);
  });

  it("runs as a user that is not root", () => {
    expect(last("USER")).toBeDefined();
    expect(last("USER")).not.toMatch(/^(root|0)(:|$)/);
  });

  it("keeps DATA_DIR on a volume, the only place the server writes", () => {
    expect(env.DATA_DIR).toBe("/data");
    expect(last("VOLUME")).toContain(`"${env.DATA_DIR}"`);
    expect(unknownSettings(env)).toEqual([]);
  });

  it("checks readiness with node itself, on /readyz", () => {
    const check = last("HEALTHCHECK") ?? "";
    expect(check).toMatch(/CMD \["node", "-e", /);
    expect(check).toContain("/readyz");
  });

  it("starts the server as npm start does, with what the server reads at run time copied in", () => {
    expect(JSON.parse(last("CMD") ?? "[]")).toEqual(startCommand());
    const copied = image
      .filter((each) => each.keyword === "COPY")
      .map((each) => each.args.split(/\s+/).at(-2));
    for (const path of [
      "/app/apps/server/dist",
      "/app/apps/server/drizzle",
      "/app/packages/domain/dist",
      "/app/apps/web/dist",
      "/app/content",
    ]) {
      expect(copied).toContain(path);
    }
  });

  it("is built without this machine's installs, builds or data", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", "**/dist", "**/*.tsbuildinfo", "data"]) {
      expect(ignored).toContain(entry);
    }
  });
});

describe("compose.yaml", () => {
  const compose = parseYaml(read("compose.yaml")) as {
    services: Record<
      string,
      {
        read_only?: boolean;
        environment?: Record<string, string>;
        volumes?: string[];
        entrypoint?: string[];
        depends_on?: Record<string, { condition: string }>;
      }
    >;
  };
  const portal = compose.services.portal;
  const environment = portal?.environment ?? {};

  it("runs the portal with a read-only root filesystem and DATA_DIR on a volume", () => {
    expect(portal?.read_only).toBe(true);
    expect(portal?.volumes?.map((volume) => volume.split(":")[1])).toContain(environment.DATA_DIR);
  });

  it("sets only settings the server knows, and a configuration it accepts in production", () => {
    expect(unknownSettings(environment)).toEqual([]);
    const config = loadConfig(environment);
    expect(config.NODE_ENV).toBe("production");
    expect(config.databaseKind).toBe("server");
    expect(config.mailTransport).toBe("smtp");
    expect(config.BLOB_STORE).toBe("s3");
  });

  it("makes the bucket the portal uses before the portal starts", () => {
    const init = compose.services.bucket;
    expect(init?.entrypoint?.join(" ")).toContain(`mc mb --ignore-existing store/${environment.S3_BUCKET}`);
    expect(portal?.depends_on?.bucket?.condition).toBe("service_completed_successfully");
    expect(portal?.depends_on?.postgres?.condition).toBe("service_healthy");
  });
});

describe("the systemd units", () => {
  const dir = join(ROOT, "deploy/systemd");
  const services = readdirSync(dir).filter((name) => name.endsWith(".service"));
  const portalServices = services.filter((name) => !name.includes("backup"));

  it("are there: one process, several, and the nightly backup", () => {
    expect(services.sort()).toEqual([
      "member-portal-backup.service",
      "member-portal.service",
      "member-portal@.service",
    ]);
    expect(readdirSync(dir)).toContain("member-portal-backup.timer");
  });

  it.each(portalServices)("%s runs npm start's node line", (name) => {
    const service = unitFile(readFileSync(join(dir, name), "utf8")).get("Service");
    expect(service?.get("WorkingDirectory")).toEqual(["/opt/member-portal"]);
    const [binary, ...args] = (service?.get("ExecStart")?.[0] ?? "").split(/\s+/);
    expect(binary).toBe("/usr/bin/node");
    expect(["node", ...args]).toEqual(startCommand());
    // Longer than the drain: SHUTDOWN_GRACE_SECONDS (30) and the 6 s the exit may take after it.
    expect(Number(service?.get("TimeoutStopSec")?.[0])).toBeGreaterThan(36);
  });

  it.each(services)("%s runs hardened, as the portal's user, writing only DATA_DIR", (name) => {
    const service = unitFile(readFileSync(join(dir, name), "utf8")).get("Service");
    expect(service?.get("User")?.[0]).toMatch(/^(?!root$)[a-z][-a-z0-9]*$/);
    expect(service?.get("ProtectSystem")).toEqual(["strict"]);
    expect(service?.get("NoNewPrivileges")).toEqual(["true"]);
    expect(service?.get("EnvironmentFile")?.[0]).toBe("/etc/member-portal/portal.env");
    const env = assignments(service?.get("Environment") ?? []);
    expect(unknownSettings(env)).toEqual([]);
    expect(env.NODE_ENV).toBe("production");
    expect(env.DATA_DIR).toMatch(/^\/var\/lib\/member-portal/);
    expect(service?.get("ReadWritePaths")?.[0]?.split(/\s+/)).toContain(env.DATA_DIR);
  });

  it("come with an example environment file of settings the server knows and accepts", () => {
    const lines = read("deploy/systemd/portal.env.example")
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("#"));
    const env = assignments(lines);
    expect(unknownSettings(env)).toEqual([]);
    expect(() => loadConfig({ ...env, NODE_ENV: "production" })).not.toThrow();
  });
});
