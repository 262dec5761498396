import type { QueueResponse } from "@portal/domain";
import type { InfiniteData } from "@tanstack/react-query";
import { renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { consoleKeys } from "../../../api/console/console-keys";
import { DEFAULT_QUEUE_FILTERS, type QueueFilters } from "../../../lib/console/queue-address";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import { createTestQueryClient, TestProviders } from "../../../testing/test-utils";
import { queueKey } from "../api/get-queue";
import { consoleQueryHandler, queueHandler, queuePage, queueRow } from "../testing/handlers";
import { renderConsole } from "../testing/render-console";
import { nextConversationIn, useNextConversation } from "./next-conversation";

const pages = (...references: number[][]): InfiniteData<QueueResponse> => ({
  pages: references.map((page) => queuePage(page.map((referenceNumber) => queueRow({ referenceNumber })))),
  pageParams: references.map((_, index) => (index === 0 ? undefined : `cursor-${index}`)),
});

describe("the next conversation", () => {
  it("is the row after this one, across the pages loaded", () => {
    const data = pages([300001, 300004], [300009]);
    expect(nextConversationIn(data, 300001)).toBe(300004);
    expect(nextConversationIn(data, 300004)).toBe(300009);
    expect(nextConversationIn(data, 300009)).toBeNull();
  });

  it("is found by the newest message's reference too, and is the first row when this one is not listed", () => {
    const data: InfiniteData<QueueResponse> = {
      pages: [
        queuePage([
          queueRow({ referenceNumber: 300001, latestReferenceNumber: 300012 }),
          queueRow({ referenceNumber: 300004 }),
        ]),
      ],
      pageParams: [undefined],
    };
    expect(nextConversationIn(data, 300012)).toBe(300004);
    expect(nextConversationIn(data, 399999)).toBe(300001);
    expect(nextConversationIn(pages([300001]), 300001)).toBeNull();
    expect(nextConversationIn(undefined, 300001)).toBeNull();
  });

  it("comes from the queue last shown, with its filters, without asking the server", () => {
    const queryClient = createTestQueryClient();
    const shown: QueueFilters = { ...DEFAULT_QUEUE_FILTERS, assigned: "ME", sort: "-latest" };
    queryClient.setQueryData(queueKey(DEFAULT_QUEUE_FILTERS), pages([300001, 300002]));
    queryClient.setQueryData(queueKey(shown), pages([300004, 300001, 300007]));
    const sent = recordRequests();
    const hook = renderHook(() => useNextConversation(300001), {
      wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
    });
    // No queue shown yet: nothing to go on to.
    expect(hook.result.current).toBeNull();
    queryClient.setQueryData(consoleKeys.queueShown, shown);
    hook.rerender();
    expect(hook.result.current).toBe(300007);
    expect(sentKeys(sent)).toEqual([]);
  });

  it("is the row after the one opened from the queue page, filters and all", async () => {
    server.use(
      queueHandler({ "": queuePage([queueRow(), queueRow({ referenceNumber: 300004 })]) }),
      consoleQueryHandler(),
    );
    const { router, queryClient } = renderConsole("/console?assigned=ME");
    await screen.findByRole("table");
    await userEvent.setup().click(screen.getByRole("link", { name: "300001" }));
    await screen.findByRole("heading", { level: 2, name: "Thread" });
    expect(router.state.location.pathname).toBe("/console/queries/300001");
    const hook = renderHook(() => useNextConversation(300001), {
      wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
    });
    expect(hook.result.current).toBe(300004);
    // A reply makes every console answer stale; the queue seen is kept, not read again.
    const sent = recordRequests();
    await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    await waitFor(() => expect(sentKeys(sent)).toContain("GET /api/console/queries/300001"));
    expect(sentKeys(sent).filter((key) => key.startsWith("GET /api/console/queries?"))).toEqual([]);
    expect(hook.result.current).toBe(300004);
  });
});
