import type { MessageDescriptor } from "@lingui/core";
import {
  ADDRESS_TYPE_LABELS as DOMAIN_ADDRESS_TYPE_LABELS,
  PHONE_TYPE_LABELS as DOMAIN_PHONE_TYPE_LABELS,
  DEPENDENT_RELATIONSHIP_LABELS as DOMAIN_RELATIONSHIP_LABELS,
  WAITING_PERIOD_TYPE_LABELS as DOMAIN_WAITING_PERIOD_TYPE_LABELS,
} from "@portal/domain";
import { describe, expect, it } from "vitest";
import { translate } from "../../../i18n/translate";
import {
  ADDRESS_TYPE_LABELS,
  PHONE_TYPE_LABELS,
  RELATIONSHIP_LABELS,
  WAITING_PERIOD_TYPE_LABELS,
} from "./labels";

const inEnglish = (labels: Readonly<Record<string, MessageDescriptor>>) =>
  Object.fromEntries(Object.entries(labels).map(([code, label]) => [code, translate(label)]));

describe("My membership's words for the service's codes", () => {
  it("are the domain's in English, code for code", () => {
    expect(inEnglish(PHONE_TYPE_LABELS)).toEqual(DOMAIN_PHONE_TYPE_LABELS);
    expect(inEnglish(ADDRESS_TYPE_LABELS)).toEqual(DOMAIN_ADDRESS_TYPE_LABELS);
    expect(inEnglish(RELATIONSHIP_LABELS)).toEqual(DOMAIN_RELATIONSHIP_LABELS);
    expect(inEnglish(WAITING_PERIOD_TYPE_LABELS)).toEqual(DOMAIN_WAITING_PERIOD_TYPE_LABELS);
  });
});
