import { describe, expect, it } from "vitest";
import { mailFailureText } from "./mail-failure";

describe("mailFailureText", () => {
  it.each([
    ["ESOCKET", "The connection to the mail server failed or was cut off."],
    ["EAUTH", "The portal could not log in to the mail server: check the user and password in SMTP_URL."],
    ["EENVELOPE", "The mail server did not accept the sender or the recipient's address."],
    ["SMTP_550", "The recipient's mail server refused the address (SMTP 550): it may be wrong or closed."],
    ["SMTP_554", "The mail server refused the mail for good (SMTP 554)."],
    ["SMTP_421", "The mail server was busy or refused the mail for now (SMTP 421)."],
    // The failed mails page once said only "Sending failed (EEXIST)".
    [
      "EEXIST",
      "The portal could not write the mail to its mail folder: something of that name is in the way there.",
    ],
    ["ECONNREFUSED", "The mail server refused the connection."],
    ["ETIMEDOUT", "The mail server took too long to answer."],
    ["EHOSTUNREACH", "The mail server could not be reached over the network."],
    ["EMSGSIZE", "The mail is too large to send: send fewer or smaller files."],
    ["SMTP_552", "The recipient's mailbox is full or the mail too large (SMTP 552)."],
    ["SMTP_534", "The mail is too large for the mail server (SMTP 534): send fewer or smaller files."],
    [
      "SMTP_535",
      "The mail server refused the portal's log-in (SMTP 535): check the user and password in SMTP_URL.",
    ],
    ["SMTP_541", "The recipient's mail server refused the mail as unwanted (SMTP 541)."],
    ["SMTP_452", "The recipient's mailbox or the mail server is full for now (SMTP 452)."],
    ["SMTP_250", "The mail server answered SMTP 250."],
    ["EWHATEVER", "Sending failed (EWHATEVER)."],
    [null, "No reason was recorded."],
  ])("%s → %s", (code, text) => {
    expect(mailFailureText(code)).toBe(text);
  });
});
