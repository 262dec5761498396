import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { DEMO_MEMBERS } from "../../dist/modules/members/demo-credentials.js";
import { rssBytes, startNode, stop, waitForHttp } from "./child-process.js";
import { benchGrowth, GROWTH_CONNECTIONS } from "./growth.js";
import { PortalSession } from "./portal-session.js";
import { benchRegisterImport } from "./register-import.js";

// `npm run bench`: speed and memory of the built server, each in its own process, each figure
// printed next to its budget (requirements §10.16). Never part of the tests: figures on a shared 2-core
// machine vary, so they are reported, not asserted. The bench is built on its own (bench/dist)
// and uses the server's build (apps/server/dist), so none of it ships with the server.

const here = path.dirname(fileURLToPath(import.meta.url));
const serverScript = path.join(here, "..", "..", "dist", "server.js");
const bareScript = path.join(here, "bare-http.js");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const portalPort = 18900;
const barePort = 18901;
const openListPath = "/api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  const database = process.env.DATABASE_URL ? "PostgreSQL server (DATABASE_URL)" : "embedded PGlite";
  const portal = startNode([serverScript], {
    DATA_DIR: dataDir,
    // Its own files only, whatever the caller's environment says (an S3 bucket in use, say).
    BLOB_STORE: "local",
    PORT: String(portalPort),
    LOG_LEVEL: "warn",
    SEED_DEMO_DATA: "true",
    // A server database needs a shared secret; the bench's own server makes up one for the run.
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
  });
  const base = `http://127.0.0.1:${portalPort}`;
  try {
    await waitForHttp(`${base}/portal/wlxapp/Ping.srv`, portal);
    const member = DEMO_MEMBERS[0];
    const session = new PortalSession(base);
    await session.logIn(member.username, member.password);
    // 20 members' worth of 10 MB submissions at once, first, on a fresh server: the growth then
    // is the uploads' own, not heap left over from the load test. The server may not buffer them.
    const rssBefore = rssBytes(portal.pid ?? 0);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssBytes(portal.pid ?? 0));
    }, 20);
    const uploads = await Promise.all(
      Array.from({ length: 20 }, (_, index) => session.uploadTenMegabytes(index)),
    );
    clearInterval(sampler);
    const failed = uploads.filter((status) => status !== 200).length;
    console.warn("20 concurrent 10 MB submissions:");
    console.warn(
      `  server RSS before ${megabytes(rssBefore)}, peak ${megabytes(rssPeak)}, growth ${megabytes(rssPeak - rssBefore)}   (budget: <= 64 MB)`,
    );
    if (failed > 0) console.warn(`  ${failed} of 20 uploads did not answer 200`);
    const listBytes = Buffer.from(await (await session.fetch(openListPath)).arrayBuffer());

    // The same bytes from bare node:http: the ceiling the portal is measured against.
    fs.writeFileSync(path.join(dataDir, "open-list.json"), listBytes);
    const bare = startNode([bareScript], {
      BARE_PORT: String(barePort),
      BARE_BODY: path.join(dataDir, "open-list.json"),
    });
    await waitForHttp(`http://127.0.0.1:${barePort}/`, bare);
    const bareResult = await autocannon({
      url: `http://127.0.0.1:${barePort}/`,
      connections,
      duration: seconds,
    });
    await stop(bare);

    const portalResult = await autocannon({
      url: `${base}${openListPath}`,
      connections,
      duration: seconds,
      headers: { cookie: session.cookieHeader() },
    });
    if (portalResult.non2xx > 0)
      throw new Error(`${portalResult.non2xx} open-list requests did not answer 2xx`);

    const ratio = portalResult.requests.average / bareResult.requests.average;
    console.warn(
      `Open list (${database}, ${connections} connections, ${seconds} s, ${listBytes.length} bytes):`,
    );
    console.warn(
      `  bare node:http  ${bareResult.requests.average.toFixed(0)} req/s, p99 ${bareResult.latency.p99} ms`,
    );
    console.warn(
      `  portal          ${portalResult.requests.average.toFixed(0)} req/s, p99 ${portalResult.latency.p99} ms`,
    );
    console.warn(`  portal / bare   ${(ratio * 100).toFixed(1)} %   (budget: >= 40 %, p99 <= 20 ms)`);
  } finally {
    await stop(portal);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Filling a million queries takes a minute or two; BENCH_GROWTH=false leaves it out.
  if (process.env.BENCH_GROWTH !== "false") {
    console.warn(
      `Open list as the data grows (${database}, ${GROWTH_CONNECTIONS} connections, ${seconds} s each):`,
    );
    await benchGrowth({ serverScript, openListPath, seconds, port: portalPort });
  }
  // 100,000 members with 150,000 dependents take a minute or two each way; BENCH_REGISTER=false leaves it out.
  if (process.env.BENCH_REGISTER !== "false") await benchRegisterImport();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
