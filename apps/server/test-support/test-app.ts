import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAuthenticationRequestMessage, XSRF_COOKIE } from "@portal/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { type BuildAppOptions, buildApp } from "../src/app.js";
import { loadConfig } from "../src/config/env.js";
import type { Database } from "../src/db/database.js";
import { createMember } from "../src/modules/members/create-member.js";
import type { BlobStore } from "../src/modules/storage/blob-store.js";
import { createLocalBlobStore } from "../src/modules/storage/local-blob-store.js";
import { openTestDatabase, type TestDatabaseKind } from "./databases.js";
import { TEST_SECRET } from "./modules/mail.js";
import { multipartBody, type UploadFile } from "./upload-fixtures.js";

export const TEST_ORIGIN = "http://localhost";

/**
 * scrypt at N = 2^4: test members' passwords need no protection, and full cost would spend most of
 * the suite's time hashing. Only NODE_ENV=test lets the configuration go this low.
 */
export const TEST_PASSWORD_HASH_COST = 4;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  blobStore: BlobStore;
  blobDir: string;
  clock: { now: Date; advanceMinutes(minutes: number): void };
  close(): Promise<void>;
}

export async function createTestApp(
  kind: TestDatabaseKind,
  env: NodeJS.ProcessEnv = {},
  options: Pick<BuildAppOptions, "logger"> & {
    blobDir?: string;
    /** Wraps the local blob store the app is given (server.ts guards it by the single-process lock). */
    wrapBlobStore?: (store: BlobStore) => BlobStore;
    /** PostgreSQL: how long a statement waits for a lock before it gives up (the server's default). */
    lockWaitSeconds?: number;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind, { lockWaitSeconds: options.lockWaitSeconds });
  const clock = {
    now: new Date(),
    advanceMinutes(minutes: number) {
      clock.now = new Date(clock.now.getTime() + minutes * 60_000);
    },
  };
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    LOGIN_SLOWDOWN_MS: "5",
    ACCOUNT_ANSWER_MIN_MS: "0",
    // Route tests send far more than a member would; member-limits.test.ts sets real limits.
    MEMBER_QUERIES_PER_HOUR: "10000",
    MEMBER_PICTURES_PER_HOUR: "10000",
    MEMBER_CARD_ORDERS_PER_HOUR: "10000",
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    // Staff in route tests log in with a password alone (loggedInStaff); the second factor's own
    // tests (gateway/second-factor.test.ts) set required, as production has it.
    STAFF_MFA: "optional",
    ...env,
  });
  const { blobDir: givenBlobDir, wrapBlobStore, lockWaitSeconds: _lockWait, ...buildOptions } = options;
  const blobDir = givenBlobDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "portal-blobs-"));
  const localStore = createLocalBlobStore(blobDir);
  const blobStore = wrapBlobStore ? wrapBlobStore(localStore) : localStore;
  const app = await buildApp({
    config,
    db: database.db,
    blobStore,
    secret: TEST_SECRET,
    now: () => clock.now,
    ...buildOptions,
  });
  return {
    app,
    database,
    blobStore,
    blobDir,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      // A directory the caller gave is the caller's to remove.
      if (!givenBlobDir) fs.rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

let memberCounter = 0;

/** Creates a member with a unique username; returns the log-in and entity number. */
export async function addMember(
  database: Database,
  overrides: { username?: string; emails?: string[] } = {},
) {
  memberCounter += 1;
  const username = overrides.username ?? `member.${memberCounter}.${Date.now().toString(36)}`;
  const password = `Correct-Horse-${memberCounter}-Battery!`;
  const entityNumber = await createMember(
    database.db,
    {
      username,
      password,
      firstName: "Test",
      lastName: `Member ${memberCounter}`,
      emails: overrides.emails ?? [`${username.replaceAll(".", "-")}@example.com`],
    },
    TEST_PASSWORD_HASH_COST,
  );
  return { username, password, entityNumber };
}

/** A browser-like cookie jar for inject(): remembers what the server sets. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** As a user or a script on another subdomain might: a cookie the server did not set. */
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): Record<string, string> {
    return Object.fromEntries(this.cookies);
  }
}

/** A member's browser: keeps cookies and sends the anti-forgery header on unsafe requests. */
export class TestBrowser {
  readonly jar = new CookieJar();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: {
    method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD";
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
    withXsrf?: boolean;
  }): Promise<LightMyRequestResponse> {
    const unsafe = !["GET", "HEAD"].includes(options.method);
    const xsrf = this.jar.get(XSRF_COOKIE);
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (unsafe && (options.withXsrf ?? true) && xsrf) headers["x-xsrf-token"] = xsrf;
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      payload: options.payload as string | object | undefined,
      headers,
      cookies: this.jar.header(),
    });
    this.jar.store(response);
    return response;
  }

  /** POSTs a multipart form as the SPA's upload does. */
  async postMultipart(
    url: string,
    fields: Record<string, string>,
    files: readonly UploadFile[] = [],
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const body = await multipartBody(fields, files);
    return this.request({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...headers, "content-type": body.contentType },
    });
  }

  /** What the SPA does first: any GET hands out the anti-forgery cookie. */
  async visit(): Promise<void> {
    await this.request({ method: "GET", url: "/wsg/session" });
  }

  async logIn(username: string, password: string): Promise<LightMyRequestResponse> {
    if (!this.jar.get(XSRF_COOKIE)) await this.visit();
    return this.request({ method: "POST", url: "/wsg/rest", payload: loginMessage(username, password) });
  }
}

export function loginMessage(username: string, password: string, redirectUri = `${TEST_ORIGIN}/`) {
  return buildAuthenticationRequestMessage({
    username,
    password,
    domain: "memberportal",
    clientId: "member-portal-web",
    redirectUri,
  });
}
