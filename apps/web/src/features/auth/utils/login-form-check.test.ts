import { loginFormSchema } from "@portal/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLoginForm } from "./login-form-check";

/** Strings heavy in the whitespace that trimming is about, and in ordinary text. */
const formText = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[ \t\n\r\u00a0\u2028\ufeff]*$/),
  fc.stringMatching(/^\s*[a-z0-9.]{0,3}\s*$/),
);

describe("checkLoginForm", () => {
  it("answers as loginFormSchema does: the same values, the same message for each field", () => {
    fc.assert(
      fc.property(formText, formText, (username, password) => {
        const checked = checkLoginForm({ username, password });
        const parsed = loginFormSchema.safeParse({ username, password });
        const schemaErrors: Record<string, string> = {};
        for (const issue of parsed.error?.issues ?? []) schemaErrors[String(issue.path[0])] ??= issue.message;
        expect(checked.errors).toEqual(schemaErrors);
        if (parsed.success) expect(checked.values).toEqual(parsed.data);
      }),
      { numRuns: 500 },
    );
  });

  it("trims the username only", () => {
    expect(checkLoginForm({ username: " alice ", password: " secret " })).toEqual({
      values: { username: "alice", password: " secret " },
      errors: {},
    });
  });
});
