import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

/** Debian's Chromium: Lighthouse never downloads a browser of its own. */
const CHROMIUM = "/usr/bin/chromium";

const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The scores a page must reach (requirements §10.16): performance and accessibility, 0 to 1. */
export const LIGHTHOUSE_BUDGET = { performance: 0.95, accessibility: 1 } as const;

/**
 * Lighthouse's performance and accessibility scores (0 to 1) of the two screens a member meets
 * first, on its default (mobile) settings with simulated throttling: the login screen for someone
 * not logged in, and contact-us for a logged-in member, whose session cookie (`cookieHeader`, as a
 * `Cookie` request header) Lighthouse sends with every request. The routes are those of the web
 * app's router (apps/web/src/config/paths.ts). Each page gets a fresh Chromium profile, so the
 * login screen is measured logged out; a page that ends elsewhere (contact-us sent to the login
 * screen by a refused cookie) is an error, not a score.
 */
export async function lighthouseScores(
  baseUrl: string,
  cookieHeader: string,
): Promise<Array<{ page: string; performance: number; accessibility: number }>> {
  const pages = [
    { page: "#/login", headers: undefined },
    { page: "#/contact-us/default", headers: { Cookie: cookieHeader } },
  ];
  const scores: Array<{ page: string; performance: number; accessibility: number }> = [];
  for (const { page, headers } of pages) {
    scores.push({ page, ...(await scoresOf(`${baseUrl}/${page}`, page, headers)) });
  }
  return scores;
}

/** Lighthouse now and then fails to record a page load (NO_NAVSTART and the like): tried again, twice. */
const ATTEMPTS = 3;

async function scoresOf(
  url: string,
  page: string,
  headers: Record<string, string> | undefined,
): Promise<{ performance: number; accessibility: number }> {
  for (let attempt = 1; ; attempt += 1) {
    // A browser of its own per run: Lighthouse keeps cookies between runs in one browser, and a
    // cookie the portal set in one run would log the next page in or out.
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: headers ?? null,
      });
      const lhr = result?.lhr;
      const performance = lhr?.categories.performance?.score;
      const accessibility = lhr?.categories.accessibility?.score;
      if (lhr === undefined || typeof performance !== "number" || typeof accessibility !== "number") {
        const reason = lhr?.runtimeError?.message ?? "no result";
        if (attempt < ATTEMPTS) continue;
        throw new Error(`Lighthouse gave no scores for ${page} in ${ATTEMPTS} attempts: ${reason}`);
      }
      // Measuring the login screen in contact-us's place (a refused cookie) would pass unnoticed.
      const landed = new URL(lhr.finalDisplayedUrl).hash;
      if (landed !== page) throw new Error(`Lighthouse measured ${landed} instead of ${page}`);
      return { performance, accessibility };
    } finally {
      chrome.kill();
    }
  }
}
