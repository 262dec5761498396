import { ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { OPEN_QUERIES_PATH, openQueriesHandler } from "../features/open-queries/testing/handlers";
import { contentFragmentHandlers } from "../testing/content-handlers";
import { MEMBER_DETAILS_PATH, memberDetailsHandler } from "../testing/member-details-handlers";
import { recordRequests, sentKeys, server } from "../testing/msw-server";
import { createTestQueryClient, testConfig } from "../testing/test-utils";
import { prefetchScreens, preloadScreens, screensPrefetch } from "./router";

// main.tsx asks for all the first screen needs at once (its chunk, and for a member page the calls
// it shows first), so that it renders whole; these are the parts that know what each address needs.

describe("what the first screen needs", () => {
  it("only member pages with calls of their own wait for them", () => {
    expect(screensPrefetch("/contact-us/default")).toBe(true);
    expect(screensPrefetch("/contact-us/medxpress")).toBe(true);
    expect(screensPrefetch("/login")).toBe(false);
    expect(screensPrefetch("/login?redirectTo=%2Fcontact-us%2Fdefault")).toBe(false);
    expect(screensPrefetch("/register")).toBe(false);
  });

  it("contact-us asks for the open queries, the member's details and the e-mail tooltip at once", async () => {
    server.use(openQueriesHandler(), memberDetailsHandler(), ...contentFragmentHandlers());
    const sent = recordRequests();
    const queryClient = createTestQueryClient();
    await prefetchScreens("/contact-us/default", { queryClient, config: testConfig });
    const paths = sentKeys(sent).map((key) => key.split("?")[0]);
    expect(paths.sort()).toEqual(
      [
        `GET ${OPEN_QUERIES_PATH}`,
        `GET ${MEMBER_DETAILS_PATH}`,
        `GET /site/preview${ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT}`,
      ].sort(),
    );
    expect(queryClient.getQueryCache().findAll({ queryKey: ["open-queries"] })[0]?.state.status).toBe(
      "success",
    );
  });

  it("contact-us for medxpress lists no open queries and has no tooltip: only the member's details", async () => {
    server.use(memberDetailsHandler());
    const sent = recordRequests();
    await prefetchScreens("/contact-us/medxpress", {
      queryClient: createTestQueryClient(),
      config: testConfig,
    });
    expect(sentKeys(sent).map((key) => key.split("?")[0])).toEqual([`GET ${MEMBER_DETAILS_PATH}`]);
  });

  it("a failed call does not fail the wait: the page shows the failure", async () => {
    const queryClient = createTestQueryClient();
    // Nothing answers: every call gets the test server's 404.
    await expect(
      prefetchScreens("/contact-us/default", { queryClient, config: testConfig }),
    ).resolves.toBeUndefined();
    expect(queryClient.getQueryCache().findAll({ queryKey: ["open-queries"] })[0]?.state.status).toBe(
      "error",
    );
  });

  it("downloads the chunk of the screen an address shows, and settles", async () => {
    await expect(preloadScreens("/register")).resolves.toBeUndefined();
    await expect(preloadScreens("/login")).resolves.toBeUndefined();
  });
});
