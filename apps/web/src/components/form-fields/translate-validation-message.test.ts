import { CONTACT_DETAILS_MESSAGES, phoneNumberInputSchema, VALIDATION_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { translate } from "../../i18n/translate";
import { BY_ENGLISH, PHONE_NUMBER_MESSAGE, translateValidationMessage } from "./translate-validation-message";

describe("translateValidationMessage", () => {
  it("knows the phone-number schema's sentence", () => {
    const result = phoneNumberInputSchema.safeParse({ type: "MOBILE", number: "not a number" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_NUMBER_MESSAGE]);
  });

  it("says each sentence it knows in English as the schemas do, and any other as it is", () => {
    for (const sentence of [
      // The login form's own two are the login screen's messages.
      ...Object.values(VALIDATION_MESSAGES).filter(
        (message) => message !== VALIDATION_MESSAGES.username && message !== VALIDATION_MESSAGES.password,
      ),
      ...Object.values(CONTACT_DETAILS_MESSAGES).filter(
        (message) => message !== CONTACT_DETAILS_MESSAGES.passwordIncorrect,
      ),
      PHONE_NUMBER_MESSAGE,
    ]) {
      expect(BY_ENGLISH.has(sentence), sentence).toBe(true);
      expect(translateValidationMessage(sentence, translate)).toBe(sentence);
    }
    expect(translateValidationMessage("Too big", translate)).toBe("Too big");
  });
});
