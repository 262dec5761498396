import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_BRAND } from "@portal/domain";
import { afterAll, describe, expect, it } from "vitest";
import { SECOND_BRAND_FILE } from "../../test-support/second-brand.js";
import { ConfigError, loadConfig } from "./env.js";

// BRAND_FILE: the scheme's brand, read and checked with the rest of the configuration at start.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portal-brand-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function brandFile(name: string, content: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, content);
  return file;
}

/** The message loadConfig stops with. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("loadConfig accepted it");
}

describe("BRAND_FILE", () => {
  it("unset: the example Meridian brand, whose sender name mails come from", () => {
    const config = loadConfig({});
    expect(config.brand).toStrictEqual(DEFAULT_BRAND);
    expect(config.MAIL_FROM).toBe("Meridian Health <no-reply@localhost>");
  });

  it("the example file runs the portal exactly as no file does", () => {
    const example = path.resolve(import.meta.dirname, "../../../../docs/examples/brand.json");
    expect(loadConfig({ BRAND_FILE: example }).brand).toStrictEqual(DEFAULT_BRAND);
  });

  it("reads another scheme's brand; its sender name unless MAIL_FROM is set", () => {
    const config = loadConfig({ BRAND_FILE: SECOND_BRAND_FILE });
    expect(config.brand.name).toBe("Kestrel Care Medical Fund");
    expect(config.brand.contactLines[0]?.number).toBe("0861 535 378");
    expect(config.MAIL_FROM).toBe("Kestrel Care <no-reply@localhost>");
    const given = loadConfig({ BRAND_FILE: SECOND_BRAND_FILE, MAIL_FROM: "Portal <portal@kestrel.example>" });
    expect(given.MAIL_FROM).toBe("Portal <portal@kestrel.example>");
  });

  it("stops start-up naming the file and each bad field", () => {
    const brand = JSON.parse(fs.readFileSync(SECOND_BRAND_FILE, "utf8"));
    const bad = brandFile(
      "bad.json",
      JSON.stringify({ ...brand, name: "", colours: { ...brand.colours, primary: "purple" } }),
    );
    expect(refusal({ BRAND_FILE: bad })).toBe(
      [
        "Invalid configuration:",
        `  BRAND_FILE: ${bad}: name: must not be empty`,
        `  BRAND_FILE: ${bad}: colours.primary: must be a colour written #rrggbb, such as #0e5e6f`,
      ].join("\n"),
    );
  });

  it("stops start-up on a file that is missing or not JSON", () => {
    const missing = path.join(scratch, "missing.json");
    expect(refusal({ BRAND_FILE: missing })).toBe(
      `Invalid configuration:\n  BRAND_FILE: ${missing} cannot be read (ENOENT)`,
    );
    const notJson = brandFile("not.json", "{ name: Kestrel }");
    expect(refusal({ BRAND_FILE: notJson })).toMatch(
      new RegExp(`^Invalid configuration:\\n  BRAND_FILE: ${notJson.replaceAll(".", "\\.")} is not JSON: `),
    );
  });
});
