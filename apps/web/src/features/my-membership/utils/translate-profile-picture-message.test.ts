import { PROFILE_PICTURE_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { translate } from "../../../i18n/translate";
import {
  PROFILE_PICTURE_MESSAGE_DESCRIPTORS,
  translateProfilePictureMessage,
} from "./translate-profile-picture-message";

describe("translateProfilePictureMessage", () => {
  it("has a message for every profile-picture sentence, its English the domain's", () => {
    for (const sentence of Object.values(PROFILE_PICTURE_MESSAGES)) {
      expect(PROFILE_PICTURE_MESSAGE_DESCRIPTORS.has(sentence), sentence).toBe(true);
      expect(translateProfilePictureMessage(sentence, translate)).toBe(sentence);
    }
  });
});
