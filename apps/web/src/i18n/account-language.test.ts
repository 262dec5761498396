import type { MemberLanguage } from "@portal/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reconcileAccountLanguage } from "./account-language";
import { chooseLanguage, currentLanguage, LANGUAGE_STORAGE_KEY, switchLanguage } from "./language-choice";
import { setOfferedLanguages } from "./offered-languages";

// A module of its own state (the choice made on this page), so each case imports it afresh.
async function freshModules() {
  vi.resetModules();
  const choice = await import("./language-choice");
  const account = await import("./account-language");
  const offered = await import("./offered-languages");
  offered.setOfferedLanguages(["en", "zu", "af"]);
  return { ...choice, ...account };
}

describe("the language the member's account keeps", () => {
  beforeEach(() => {
    window.localStorage.clear();
    setOfferedLanguages(["en", "zu", "af"]);
  });
  afterEach(async () => switchLanguage("en"));

  it("is shown in a new browser, and kept in it, when the member chose none on the page", async () => {
    const { reconcileAccountLanguage, currentLanguage } = await freshModules();
    const keep = vi.fn(async (_language: MemberLanguage) => undefined);
    await reconcileAccountLanguage("zu", keep);
    expect(currentLanguage()).toBe("zu");
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("zu");
    expect(keep).not.toHaveBeenCalled();
  });

  it("gives way to a language the member chose on this page (on the login page): the account keeps that", async () => {
    const modules = await freshModules();
    await modules.chooseLanguage("af");
    const keep = vi.fn(async (_language: MemberLanguage) => undefined);
    await modules.reconcileAccountLanguage("zu", keep);
    expect(modules.currentLanguage()).toBe("af");
    expect(keep).toHaveBeenCalledWith("af");
  });

  it("is set from the language shown when the account has none and it is not English", async () => {
    const keep = vi.fn(async (_language: MemberLanguage) => undefined);
    await reconcileAccountLanguage(null, keep);
    expect(keep).not.toHaveBeenCalled(); // English, never chosen: nothing to keep
    await chooseLanguage("zu");
    await reconcileAccountLanguage(null, keep);
    expect(keep).toHaveBeenCalledWith("zu");
    expect(currentLanguage()).toBe("zu");
  });

  it("is not followed when this installation no longer offers it", async () => {
    const { reconcileAccountLanguage, currentLanguage } = await freshModules();
    const offered = await import("./offered-languages");
    offered.setOfferedLanguages(["en", "zu"]);
    const keep = vi.fn(async (_language: MemberLanguage) => undefined);
    await reconcileAccountLanguage("af", keep);
    expect(currentLanguage()).toBe("en");
    expect(keep).not.toHaveBeenCalled();
  });
});
