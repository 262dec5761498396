import {
  CONSOLE_BASE,
  consoleSecondFactorEnrolledSchema,
  consoleSecondFactorStatusSchema,
  secondFactorEnrolmentSchema,
} from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { renderConsolePages } from "../../testing/console/render-console";
import { contractJson, errorJson } from "../../testing/contract-json";
import { recordRequests, sentKeys, server } from "../../testing/msw-server";

/** The offer is the frame's, above whichever page: no page is needed to show it. */
const noPages = () => null;

const STATUS = `${CONSOLE_BASE}/second-factor`;
const CODES = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${String(index).padStart(2, "0")}`);

function offer(status: { enrolled: boolean; offered: boolean }) {
  let current = status;
  server.use(
    http.get(STATUS, () => contractJson(consoleSecondFactorStatusSchema, current)),
    http.post(`${STATUS}/not-now`, () => {
      current = { enrolled: false, offered: false };
      return contractJson(consoleSecondFactorStatusSchema, current);
    }),
    http.post(`${STATUS}/enrolment`, () =>
      contractJson(secondFactorEnrolmentSchema, {
        secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        qrCode: "data:image/svg+xml;base64,PHN2Zy8+",
      }),
    ),
    http.post(`${STATUS}/enrolment/confirm`, async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== "123456")
        return errorJson(422, "SECOND_FACTOR_FAILED", "That code is not right. Please try again.");
      current = { enrolled: true, offered: false };
      return contractJson(consoleSecondFactorEnrolledSchema, { recoveryCodes: CODES });
    }),
  );
}

const NOTICE = "Protect your log-in with an authenticator app.";

describe("the console's offer of an authenticator app", () => {
  it("offers it to a log-in signed in with its password alone, sets it up and shows the recovery codes once", async () => {
    offer({ enrolled: false, offered: true });
    const sent = recordRequests();
    renderConsolePages(noPages, "/console");
    const user = userEvent.setup();
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Set up" }));
    expect(await screen.findByRole("heading", { name: "Set up your authenticator app" })).toHaveFocus();
    expect(
      await screen.findByRole("img", { name: /QR code of your authenticator secret/ }),
    ).toBeInTheDocument();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Code from the app"), "000000");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("That code is not right. Please try again.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Code from the app"), "123456");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(CODES);

    await user.click(screen.getByRole("button", { name: "I have saved these codes" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Recovery codes" })).toBeNull());
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(await screen.findByText(/Your authenticator app is set up\./)).toBeInTheDocument();
    expect(sentKeys(sent).filter((key) => key.startsWith("POST"))).toEqual([
      `POST ${STATUS}/enrolment`,
      `POST ${STATUS}/enrolment/confirm`,
      `POST ${STATUS}/enrolment/confirm`,
    ]);
  });

  it("can be dismissed, and is not shown to a log-in that has an app or signed in through the provider", async () => {
    offer({ enrolled: false, offered: true });
    const postponing = recordRequests();
    const view = renderConsolePages(noPages, "/console");
    const user = userEvent.setup();
    await screen.findByText(NOTICE);
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByText(NOTICE)).toBeNull();
    // Remembered by the server, so the next log-in does not ask again at once.
    await waitFor(() => expect(sentKeys(postponing)).toContain(`POST ${STATUS}/not-now`));
    view.unmount();

    offer({ enrolled: false, offered: false });
    const sent = recordRequests();
    renderConsolePages(noPages, "/console");
    await waitFor(() => expect(sentKeys(sent)).toContain(`GET ${STATUS}`));
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.queryByRole("button", { name: "Set up" })).toBeNull();
  });
});
