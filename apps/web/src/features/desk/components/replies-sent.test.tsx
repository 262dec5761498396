import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../testing/test-utils";
import { consoleQuery } from "../testing/handlers";
import { RepliesSent } from "./replies-sent";

const reply = consoleQuery.query.replies[0];
if (!reply) throw new Error("the test query has a reply");

describe("RepliesSent", () => {
  it("lists the files sent with a reply, each a link to download it", () => {
    renderWithProviders(
      <RepliesSent
        referenceNumber={300001}
        replies={[
          {
            ...reply,
            attachments: [
              { attachmentId: 51, fileName: "statement-corrected.pdf" },
              { attachmentId: 52, fileName: "tariff.docx" },
            ],
          },
        ]}
      />,
    );
    const sent = screen.getByRole("article");
    const files = within(sent).getByRole("list", { name: /^Files sent with the reply of 2026-11-21/ });
    expect(within(files).getByRole("link", { name: /statement-corrected\.pdf/ })).toHaveAttribute(
      "href",
      "/api/console/queries/300001/reply-attachments/51",
    );
    expect(within(files).getByRole("link", { name: /tariff\.docx/ })).toHaveAttribute(
      "href",
      "/api/console/queries/300001/reply-attachments/52",
    );
  });

  it("lists no files for a reply sent without any", () => {
    renderWithProviders(
      <RepliesSent
        referenceNumber={300001}
        replies={[
          { ...reply, attachments: [] },
          { ...reply, id: 9, attachments: [] },
        ]}
      />,
    );
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("list", { name: /^Files sent/ })).toBeNull();
  });
});
