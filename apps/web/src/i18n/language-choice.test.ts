import { afterEach, describe, expect, it } from "vitest";
import { chooseLanguage, initialLanguage, LANGUAGE_STORAGE_KEY, switchLanguage } from "./language-choice";
import { translate } from "./translate";

const loginTitle = { id: "login.title", message: "Member login" };
const contact = { id: "layout.footer.contact", message: "Contact {schemeName}" };

afterEach(async () => {
  await switchLanguage("en");
  window.localStorage.clear();
});

describe("initialLanguage", () => {
  it("keeps a choice made before in this browser", () => {
    expect(initialLanguage("af", ["zu-ZA", "en-US"])).toBe("af");
  });

  it("else takes the first of the browser's languages the portal offers, by its primary subtag", () => {
    expect(initialLanguage(null, ["fr-FR", "zu-ZA", "af"])).toBe("zu");
    expect(initialLanguage(null, ["AF-za"])).toBe("af");
  });

  it("else English, and never a language not offered (a stored one included)", () => {
    expect(initialLanguage(null, ["fr-FR", "pt"])).toBe("en");
    expect(initialLanguage("xx", [])).toBe("en");
    expect(initialLanguage("xh", ["xh-ZA"])).toBe("en");
  });
});

describe("switching language", () => {
  it("shows the catalogue's text without a reload, sets <html lang>, and keeps the choice", async () => {
    expect(translate(loginTitle)).toBe("Member login");
    expect(document.documentElement.lang).toBe("en-US");
    await chooseLanguage("zu");
    expect(translate(loginTitle)).toBe("Ukungena kwelungu");
    expect(translate(contact, { schemeName: "Meridian" })).toBe("Xhumana ne-Meridian");
    expect(document.documentElement.lang).toBe("zu");
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("zu");
    await chooseLanguage("en");
    expect(translate(loginTitle)).toBe("Member login");
    expect(document.documentElement.lang).toBe("en-US");
  });

  it("falls back to the English of a message the catalogue lacks", async () => {
    await switchLanguage("af");
    expect(translate({ id: "not.in.any.catalogue", message: "Only in English" })).toBe("Only in English");
  });
});
