import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bootstrapCss, rootVariables, ruleValue } from "../../../testing/compiled-styles";
import { QueryAttachments } from "./query-attachments";

const rem = (value: string) => {
  const match = /^([\d.]+)rem/.exec(value);
  if (!match) throw new Error(`not in rem: ${value}`);
  return Number(match[1]) * 16;
};

describe("QueryAttachments", () => {
  it("makes each attachment link at least 24 px tall (WCAG 2.5.8): a block with py-2 around a line of text", async () => {
    render(
      <QueryAttachments
        attachments={[
          { attachmentId: 41, fileName: "invoice.pdf" },
          { attachmentId: 42, fileName: "receipt.png" },
        ]}
        hrefFor={(id) => `/files/${id}`}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "View attachments" }));
    const link = screen.getByRole("link", { name: /invoice\.pdf/ });
    expect(link).toHaveAttribute("href", "/files/41");
    expect(link).toHaveClass("d-inline-block", "py-2");
    const css = bootstrapCss();
    expect(ruleValue(css, ".d-inline-block", "display")).toBe("inline-block !important");
    const padding = rem(ruleValue(css, ".py-2", "padding-top"));
    expect(rem(ruleValue(css, ".py-2", "padding-bottom"))).toBe(padding);
    const root = rootVariables();
    const line = rem(root.get("--bs-body-font-size") ?? "") * Number(root.get("--bs-body-line-height"));
    expect(line + 2 * padding).toBeGreaterThanOrEqual(24);
  });
});
