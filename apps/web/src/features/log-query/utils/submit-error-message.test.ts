import { ERROR_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../../lib/http";
import { submitErrorMessage } from "./submit-error-message";

const failure = (status: number, exceptionCode: string, message: string) =>
  new HttpError({ url: "/x", status, statusText: "", body: { status, exceptionCode, message } });

describe("submitErrorMessage", () => {
  it("names the attachment rule for refused files", () => {
    expect(submitErrorMessage(failure(415, "ATTACHMENT_RULE", "server words"))).toBe(
      ERROR_MESSAGES.attachmentRule,
    );
  });

  it("says when to try again when the member has sent the most the scheme accepts for now", () => {
    const sentence =
      "You have sent 20 queries and updates in the last hour, the most we accept. Please try again after 14:35.";
    expect(submitErrorMessage(failure(429, "RATE_LIMITED", sentence))).toBe(sentence);
  });

  it("shows the catalogue's sentence for everything else, storage failures included", () => {
    for (const [status, code] of [
      [507, "STORAGE_FULL"],
      [503, "SERVICE_UNAVAILABLE"],
      [500, "INTERNAL_ERROR"],
      [400, "VALIDATION_FAILED"],
    ] as const) {
      expect(submitErrorMessage(failure(status, code, "server words"))).toBe(ERROR_MESSAGES.submit);
    }
    expect(submitErrorMessage(new Error("offline"))).toBe(ERROR_MESSAGES.submit);
  });
});
