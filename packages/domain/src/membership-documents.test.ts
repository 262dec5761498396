import { describe, expect, it } from "vitest";
import {
  membershipCardOrderConfirmation,
  membershipCardOrderNumber,
  PROFILE_PICTURE_LIMITS,
  PROFILE_PICTURE_MESSAGES,
  profilePictureDataUri,
} from "./membership-documents.js";

describe("membership documents", () => {
  it("numbers card orders MC- and six digits, and says the number in the confirmation", () => {
    expect(membershipCardOrderNumber(42)).toBe("MC-000042");
    expect(membershipCardOrderNumber(1_234_567)).toBe("MC-1234567");
    expect(membershipCardOrderConfirmation("MC-000042")).toBe(
      "Your new membership card has been ordered. Your order number is MC-000042.",
    );
  });

  it("answers a picture as a JPEG data URI", () => {
    expect(profilePictureDataUri("AAAA")).toBe("data:image/jpeg;base64,AAAA");
  });

  it("states the limits the messages promise", () => {
    expect(PROFILE_PICTURE_LIMITS.maxBytes).toBe(5 * 1024 * 1024);
    expect(PROFILE_PICTURE_MESSAGES.tooLarge).toContain("5 MB");
    expect(PROFILE_PICTURE_LIMITS.maxPixels).toBe(36_000_000);
    expect(PROFILE_PICTURE_MESSAGES.tooManyPixels).toContain("36 megapixels");
  });
});
