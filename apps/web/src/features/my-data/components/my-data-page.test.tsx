import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { accessHistoryHandler, currentExportHandler } from "../testing/handlers";
import { MyDataPage } from "./my-data-page";

describe("MyDataPage", () => {
  it("titles the page and shows its two sections, each under its own heading", async () => {
    server.use(accessHistoryHandler(), currentExportHandler({ export: null, nextAllowedAt: null }));
    renderWithProviders(<MyDataPage />, { route: "/my-data" });
    expect(screen.getByRole("heading", { level: 1, name: "My data" })).toBeInTheDocument();
    expect(document.title).toBe("My data · Test Scheme");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Who has seen my information", "Download all my data"]);
    const history = screen.getByRole("region", { name: "Who has seen my information" });
    expect(await within(history).findByRole("table")).toBeInTheDocument();
    const download = screen.getByRole("region", { name: "Download all my data" });
    expect(await within(download).findByRole("button", { name: "Prepare my download" })).toBeInTheDocument();
  });
});
