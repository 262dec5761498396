import { describe, expect, it } from "vitest";
import { base64ToBlob } from "./base64-to-blob";

describe("base64ToBlob", () => {
  it("decodes every byte, ignoring line breaks, and keeps the type", async () => {
    const bytes = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);
    const base64 = btoa(String.fromCharCode(...bytes));
    const blob = base64ToBlob(`${base64.slice(0, 4)}\r\n${base64.slice(4)}\n`, "application/pdf");
    expect(blob.type).toBe("application/pdf");
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it("throws on text that is not base64", () => {
    expect(() => base64ToBlob("not base64!", "application/pdf")).toThrow();
  });
});
