import { crc32 } from "node:zlib";
import { PROFILE_PICTURE_LIMITS, PROFILE_PICTURE_MESSAGES } from "@portal/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  auditRowsOf,
  BASE,
  enrolFamily,
  type Family,
  loggedInMember,
  MISSING_ENTITY,
} from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { pdfOfSize, renamedExecutable, type UploadFile } from "../../../test-support/upload-fixtures.js";

// Profile pictures: GET /profile-picture/ (data URI) and /base64, the {entityNumber} variants,
// width/height/crop, POST /profile-picture/ (checked by content, re-encoded without metadata),
// DELETE /profile-picture; access and audit as for every other member-details read.

const PICTURE = `${BASE}/profile-picture`;

async function jpegWithExif(width: number, height: number, orientation?: number): Promise<UploadFile> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } },
  }).withExif({
    IFD0: { Copyright: "secret-location-51.5N", Artist: "Member Name" },
  });
  if (orientation !== undefined) image = image.withMetadata({ orientation });
  return { name: "me.jpg", type: "image/jpeg", bytes: await image.jpeg().toBuffer() };
}

const png = async (width: number, height: number): Promise<UploadFile> => ({
  name: "me.png",
  type: "image/png",
  bytes: await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
  })
    .png()
    .toBuffer(),
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny file whose header claims a huge picture: a decompression bomb's first bytes. */
function pngClaiming(width: number, height: number): UploadFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return { name: "bomb.png", type: "image/png", bytes };
}

const fromDataUri = (text: string) => {
  expect(text).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
  return Buffer.from(text.slice(text.indexOf(",") + 1), "base64");
};

