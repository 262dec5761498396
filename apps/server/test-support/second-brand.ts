import path from "node:path";

/** Another scheme's brand file: the tests and the look test (e2e/brand.spec.ts) run the portal under it. */
export const SECOND_BRAND_FILE = path.resolve(import.meta.dirname, "../../../e2e/fixtures/second-brand.json");
