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
    ["EWHATEVER", "Sending failed (EWHATEVER)."],
    [null, "No reason was recorded."],
  ])("%s → %s", (code, text) => {
    expect(mailFailureText(code)).toBe(text);
  });
});
