import { PROFILE_PICTURE_LIMITS, PROFILE_PICTURE_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import {
  knownProfilePictureMessage,
  profilePicturePixelProblem,
  profilePictureProblem,
} from "./profile-picture-problem";

const file = (type: string, size = 10) => new File([new Uint8Array(size)], "picture", { type });

describe("profilePictureProblem", () => {
  it.each([
    ["image/png", 10, null],
    ["image/jpeg", PROFILE_PICTURE_LIMITS.maxBytes, null],
    ["image/gif", 10, PROFILE_PICTURE_MESSAGES.wrongType],
    ["", 10, PROFILE_PICTURE_MESSAGES.wrongType],
    ["image/png", PROFILE_PICTURE_LIMITS.maxBytes + 1, PROFILE_PICTURE_MESSAGES.tooLarge],
  ])("%s of %i bytes: %s", (type, size, expected) => {
    expect(profilePictureProblem(file(type, size))).toBe(expected);
  });

  it("refuses more pixels than the limit", () => {
    expect(profilePicturePixelProblem(6000, 6000)).toBeNull();
    expect(profilePicturePixelProblem(6001, 6000)).toBe(PROFILE_PICTURE_MESSAGES.tooManyPixels);
  });

  it("passes on only the server sentences it knows", () => {
    expect(knownProfilePictureMessage(PROFILE_PICTURE_MESSAGES.tooLarge)).toBe(
      PROFILE_PICTURE_MESSAGES.tooLarge,
    );
    expect(knownProfilePictureMessage("Internal error at line 3")).toBeUndefined();
    expect(knownProfilePictureMessage(undefined)).toBeUndefined();
  });
});
