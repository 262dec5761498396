import { type AppConfig, appConfigSchema, type WebBrand } from "@portal/domain";
import fc from "fast-check";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { HttpError } from "../lib/http";
import { contractJson, errorJson } from "../testing/contract-json";
import { recordRequests, sentKeys, server } from "../testing/msw-server";
import { APP_CONFIG_URL, checkAppConfig, loadAppConfig } from "./app-config";

const line = { label: "Member care", number: "0861 535 378", dial: "+27861535378", hours: "Weekdays" };
const link = { label: "Privacy policy", href: "https://www.kestrel.example/privacy" };
const brand: WebBrand = {
  name: "Kestrel Care Medical Fund",
  shortName: "Kestrel Care",
  logo: null,
  colours: { primary: "#7a1f5c", ink: "#3b1f4a", inkText: "#ece4f2", accent: "#ffc857" },
  contactLines: [line],
  closedDays: "Closed on weekends.",
  footerLinks: [link],
  footerNote: "",
};

const served: AppConfig = {
  smartInquiryBase: "//api.example/smart-inquiry",
  memberDetailsBase: "/api/member-details",
  contentPreviewMarker: "qa-",
  authDomain: "memberportal",
  authClientId: "portal-web",
  brand,
  sessionIdleMinutes: 15,
  staffSignIn: true,
  timeZone: "Africa/Johannesburg",
  memberLanguages: ["en", "zu"],
};

function serve(answer: () => Response) {
  server.use(http.get(APP_CONFIG_URL, answer));
  return recordRequests();
}

describe("loadAppConfig", () => {
  it("loads /app-config.json", async () => {
    const sent = serve(() => contractJson(appConfigSchema, served));
    await expect(loadAppConfig()).resolves.toEqual(served);
    expect(sentKeys(sent)).toEqual(["GET /app-config.json"]);
  });

  it("fills in an absent preview marker", async () => {
    const { contentPreviewMarker: _marker, ...rest } = served;
    // The raw file as deployed, before the defaults are filled in.
    serve(() => HttpResponse.json(rest));
    await expect(loadAppConfig()).resolves.toMatchObject({ contentPreviewMarker: "" });
  });

  it("rejects a config without the scheme's brand", async () => {
    const { brand: _brand, ...rest } = served;
    serve(() => HttpResponse.json(rest));
    await expect(loadAppConfig()).rejects.toThrow(/brand/);
  });

  it("rejects a config without a base path", async () => {
    // A broken deployment, deliberately outside the contract: the app must refuse it.
    serve(() => HttpResponse.json({ ...served, smartInquiryBase: "" }));
    await expect(loadAppConfig()).rejects.toThrow(/smartInquiryBase/);
  });

  it("rejects when the server fails", async () => {
    serve(() => errorJson(500, "INTERNAL_ERROR"));
    await expect(loadAppConfig()).rejects.toBeInstanceOf(HttpError);
  });
});

/** A value a deployment might put in a field: right, wrong, or missing. */
const fieldValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.string(),
  fc.constantFrom(
    "",
    " ",
    "/api/x",
    "https://scheme.example",
    "http://a.example/b",
    "https://a b",
    "ftp://x",
  ),
  fc.constantFrom("https://x.example?y", "https://x.example#y", "https://"),
  fc.constantFrom("Africa/Johannesburg", "UTC", "Europe/London", "Mars/Olympus_Mons", "africa/johannesburg"),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1, 15, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2),
);

/** Values a brand's fields might hold: right or wrong for each, at and past each limit. */
const BRAND_VALUES: unknown[] = [
  undefined,
  null,
  "",
  " ",
  "\t \n",
  "Kestrel",
  0,
  true,
  ...["#0e5e6f", "#0E5E6F", "#0e5e6", "0e5e6f", "#0e5e6fa", "#0g5e6f", " #0e5e6f"],
  ...["+27860100247", "+0860100247", "0860 100 247", "+2786", "+278601002471234567"],
  ...["data:image/png;base64,iVBORw0KGgo=", "data:image/svg+xml;base64,PHN2Zy8+", "data:image/png;base64,"],
  ...["data:text/html;base64,PGI+", `data:image/png;base64,${"A".repeat(49_130)}`],
  `data:image/png;base64,${"A".repeat(49_200)}`,
  ...["https://x.example/p?a=1#b", "http://x", "https://", "mailto:x@y.example", "https://a b"],
  ...[30, 31, 40, 41, 60, 61, 100, 101, 120, 121, 200, 201, 300, 301].map((length) => "x".repeat(length)),
  ...[[], [line], Array(8).fill(line), Array(9).fill(line), [link], Array(6).fill(link), Array(7).fill(link)],
  ...[[null], ["x"], [{ ...line, extra: 1 }], {}, { ...brand.colours }, { ...line }, { ...link }],
];

