import {
  CONSOLE_BASE,
  linkUnmatchedMailResponseSchema,
  type UnmatchedMailSummary,
  unmatchedMailResponseSchema,
  unmatchedMailsResponseSchema,
} from "@portal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { contractJson, errorJson } from "../../../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../../../testing/msw-server";
import { renderConsole } from "../../testing/render-console";

const BASE = `${CONSOLE_BASE}/unmatched-mails`;

const mail = (overrides: Partial<UnmatchedMailSummary> = {}): UnmatchedMailSummary => ({
  id: 12,
  receivedAt: "2026-11-24T08:15:00.000Z",
  sentAt: "2026-11-24T08:14:00.000Z",
  from: "someone@elsewhere.example",
  subject: "Re: We have received your query",
  reason: "UNKNOWN_SENDER",
  conversationReferenceNumber: 300123,
  member: { entityNumber: 41, firstName: "Zanele", lastName: "Khumalo" },
  sizeBytes: 2048,
  ...overrides,
});

function listHandler(
  pages: Record<string, UnmatchedMailSummary[]>,
  next: Record<string, number | null> = {},
) {
  return http.get(BASE, ({ request }) => {
    const before = new URL(request.url).searchParams.get("before") ?? "";
    return contractJson(unmatchedMailsResponseSchema, {
      mails: pages[before] ?? [],
      nextCursor: next[before] ?? null,
    });
  });
}

function openHandler(text: string) {
  return http.get(`${BASE}/:mailId`, () =>
    contractJson(unmatchedMailResponseSchema, {
      ...mail(),
      to: ["support+c300123-abc@scheme.example"],
      text,
      files: ["statement.pdf"],
    }),
  );
}

describe("unmatched mail", () => {
  it("lists the mails a page at a time, each opened by its subject", async () => {
    server.use(
      listHandler(
        {
          "": [mail()],
          "12": [
            mail({
              id: 5,
              subject: "",
              reason: "AUTO_REPLY",
              member: null,
              conversationReferenceNumber: null,
            }),
          ],
        },
        { "": 12 },
      ),
    );
    const user = userEvent.setup();
    renderConsole("/console/unmatched-mail");
    expect(screen.getByRole("heading", { level: 1, name: "Unmatched mail" })).toHaveFocus();
    const table = await screen.findByRole("table", { name: "Unmatched mails, newest first" });
    const row = within(table)
      .getByRole("rowheader", { name: "Re: We have received your query" })
      .closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("someone@elsewhere.example");
    expect(row).toHaveTextContent("Sender not known for the query");
    expect(row).toHaveTextContent("Query 300123, Zanele Khumalo");
    expect(row).toHaveTextContent("2.0 kB");
    expect(within(row).getByRole("link")).toHaveAttribute("href", "/console/unmatched-mail/12");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(table).findByRole("rowheader", { name: "(no subject)" })).toBeInTheDocument();
    expect(screen.getByText("Automatic reply")).toBeInTheDocument();
  });

  it("shows a mail's text as text, refuses a number that is not one, and links it to a query", async () => {
    server.use(openHandler("Hello <img src=x onerror=alert(1)>\nsecond line\n\nNext paragraph"));
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/:mailId/link`, async ({ request }) => {
        bodies.push(await request.json());
        return contractJson(linkUnmatchedMailResponseSchema, { outcome: "UPDATE", referenceNumber: 300130 });
      }),
    );
    const user = userEvent.setup();
    renderConsole("/console/unmatched-mail/12");
    expect(await screen.findByText(/Hello <img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText("Next paragraph")).toBeInTheDocument();
    expect(screen.getByText("statement.pdf")).toBeInTheDocument();
    const number = screen.getByRole("textbox", { name: "Query reference number" });
    await user.type(number, "12a");
    await user.click(screen.getByRole("button", { name: "Add to query" }));
    expect(number).toHaveAccessibleDescription("Enter the query's reference number: digits only.");
    expect(bodies).toEqual([]);
    await user.clear(number);
    await user.type(number, "300123");
    await user.click(screen.getByRole("button", { name: "Add to query" }));
    expect(await screen.findByText(/Added to the query as update 300130/)).toBeInTheDocument();
    expect(bodies).toEqual([{ conversationReferenceNumber: 300123 }]);
    expect(screen.getByRole("link", { name: "Open query 300130" })).toHaveAttribute(
      "href",
      "/console/queries/300130",
    );
  });

  it("links to a member, says why a link failed, and discards only after a confirmation", async () => {
    server.use(openHandler("A question."));
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/:mailId/link`, async ({ request }) => {
        bodies.push(await request.json());
        return errorJson(404, "NOT_FOUND", "The requested resource was not found.");
      }),
      http.post(`${BASE}/:mailId/discard`, () => new HttpResponse(null, { status: 204 })),
    );
    const sent = recordRequests();
    const user = userEvent.setup();
    renderConsole("/console/unmatched-mail/12");
    await screen.findByText("A question.");
    await user.click(screen.getByRole("radio", { name: "A member (a new query)" }));
    await user.type(screen.getByRole("textbox", { name: "Member entity number" }), "41");
    await user.click(screen.getByRole("button", { name: "Add to member" }));
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(bodies).toEqual([{ memberEntityNumber: 41 }]);
    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(sentKeys(sent).filter((key) => key.includes("discard"))).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Discard this mail" }));
    expect(await screen.findByText("The mail was discarded.")).toBeInTheDocument();
    expect(sentKeys(sent).filter((key) => key.includes("discard"))).toHaveLength(1);
  });

  it("shows a mail refused as too large with its size, and offers only to discard it", async () => {
    server.use(
      http.get(`${BASE}/:mailId`, () =>
        contractJson(unmatchedMailResponseSchema, {
          ...mail({
            reason: "TOO_LARGE",
            sizeBytes: 70 * 1024 * 1024,
            member: null,
            conversationReferenceNumber: null,
          }),
          to: [],
          text: "",
          files: [],
        }),
      ),
    );
    renderConsole("/console/unmatched-mail/12");
    expect(await screen.findByText("70.0 MB")).toBeInTheDocument();
    expect(
      screen.getByText("Too large to read (only its sender, subject and size kept)"),
    ).toBeInTheDocument();
    expect(screen.getByText(/moved to the support mailbox's Refused folder/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add to query" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Text" })).toBeNull();
    expect(screen.getByRole("button", { name: "Discard" })).toBeInTheDocument();
  });
});
