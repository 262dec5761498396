import fs from "node:fs";
import path from "node:path";
import { type Brand, brandSchema, DEFAULT_BRAND } from "@portal/domain";

// The scheme's brand (BRAND_FILE): a JSON file checked against brandSchema at start, so a scheme
// runs the portal under its own name, logo, colours and numbers without editing the source. The
// example is docs/examples/brand.json, which is also the brand without BRAND_FILE (Meridian).

/** Generous for a brand whose logo is at its 48 KB limit; anything larger is not a brand file. */
const MAX_BRAND_FILE_BYTES = 256 * 1024;

export type BrandFileResult =
  | { brand: Brand; problems?: undefined }
  | { brand?: undefined; problems: string[] };

/** The brand in `file` (relative to the working directory), or what is wrong with it, field by field. */
export function readBrandFile(file: string | undefined): BrandFileResult {
  if (file === undefined) return { brand: DEFAULT_BRAND };
  const where = path.resolve(file);
  let text: string;
  try {
    const size = fs.statSync(where).size;
    if (size > MAX_BRAND_FILE_BYTES) {
      return { problems: [`${where} is ${size} bytes, more than a brand file's ${MAX_BRAND_FILE_BYTES}`] };
    }
    text = fs.readFileSync(where, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    return { problems: [`${where} cannot be read (${code})`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`${where} is not JSON: ${(error as Error).message}`] };
  }
  const parsed = brandSchema.safeParse(json);
  if (parsed.success) return { brand: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => {
      const field = issue.path.join(".");
      return `${where}: ${field === "" ? "" : `${field}: `}${issue.message}`;
    }),
  };
}
