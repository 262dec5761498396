import { describe, expect, it } from "vitest";
import * as limits from "./limits.js";

// Spec §9: business constants and limits.
describe("limits", () => {
  it("hold the spec's business constants", () => {
    expect(limits.MAX_ATTACHMENTS_TOTAL_BYTES).toBe(10_485_760);
    expect(limits.MAX_QUERY_DETAIL_LENGTH).toBe(20000);
    expect(limits.EMAIL_MAX_LENGTH).toBe(254);
    expect(limits.EMAIL_LOCAL_PART_MAX_LENGTH).toBe(64);
    expect(limits.OPEN_QUERIES_DAYS_AGO).toBe(7);
    expect(limits.QUERY_STATUS_OPEN).toBe("OPEN");
    expect(limits.QUERY_STATUSES).toEqual(["OPEN", "CLOSED"]);
    expect(limits.MEDXPRESS_PRODUCT).toBe("Health");
    expect(limits.OUTDATED_QUERY_EXCEPTION_CODE).toBe("0015");
    expect(limits.DATE_FORMAT).toBe("yyyy-MM-dd");
    expect(limits.TIMELINE_DELAY_HOURS).toBe(24);
  });

  it("hold the spec's protocol constants", () => {
    expect(limits.GATEWAY_PATH).toBe("/wsg/rest");
    expect(limits.PORTAL_PING_PATH).toBe("/portal/wlxapp/Ping.srv");
    expect(limits.AUTH_SCHEMA_VERSION).toBe(1);
    expect(limits.PORTAL_ID_COOKIE).toBe("PORTALID");
    expect(limits.PORTAL_ID_COOKIE_VALUE).toBe("WSGPORTAL");
    expect(limits.XSRF_COOKIE).toBe("XSRF-TOKEN");
    expect(limits.XSRF_HEADER).toBe("X-XSRF-TOKEN");
    expect(limits.INTERACTION_TIMELINE_PATH).toBe("/portal/medical-aid/interaction-timeline");
  });

  it("hold the spec's UI constants", () => {
    expect(limits.COOKIE_SIZE_WARNING_BYTES).toBe(4096);
    expect(limits.MODAL_BACKDROP_Z_INDEX).toBe(1050);
    expect(limits.BLOCK_UI_Z_INDEX).toBe(30000);
    expect(limits.DEFAULT_BLOCK_UI_NAME).toBe("block-ui-main");
    expect(limits.DEFAULT_BLOCK_UI_DELAY_MS).toBe(0);
    expect(limits.DEFAULT_LOCALE).toBe("en-US");
  });
});
