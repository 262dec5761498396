import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../app-context.js";
import { loadConfig } from "../../config/env.js";
import { webAppRoutes } from "./routes.js";

// The built SPA as the server sends it: the build's brotli or gzip copy when the browser takes it,
// hashed assets cached for good, index.html always asked again.

describe("the built web app", () => {
  let distDir: string;
  let app: ReturnType<typeof Fastify>;
  const script = `console.log(${JSON.stringify("member portal ".repeat(200))});`;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-dist-"));
    fs.mkdirSync(path.join(distDir, "assets"));
    fs.writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>SPA</title>");
    const asset = path.join(distDir, "assets", "index-abc123.js");
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    app = Fastify({ logger: false });
    await app.register(webAppRoutes, { config: loadConfig({ WEB_DIST_DIR: distDir }) } as AppContext);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends the brotli copy to a browser that takes br, the gzip copy to one that takes only gzip", async () => {
    const brotli = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);

    const gzip = await get("/assets/index-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("caches hashed assets for good and asks again for index.html", async () => {
    expect((await get("/assets/index-abc123.js", "br")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/")).headers["cache-control"]).toBe("no-cache");
  });
});