/** What a brand's field might hold. */
const brandFieldValue = fc.oneof(fieldValue, fc.constantFrom(...BRAND_VALUES));

type Changes = Record<string, unknown>;

/** Brands that are right except, often, for a field or two, at any depth; and anything at all. */
const rawBrand = fc.oneof(
  fc
    .record({
      top: fc.dictionary(
        fc.constantFrom(...(Object.keys(brand) as (keyof WebBrand)[]), "extra"),
        brandFieldValue,
        { maxKeys: 2 },
      ),
      colours: fc.dictionary(
        fc.constantFrom("primary", "ink", "inkText", "accent", "extra"),
        brandFieldValue,
        {
          maxKeys: 2,
        },
      ),
      line: fc.dictionary(fc.constantFrom("label", "number", "dial", "hours", "extra"), brandFieldValue, {
        maxKeys: 2,
      }),
      link: fc.dictionary(fc.constantFrom("label", "href", "extra"), brandFieldValue, { maxKeys: 2 }),
    })
    .map(({ top, colours, line: lineChanges, link: linkChanges }: Record<string, Changes>) => ({
      ...brand,
      colours: { ...brand.colours, ...colours },
      contactLines: [{ ...line, ...lineChanges }, line],
      footerLinks: [{ ...link, ...linkChanges }],
      ...top,
    })),
  fc.anything(),
);

const FIELDS = [
  "smartInquiryBase",
  "memberDetailsBase",
  "contentPreviewMarker",
  "authDomain",
  "authClientId",
  "brand",
  "sessionIdleMinutes",
  "staffSignIn",
  "timeZone",
] as const;

/** Configs that are right except, often, for a field or two; and anything at all. */
const rawConfig = fc.oneof(
  fc
    .record({
      base: fc.constant<Record<string, unknown>>({ ...served }),
      changes: fc.dictionary(fc.constantFrom(...FIELDS, "extra"), fieldValue, { maxKeys: 3 }),
      brand: rawBrand,
    })
    .map(({ base, changes, brand: givenBrand }) => ({ ...base, brand: givenBrand, ...changes })),
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue),
  fc.anything(),
);

describe("checkAppConfig", () => {
  it("accepts and refuses what appConfigSchema does, with the same result", () => {
    fc.assert(
      fc.property(rawConfig, (raw) => {
        const parsed = appConfigSchema.safeParse(raw);
        let checked: { success: true; data: AppConfig } | { success: false };
        try {
          checked = { success: true, data: checkAppConfig(raw) };
        } catch {
          checked = { success: false };
        }
        expect(checked.success).toBe(parsed.success);
        if (parsed.success && checked.success) expect(checked.data).toStrictEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts and refuses a brand with any one field changed as webBrandSchema does", () => {
    const changed = (part: "brand" | "colours" | "line" | "link", field: string, value: unknown) => {
      const one = { [field]: value };
      if (part === "brand") return { ...brand, ...one };
      if (part === "colours") return { ...brand, colours: { ...brand.colours, ...one } };
      if (part === "line") return { ...brand, contactLines: [{ ...line, ...one }] };
      return { ...brand, footerLinks: [{ ...link, ...one }] };
    };
    const fields = {
      brand: [...Object.keys(brand), "extra"],
      colours: ["primary", "ink", "inkText", "accent"],
      line: ["label", "number", "dial", "hours"],
      link: ["label", "href"],
    } as const;
    for (const [part, names] of Object.entries(fields) as [keyof typeof fields, readonly string[]][]) {
      for (const field of names) {
        for (const value of BRAND_VALUES) {
          const raw = { ...served, brand: changed(part, field, value) };
          const parsed = appConfigSchema.safeParse(raw);
          let checked: AppConfig | undefined;
          try {
            checked = checkAppConfig(raw);
          } catch {
            checked = undefined;
          }
          const what = `${part}.${field} = ${JSON.stringify(value)?.slice(0, 40)}`;
          expect(checked !== undefined, what).toBe(parsed.success);
          if (parsed.success) expect(checked, what).toStrictEqual(parsed.data);
        }
      }
    }
  });

  it("names every wrong field", () => {
    expect(() => checkAppConfig({ ...served, authDomain: "", sessionIdleMinutes: 0 })).toThrow(
      "/app-config.json: wrong or missing authDomain, sessionIdleMinutes",
    );
    const badBrand = {
      ...brand,
      colours: { ...brand.colours, ink: "purple" },
      contactLines: [{ ...line, dial: "" }],
    };
    expect(() => checkAppConfig({ ...served, brand: badBrand })).toThrow(
      "/app-config.json: wrong or missing brand.colours.ink, brand.contactLines.0.dial",
    );
  });
});
