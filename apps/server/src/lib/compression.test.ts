import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { COMPRESS_THRESHOLD_BYTES } from "./compression.js";
import { OPENAPI_DOCUMENT_PATH } from "./openapi.js";

describe.each(TEST_DATABASE_KINDS)("answer compression on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({
      method: "GET",
      url,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("compresses a large answer the way the client asks, and it reads back the same", async () => {
    const plain = await get(OPENAPI_DOCUMENT_PATH);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const brotli = await get(OPENAPI_DOCUMENT_PATH, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzip = await get(OPENAPI_DOCUMENT_PATH, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("sends a small answer as it is", async () => {
    const small = await get("/app-config.json", "br, gzip");
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toHaveProperty("smartInquiryBase");
  });
});
