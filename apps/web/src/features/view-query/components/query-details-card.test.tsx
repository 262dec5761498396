import type { QueryView } from "@portal/domain";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubViewportWidth } from "../../../testing/viewport";
import { QueryDetailsCard } from "./query-details-card";

const query = {
  referenceNumber: 300001,
  category: "MEDICAL_CLAIMS",
  queryDetail: "My claim for the specialist visit was only paid in part.",
  dateLogged: "2026-11-22T08:00:00.000Z",
  replyExpectedBy: null,
} as unknown as QueryView;

describe("QueryDetailsCard", () => {
  it("is a table on a wide screen", () => {
    stubViewportWidth(1280);
    render(<QueryDetailsCard query={query} replyStatus={{ kind: "AWAITING" }} />);
    expect(screen.getByRole("columnheader", { name: "Query details" })).toBeVisible();
    expect(screen.getByRole("cell", { name: query.queryDetail })).toBeVisible();
  });

  it("lists the values one under another on a phone, with no table", () => {
    stubViewportWidth(390);
    render(<QueryDetailsCard query={query} replyStatus={{ kind: "AWAITING" }} />);
    expect(screen.queryByRole("table")).toBeNull();
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    expect(terms).toEqual(["Category", "Query details", "Date"]);
    expect(screen.getByText(query.queryDetail)).toBeVisible();
    expect(screen.getByText("Medical claims")).toBeVisible();
  });

  it("says when the query was answered instead of a due date that no longer matters", () => {
    stubViewportWidth(1280);
    render(
      <QueryDetailsCard
        query={
          { ...query, replyExpectedBy: "2026-11-24", repliedAt: "2026-11-23T09:00:00.000Z" } as QueryView
        }
        replyStatus={{ kind: "REPLIED", on: "2026-11-23T09:00:00.000Z" }}
      />,
    );
    expect(screen.getByText("Replied on 2026-11-23")).toBeVisible();
    expect(screen.queryByText(/Reply expected by/)).toBeNull();
  });
});
