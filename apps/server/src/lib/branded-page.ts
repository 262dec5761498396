import { type Brand, escapeHtml } from "@portal/domain";

/**
 * A plain page the server itself answers with (not found, a staff sign-in that did not end in the
 * console): the brand's name (BRAND_FILE, escaped), a title and static paragraphs, which callers
 * write as trusted HTML; nothing from the request, no script and no inline style (CSP).
 */
export function brandedPage(
  brand: Pick<Brand, "name" | "shortName">,
  title: string,
  paragraphs: string[],
): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)} · ${escapeHtml(brand.shortName)}</title>
  </head>
  <body>
    <header>
      <p>${escapeHtml(brand.name)}</p>
    </header>
    <main>
      <h1>${escapeHtml(title)}</h1>
${paragraphs.map((paragraph) => `      <p>${paragraph}</p>`).join("\n")}
    </main>
  </body>
</html>
`;
}