describe.each(TEST_DATABASE_KINDS)("profile pictures on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  const upload = (browser: TestBrowser, file: UploadFile, field = "file") =>
    browser.postMultipart(
      `${PICTURE}/`,
      {},
      [file].map((entry) => ({ ...entry, field })),
    );
  const get = (browser: TestBrowser, path: string) =>
    browser.request({ method: "GET", url: `${PICTURE}${path}` });
  const remove = (browser: TestBrowser, withXsrf = true) =>
    browser.request({ method: "DELETE", url: PICTURE, withXsrf });

  it("answers 404 with its own sentence before any picture is uploaded", async () => {
    const member = await loggedInMember(testApp);
    const answer = await get(member.browser, "/");
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({
      exceptionCode: "NOT_FOUND",
      message: PROFILE_PICTURE_MESSAGES.notFound,
    });
  });

  it("stores an upload as a JPEG without metadata, turned upright, and answers it as a data URI", async () => {
    const member = await loggedInMember(testApp);
    const sent = await jpegWithExif(40, 20, 6);
    expect(sent.bytes.includes("secret-location")).toBe(true);
    const answer = await upload(member.browser, sent);
    expect(answer.statusCode).toBe(200);
    const stored = fromDataUri(answer.body);
    expect(stored.includes("secret-location")).toBe(false);
    expect(stored.includes("Member Name")).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored picture is upright, so taller than wide.
    expect([metadata.width, metadata.height]).toEqual([20, 40]);

    const again = await get(member.browser, "/");
    expect(again.statusCode).toBe(200);
    expect(again.headers["content-type"]).toMatch(/^text\/plain/);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(fromDataUri(again.body).equals(stored)).toBe(true);
    const bare = await get(member.browser, "/base64");
    expect(Buffer.from(bare.body, "base64").equals(stored)).toBe(true);

    const changes = (await auditRowsOf(testApp, member.entityNumber)).filter(
      (row) => row.resource === "profile-picture",
    );
    expect(changes).toEqual([
      expect.objectContaining({ action: "UPDATE", subjectEntityNumber: member.entityNumber }),
    ]);
  });

  it("puts a transparent PNG on white and fits a large one inside the stored size", async () => {
    const member = await loggedInMember(testApp);
    const answer = await upload(member.browser, await png(3000, 1500));
    expect(answer.statusCode).toBe(200);
    const metadata = await sharp(fromDataUri(answer.body)).metadata();
    expect([metadata.width, metadata.height]).toEqual([
      PROFILE_PICTURE_LIMITS.storedSize,
      PROFILE_PICTURE_LIMITS.storedSize / 2,
    ]);
    expect(metadata.hasAlpha).toBe(false);
  });

  it("honours width, height and crop", async () => {
    const member = await loggedInMember(testApp);
    await upload(member.browser, await png(40, 20));
    const sizeOf = async (query: string) => {
      const answer = await get(member.browser, `/base64?${query}`);
      expect(answer.statusCode).toBe(200);
      const metadata = await sharp(Buffer.from(answer.body, "base64")).metadata();
      return [metadata.width, metadata.height];
    };
    expect(await sizeOf("width=10&height=10&crop=true")).toEqual([10, 10]);
    expect(await sizeOf("width=10&height=10")).toEqual([10, 5]);
    expect(await sizeOf("width=10&height=10&crop=false")).toEqual([10, 5]);
    expect(await sizeOf("height=10")).toEqual([20, 10]);
    expect(await sizeOf("crop=true")).toEqual([20, 20]);
    for (const bad of ["width=0", "width=1025", "height=abc", "crop=yes"]) {
      expect((await get(member.browser, `/?${bad}`)).statusCode).toBe(400);
    }
  });

  it("refuses by content: a PDF, a renamed executable, an unreadable PNG, too many pixels, too many bytes", async () => {
    const member = await loggedInMember(testApp);
    const refusal = async (file: UploadFile) => {
      const answer = await upload(member.browser, file);
      return [answer.statusCode, answer.json().exceptionCode, answer.json().message];
    };
    expect(await refusal(pdfOfSize(2000, "me.png"))).toEqual([
      415,
      "PROFILE_PICTURE_RULE",
      PROFILE_PICTURE_MESSAGES.wrongType,
    ]);
    expect(await refusal({ ...renamedExecutable(), name: "me.jpg", type: "image/jpeg" })).toEqual([
      415,
      "PROFILE_PICTURE_RULE",
      PROFILE_PICTURE_MESSAGES.wrongType,
    ]);
    const broken = pngClaiming(10, 10);
    expect(await refusal({ ...broken, bytes: broken.bytes.subarray(0, 40) })).toEqual([
      400,
      "PROFILE_PICTURE_RULE",
      PROFILE_PICTURE_MESSAGES.unreadable,
    ]);
    expect(await refusal(pngClaiming(20_000, 20_000))).toEqual([
      413,
      "PROFILE_PICTURE_RULE",
      PROFILE_PICTURE_MESSAGES.tooManyPixels,
    ]);
    const { bytes } = await png(10, 10);
    const oversized = Buffer.concat([
      bytes,
      Buffer.alloc(PROFILE_PICTURE_LIMITS.maxBytes + 1 - bytes.length),
    ]);
    expect(await refusal({ name: "me.png", type: "image/png", bytes: oversized })).toEqual([
      413,
      "PROFILE_PICTURE_RULE",
      PROFILE_PICTURE_MESSAGES.tooLarge,
    ]);
    // Nothing was stored by any of them.
    expect((await get(member.browser, "/")).statusCode).toBe(404);
  });

  it("asks for a file in the field named file", async () => {
    const member = await loggedInMember(testApp);
    const answer = await upload(member.browser, await png(10, 10), "picture");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("Please choose a picture to upload.");
  });

  it("removes the picture, then answers 404; refuses a removal without the anti-forgery token", async () => {
    const member = await loggedInMember(testApp);
    await upload(member.browser, await png(10, 10));
    const forged = await remove(member.browser, false);
    expect(forged.json().exceptionCode).toBe("XSRF_REJECTED");
    expect((await get(member.browser, "/")).statusCode).toBe(200);
    expect((await remove(member.browser)).statusCode).toBe(204);
    expect((await get(member.browser, "/")).statusCode).toBe(404);
    expect((await remove(member.browser)).statusCode).toBe(404);
    const forgedUpload = await member.browser.request({
      method: "POST",
      url: `${PICTURE}/`,
      withXsrf: false,
    });
    expect(forgedUpload.json().exceptionCode).toBe("XSRF_REJECTED");
  });

  it("lets a principal see a dependent's picture, audited; a dependent and a stranger get 404 like a missing entity", async () => {
    await upload(family.child.browser, await png(12, 12));
    await upload(family.principal.browser, await png(14, 14));
    const before = (await auditRowsOf(testApp, family.principal.entityNumber)).length;
    const childsPicture = await get(family.principal.browser, `/${family.child.entityNumber}?width=6`);
    expect(childsPicture.statusCode).toBe(200);
    expect((await sharp(fromDataUri(childsPicture.body)).metadata()).width).toBe(6);
    const bare = await get(family.principal.browser, `/${family.child.entityNumber}/base64`);
    expect((await sharp(Buffer.from(bare.body, "base64")).metadata()).width).toBe(12);
    const reads = (await auditRowsOf(testApp, family.principal.entityNumber)).slice(before);
    expect(reads).toEqual([
      expect.objectContaining({
        subjectEntityNumber: family.child.entityNumber,
        resource: "profile-picture",
        action: "READ",
      }),
      expect.objectContaining({
        subjectEntityNumber: family.child.entityNumber,
        resource: "profile-picture",
        action: "READ",
      }),
    ]);

    const missing = await get(family.child.browser, `/${MISSING_ENTITY}`);
    expect(missing.statusCode).toBe(404);
    const stranger = await loggedInMember(testApp);
    for (const path of [`/${family.principal.entityNumber}`, `/${family.child.entityNumber}/base64`]) {
      const refused = await get(stranger.browser, path);
      expect([refused.statusCode, refused.body]).toEqual([404, missing.body]);
    }
    const upward = await get(family.child.browser, `/${family.principal.entityNumber}`);
    expect([upward.statusCode, upward.body]).toEqual([404, missing.body]);
    // One's own entity number reads one's own picture.
    expect((await get(family.child.browser, `/${family.child.entityNumber}`)).statusCode).toBe(200);
  });

  it("answers 401 without a session", async () => {
    for (const url of [`${PICTURE}/`, `${PICTURE}/base64`, `${PICTURE}/${family.child.entityNumber}`]) {
      expect((await testApp.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});
