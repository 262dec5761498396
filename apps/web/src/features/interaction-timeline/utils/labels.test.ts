import { QUERY_STATUS_LABELS } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { translate } from "../../../i18n/translate";
import { STATUS_LABELS } from "./labels";

describe("the timeline's status labels", () => {
  it("say each status in English as the domain does", () => {
    for (const [status, label] of Object.entries(QUERY_STATUS_LABELS)) {
      expect(translate(STATUS_LABELS[status as keyof typeof STATUS_LABELS])).toBe(label);
    }
  });
});
