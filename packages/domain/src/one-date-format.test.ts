import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as domain from "./index.js";

// One date format wherever members and staff see a date (decision 0035): yyyy-MM-dd, and an
// instant with its time as yyyy-MM-dd HH:mm in the scheme's zone. The formatters live in dates.ts;
// these tests fail when a second way of writing a date comes back.

const SAST = "Africa/Johannesburg";
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

describe("the one date format", () => {
  it("writes a calendar date as yyyy-MM-dd", () => {
    expect(domain.formatDate("2026-11-24")).toBe("2026-11-24");
    expect(domain.formatDateIn(SAST, "2026-11-24")).toBe("2026-11-24");
    expect(domain.formatDateIn(SAST, new Date("2026-11-24T08:00:00Z"))).toBe("2026-11-24");
  });

  it("writes an instant as yyyy-MM-dd HH:mm, 24-hour, in the zone asked for", () => {
    expect(domain.formatDateTimeIn(SAST, new Date("2026-11-24T12:35:00Z"))).toBe("2026-11-24 14:35");
    expect(domain.formatDateTimeIn(SAST, "2026-11-24T12:35:00.000Z")).toBe("2026-11-24 14:35");
    expect(domain.formatDateTimeIn("UTC", "2026-11-24T12:35:00.000Z")).toBe("2026-11-24 12:35");
  });

  it("puts an instant near midnight on the day of the scheme's zone, not of UTC", () => {
    // 21:59 UTC is 23:59 in Johannesburg; 22:00 UTC is midnight there, the next day.
    expect(domain.formatDateTimeIn(SAST, "2026-11-23T21:59:00Z")).toBe("2026-11-23 23:59");
    expect(domain.formatDateTimeIn(SAST, "2026-11-23T22:00:00Z")).toBe("2026-11-24 00:00");
    expect(domain.formatDateIn(SAST, "2026-11-23T22:00:00Z")).toBe("2026-11-24");
    expect(domain.formatDateTimeIn("UTC", "2026-11-23T22:00:00Z")).toBe("2026-11-23 22:00");
    // The last minute of a year.
    expect(domain.formatDateTimeIn(SAST, "2026-12-31T21:59:00Z")).toBe("2026-12-31 23:59");
    expect(domain.formatDateTimeIn(SAST, "2026-12-31T22:00:00Z")).toBe("2027-01-01 00:00");
  });

  it("refuses a bare calendar date where an instant is meant, and what is no date", () => {
    expect(() => domain.formatDateTimeIn(SAST, "2026-11-24")).toThrow(RangeError);
    expect(() => domain.formatDateTimeIn(SAST, "soon")).toThrow(RangeError);
    expect(() => domain.formatDateTimeIn(SAST, new Date(Number.NaN))).toThrow(RangeError);
  });

  it("gives the same shape for any instant", () => {
    for (let day = 0; day < 400; day += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1) + day * domain.DAY_MS + day * 3_600_000);
      expect(domain.formatDateIn(SAST, instant)).toMatch(DATE);
      expect(domain.formatDateTimeIn(SAST, instant)).toMatch(DATE_TIME);
    }
  });

  it("has one formatter per need, all in dates.ts", () => {
    const formatters = Object.keys(domain)
      .filter((name) => name.startsWith("format"))
      .sort();
    // formatFileSize writes a size, not a date.
    expect(formatters).toEqual([
      "formatDate",
      "formatDateIn",
      "formatDateTimeIn",
      "formatFileSize",
      "formatTimeIn",
    ]);
  });
});

// --- No second format in the code ----------------------------------------------------------------

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SOURCES = ["apps/web/src", "apps/server/src", "packages/domain/src"];

/** Files allowed a pattern, each with its reason; the list only shrinks. */
const ALLOWED: Record<string, string> = {
  // The one place dates and times are written.
  "packages/domain/src/dates.ts": "the formatters themselves",
  // Reads the hour and weekday of an instant in the scheme's zone to count business minutes; shows nothing.
  "packages/domain/src/business-hours.ts": "wall-clock parts for counting, not for showing",
  // "Please try again after 14:35": a time within the hour, no date.
  "apps/server/src/modules/members/member-limits.ts": "a time of day only",
  // Works out a zone's offset for the demo data; shows nothing.
  "apps/server/src/demo/reports-demo.ts": "a zone's offset, not shown",
};

const SECOND_FORMATS: { name: string; pattern: RegExp }[] = [
  { name: "toLocaleDateString", pattern: /\.toLocaleDateString\(/ },
  { name: "toLocaleTimeString", pattern: /\.toLocaleTimeString\(/ },
  {
    name: "toLocaleString with date options",
    pattern: /\.toLocaleString\([^)]*(timeZone|weekday|month|year|hour)/,
  },
  { name: "Intl.DateTimeFormat", pattern: /Intl\.DateTimeFormat\(/ },
  {
    name: "weekday names",
    pattern: /["'](Mon|Tue|Wed|Thu|Fri|Sat|Sun)["']\s*,\s*["'](Mon|Tue|Wed|Thu|Fri|Sat|Sun)["']/,
  },
  {
    name: "month names",
    pattern: /["'](Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)["']\s*,\s*["'][A-Z][a-z]{2}["']/,
  },
  { name: "a date library", pattern: /from ["'](date-fns|dayjs|moment|luxon)/ },
  {
    name: "a day and a time joined by hand (formatDateTimeIn)",
    pattern: /formatDateIn\([^`]*\)\} \$\{formatTimeIn\(/,
  },
];

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

describe("no second date format", () => {
  it("finds no other way of writing a date in the web app, the server or the domain", () => {
    const offences: string[] = [];
    for (const folder of SOURCES) {
      for (const file of sourceFiles(join(ROOT, folder))) {
        const path = relative(ROOT, file).split("\\").join("/");
        if (path in ALLOWED) continue;
        const text = readFileSync(file, "utf8");
        for (const { name, pattern } of SECOND_FORMATS)
          if (pattern.test(text)) offences.push(`${path}: ${name}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it("still recognises each pattern", () => {
    const samples = [
      "d.toLocaleDateString('en-ZA')",
      "d.toLocaleTimeString()",
      'd.toLocaleString("en-ZA", { month: "short" })',
      "new Intl.DateTimeFormat('en')",
      'const W = ["Sun", "Mon"]',
      'const M = ["Jan", "Feb"]',
      'import { format } from "date-fns"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
      "`${formatDateIn(zone, at)} ${formatTimeIn(zone, at)}`",
    ];
    SECOND_FORMATS.forEach(({ pattern }, index) => {
      expect(pattern.test(samples[index] ?? "")).toBe(true);
    });
    expect(SECOND_FORMATS[2]?.pattern.test('n.toLocaleString("en-ZA")')).toBe(false);
  });
});
