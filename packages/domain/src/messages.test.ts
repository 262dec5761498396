import { describe, expect, it } from "vitest";
import { EXCEPTION_CODES } from "./error-codes.js";
import { OUTDATED_QUERY_EXCEPTION_CODE } from "./limits.js";
import {
  CONTENT_LOAD_FAILURE,
  ERROR_MESSAGES,
  LOGIN_FAILURE_MESSAGE,
  NO_AGENT_RESPONSE_YET,
  REPLY_PROMISES,
  TIMELINE_NOTE,
  VALIDATION_MESSAGES,
} from "./messages.js";

// Spec §8 (error catalogue) and §5 (validation rules), copied verbatim.
describe("error messages", () => {
  it.each([
    ["openQueriesLoad", "We are unable to fetch your queries at this time. Please try again later."],
    ["submit", "Something went wrong while sending your query. Please try again later."],
    ["update", "Something went wrong while updating your query. Please try again later."],
    ["contentLoad", "Unable to load content."],
    ["outdatedQuery", "This feature is only available for new queries."],
    ["queryFetch", "We are unable to fetch your query at this time. Please try again later."],
    [
      "documentSubmission",
      "We are unable to fetch your Document Submission at this time. Please try again later.",
    ],
    [
      "attachmentRule",
      "Please make sure your file is not larger than 10 MB and is either a TIFF, JPG, PNG, Doc, Docx, or PDF. Please try again",
    ],
  ] as const)("%s is the spec's sentence", (key, sentence) => {
    expect(ERROR_MESSAGES[key]).toBe(sentence);
  });

  it("has exactly the catalogue's keys", () => {
    expect(Object.keys(ERROR_MESSAGES).toSorted()).toEqual(
      [
        "attachmentRule",
        "contentLoad",
        "documentSubmission",
        "openQueriesLoad",
        "outdatedQuery",
        "queryFetch",
        "submit",
        "update",
      ].toSorted(),
    );
  });

  it("uses the content-load sentence for content failures", () => {
    expect(CONTENT_LOAD_FAILURE).toBe("Unable to load content.");
  });
});

describe("validation messages", () => {
  it("are the spec's sentences", () => {
    expect(VALIDATION_MESSAGES).toEqual({
      category: "Please select a category",
      subCategory: "Please select a category",
      email: "Please enter a valid email address",
      ccEmail: "Please enter a valid email address",
      queryDetail: "Please enter your query detail",
      updateDetail: "Please enter any additional information",
      username: "Please enter your username",
      password: "Please enter your password",
    });
  });
});

describe("other member-facing sentences", () => {
  it("promise replies in one to two days for queries and two to three for updates", () => {
    expect(REPLY_PROMISES.newQuery).toBe(
      "Thank you for your query. We will respond within one to two business days.",
    );
    expect(REPLY_PROMISES.update).toBe(
      "Thank you for your update. We will respond within two to three business days.",
    );
  });

  it("explain the timeline delay, the login failure and a missing reply", () => {
    expect(TIMELINE_NOTE).toBe(
      "Please note that a new query only appears on your interaction timeline 24 hours after it was logged.",
    );
    expect(LOGIN_FAILURE_MESSAGE).toBe("Your username or password is incorrect.");
    expect(NO_AGENT_RESPONSE_YET).toBe("No reply has been sent to you by email yet.");
  });
});

describe("exception codes", () => {
  it("use the spec's outdated-query code", () => {
    expect(EXCEPTION_CODES.OUTDATED_QUERY).toBe("0015");
    expect(EXCEPTION_CODES.OUTDATED_QUERY).toBe(OUTDATED_QUERY_EXCEPTION_CODE);
  });

  it("are all distinct, so screens can tell errors apart", () => {
    const codes = Object.values(EXCEPTION_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(EXCEPTION_CODES.UNAUTHENTICATED).toBe("AUTH_REQUIRED");
    expect(EXCEPTION_CODES.XSRF).toBe("XSRF_REJECTED");
  });
});
