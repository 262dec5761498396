import { Writable } from "node:stream";
import { EXCEPTION_CODES } from "@portal/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  defaultQueryFields,
  loggedInMember,
  medxpressQueryFields,
  PORTAL,
  SI,
} from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { loggerOptions } from "../../lib/logger.js";

// Replies go to the address typed in the query form. One the register does not hold for the member
// may be a typo that sends medical content to a stranger: the form asks the member to confirm it
// (emailConfirmed), and the server, which does not take the browser's word for it, compares the
// address with the register itself. The specification's request carries no confirmation, so it is
// not refused: the server records that the address was outside the register and whether the
// member confirmed it, and the console warns the agent (docs/decisions/0007).

interface LogLine {
  level: number;
  event?: string;
  referenceNumber?: number;
  confirmedByMember?: boolean;
}

describe.each(TEST_DATABASE_KINDS)("the reply address of a new query, on %s", (kind) => {
  let testApp: TestApp;
  let member: Awaited<ReturnType<typeof loggedInMember>>;
  let registered: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    testApp = await createTestApp(kind, {}, { logger: { ...loggerOptions("info"), stream } });
    member = await loggedInMember(testApp);
    // addMember's one address for the member.
    registered = `${member.username.replaceAll(".", "-")}@example.com`;
  });
  afterAll(async () => testApp.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const records = () =>
    lines
      .flatMap((text) => text.split("\n"))
      .filter((text) => text.trim() !== "")
      .map((text) => JSON.parse(text) as LogLine)
      .filter((line) => line.event === "reply_address_not_in_register");

  const createDefault = (fields: Record<string, string>) =>
    member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, {
      ...defaultQueryFields,
      ...fields,
    });

  it("takes the specification's request to an address outside the register, and records it unconfirmed", async () => {
    const stranger = "ada.lovelace@exmaple.com";
    const answer = await createDefault({ email: stranger });
    expect(answer.statusCode).toBe(200);
    const { referenceNumber } = answer.json();
    expect(records()).toEqual([
      expect.objectContaining({ level: 40, referenceNumber, confirmedByMember: false }),
    ]);
    // The log names the query, never the address.
    expect(lines.join("")).not.toContain(stranger);
  });

  it("records an address the member confirmed as confirmed", async () => {
    const answer = await createDefault({ email: "partner@example.net", emailConfirmed: "true" });
    expect(answer.statusCode).toBe(200);
    expect(records()).toEqual([
      expect.objectContaining({
        level: 30,
        referenceNumber: answer.json().referenceNumber,
        confirmedByMember: true,
      }),
    ]);
  });

  it("records nothing for one of the member's own addresses, in any case and with spaces", async () => {
    const answer = await createDefault({ email: `  ${registered.toUpperCase()} ` });
    expect(answer.statusCode).toBe(200);
    expect(records()).toEqual([]);
  });

  it("compares with the register of the session's member only, never another member's", async () => {
    const other = await loggedInMember(testApp);
    const othersAddress = `${other.username.replaceAll(".", "-")}@example.com`;
    const answer = await createDefault({ email: othersAddress });
    expect(answer.statusCode).toBe(200);
    expect(records()).toEqual([expect.objectContaining({ confirmedByMember: false })]);
  });

  it("checks the medxpress and the plain create the same way", async () => {
    const medxpress = await member.browser.postMultipart(`${PORTAL}/member-queries`, {
      ...medxpressQueryFields,
      email: "pharmacy.friend@example.org",
      emailConfirmed: "true",
    });
    const plain = await member.browser.postMultipart(`${SI}/member-queries`, {
      query: "Plain query.",
      email: "someone@example.org",
      category: "OTHER",
      origin: "MEMBER_WEB",
    });
    expect([medxpress.statusCode, plain.statusCode]).toEqual([200, 200]);
    expect(records()).toEqual([
      expect.objectContaining({ referenceNumber: medxpress.json().referenceNumber, confirmedByMember: true }),
      expect.objectContaining({ referenceNumber: plain.json().referenceNumber, confirmedByMember: false }),
    ]);
  });

  it("refuses a confirmation that is neither true nor false, storing nothing", async () => {
    const answer = await createDefault({ email: "partner@example.net", emailConfirmed: "yes" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      status: 400,
      exceptionCode: EXCEPTION_CODES.VALIDATION,
      message: "emailConfirmed must be true or false.",
    });
    expect(records()).toEqual([]);
  });

  it("records nothing for an update, which keeps the address of the query it adds to", async () => {
    const original = (await createDefault({ email: "partner@example.net", emailConfirmed: "true" })).json();
    lines.length = 0;
    const update = await member.browser.postMultipart(`${SI}/member-queries/${original.referenceNumber}`, {
      query: "More detail.",
      origin: "MEMBER_WEB",
    });
    expect(update.statusCode).toBe(200);
    expect(records()).toEqual([]);
  });
});
