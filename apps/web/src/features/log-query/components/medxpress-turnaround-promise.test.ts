/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  MEDXPRESS_TURNAROUND_FRAGMENT,
  MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT,
  REPLY_PROMISES,
} from "@portal/domain";
import { describe, expect, it } from "vitest";

// The MedXpress success message is a content fragment, which the web tests otherwise stub. A member
// must meet one promise for a new query: the card's 1 to 2 days, the business days the server's
// acknowledgement mail and reply due date count for every new query, whatever its channel, and the
// default origin's success sentence. So the fragments are read here as they are published.
const CONTENT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../../../content");
const published = (path: string) => readFileSync(join(CONTENT, path), "utf8").replace(/\s+/g, " ");

/** "one to two business days", from REPLY_PROMISES.newQuery. */
const NEW_QUERY_PROMISE = /within ([^.]+)\./.exec(REPLY_PROMISES.newQuery)?.[1] ?? "";

describe("the MedXpress turnaround fragments", () => {
  it("take the new-query promise from the reply promises", () => {
    expect(NEW_QUERY_PROMISE).toBe("one to two business days");
  });

  it.each([MEDXPRESS_TURNAROUND_FRAGMENT, MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT])(
    "%s promises a reply within one to two business days, and no other time",
    (path) => {
      const text = published(path);
      expect(text).toContain(`within ${NEW_QUERY_PROMISE}.`);
      expect(text.match(/within [^.]*days?/g)).toEqual([`within ${NEW_QUERY_PROMISE}`]);
    },
  );
});
