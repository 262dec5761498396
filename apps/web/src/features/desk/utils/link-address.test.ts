import { describe, expect, it } from "vitest";
import { replyLinkAddress } from "./link-address";

describe("replyLinkAddress", () => {
  it("takes web and mail addresses as they are typed, trimmed", () => {
    expect(replyLinkAddress(" https://www.example.com/benefits ")).toBe("https://www.example.com/benefits");
    expect(replyLinkAddress("http://example.com")).toBe("http://example.com");
    expect(replyLinkAddress("mailto:help@example.com")).toBe("mailto:help@example.com");
  });

  it("reads www. as a web address", () => {
    expect(replyLinkAddress("www.example.com/benefits")).toBe("https://www.example.com/benefits");
    expect(replyLinkAddress("WWW.example.com")).toBe("https://WWW.example.com");
  });

  it("refuses other schemes, addresses without one, and what is no address at all", () => {
    for (const typed of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://example.com/file",
      "example.com",
      "/relative/path",
      "https://",
      "",
      "   ",
    ]) {
      expect(replyLinkAddress(typed), typed).toBeNull();
    }
  });
});
