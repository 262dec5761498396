import { replySentResponseSchema } from "@portal/domain";
import { act } from "@testing-library/react";
import { http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { removeCookie, setCookie } from "../../../lib/cookies";
import { contractJson } from "../../../testing/contract-json";
import { type FakeUploadRequest, formEntries, pdf, stubUploads } from "../../../testing/fake-upload";
import { server } from "../../../testing/msw-server";
import { QUERY_PATH } from "../testing/handlers";
import { replyFormData, sendReply } from "./send-reply";

describe("sending a reply", () => {
  afterEach(() => removeCookie("XSRF-TOKEN"));

  it("with files, posts multipart/form-data (html, close, then each file under files) with the anti-forgery header", async () => {
    setCookie("XSRF-TOKEN", "token-7");
    const uploads = stubUploads();
    const progress: number[] = [];
    const sending = sendReply(
      300001,
      { html: "<p>Here it is.</p>", close: true, files: [pdf("statement.pdf"), pdf("tariff.pdf")] },
      ({ loaded }) => progress.push(loaded),
    );
    const upload = uploads[0] as FakeUploadRequest;
    expect(upload.method).toBe("POST");
    expect(upload.url).toBe("/api/console/queries/300001/replies");
    expect(formEntries(upload.body)).toEqual([
      ["html", "<p>Here it is.</p>"],
      ["close", "true"],
      ["files", "file:statement.pdf"],
      ["files", "file:tariff.pdf"],
    ]);
    expect(upload.headers.get("X-XSRF-TOKEN")).toBe("token-7");
    act(() => upload.reportProgress(1024, 2048));
    act(() => upload.answerJson(replySentResponseSchema, { replyId: 12 }));
    await expect(sending).resolves.toEqual({ replyId: 12 });
    expect(progress).toEqual([1024]);
  });

  it("without files, posts the contract's JSON body", async () => {
    let body: unknown;
    server.use(
      http.post(`${QUERY_PATH}/replies`, async ({ request }) => {
        body = await request.json();
        return contractJson(replySentResponseSchema, { replyId: 13 });
      }),
    );
    await expect(sendReply(300001, { html: "<p>Paid.</p>", files: [] })).resolves.toEqual({ replyId: 13 });
    expect(body).toEqual({ close: false, html: "<p>Paid.</p>" });
  });

  it("builds the form with close false by default", () => {
    expect(formEntries(replyFormData({ html: "<p>x</p>" }))).toEqual([
      ["html", "<p>x</p>"],
      ["close", "false"],
    ]);
  });
});
