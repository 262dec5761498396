import { afterEach, describe, expect, it } from "vitest";
import { testConfig } from "../testing/test-utils";
import { checkAppConfig } from "./app-config";
import { formatSchemeDate, formatSchemeDateTime, setSchemeTimeZone } from "./scheme-time-zone";

// 00:25 on 25 March in Johannesburg: 22:25 on the 24th in UTC.
const justAfterMidnight = "2027-03-24T22:25:00.000Z";

describe("dates in the scheme's time zone", () => {
  afterEach(() => setSchemeTimeZone("Africa/Johannesburg"));

  it("shows an instant's day and time in the zone /app-config.json gives, not the browser's", () => {
    setSchemeTimeZone("Africa/Johannesburg");
    expect(formatSchemeDate(justAfterMidnight)).toBe("2027-03-25");
    expect(formatSchemeDateTime(justAfterMidnight)).toBe("2027-03-25 00:25");
    setSchemeTimeZone("UTC");
    expect(formatSchemeDate(justAfterMidnight)).toBe("2027-03-24");
    expect(formatSchemeDateTime(justAfterMidnight)).toBe("2027-03-24 22:25");
  });

  it("keeps a date of birth the day it names", () => {
    setSchemeTimeZone("Pacific/Kiritimati");
    expect(formatSchemeDate("1980-02-29")).toBe("1980-02-29");
  });

  it("takes the zone from the config, the scheme's default when none is sent, and refuses an unknown one", () => {
    const { timeZone: _sent, ...withoutZone } = testConfig;
    expect(checkAppConfig(withoutZone).timeZone).toBe("Africa/Johannesburg");
    expect(checkAppConfig({ ...testConfig, timeZone: "UTC" }).timeZone).toBe("UTC");
    expect(() => checkAppConfig({ ...testConfig, timeZone: "Mars/Olympus_Mons" })).toThrow(
      "/app-config.json: wrong or missing timeZone",
    );
  });
});
