import { type StaffAccount, staffCreatedSchema } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { agent, supervisor } from "../../../testing/console/console-handlers";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { recordRequests, type SentRequest, sentKeys, server } from "../../../testing/msw-server";
import { stubViewportWidth } from "../../../testing/viewport";
import {
  STAFF_ACCOUNTS_PATH,
  staffAccount,
  staffAccountsForbidden,
  staffAccountsHandler,
  staffChangeHandler,
} from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const thabo = staffAccount({
  entityNumber: 9003,
  firstName: "Thabo",
  lastName: "Ndlovu",
  username: null,
  lastSignIn: { at: "2026-11-22T09:30:00.000Z", method: "oidc" },
  signIn: { password: false, authenticatorApp: false, identityProvider: true },
});
const pieter = staffAccount({
  entityNumber: supervisor.entityNumber,
  firstName: supervisor.firstName,
  lastName: supervisor.lastName,
  username: "pieter.vanwyk",
  role: "STAFF_SUPERVISOR",
  lastSignIn: null,
  signIn: { password: true, authenticatorApp: false, identityProvider: false },
});

const nomsa = staffAccount({
  entityNumber: 9010,
  firstName: "Nomsa",
  lastName: "Dlamini",
  username: "nomsa.dlamini",
  role: "STAFF_INFORMATION_OFFICER",
  lastSignIn: null,
});

/** The Staff page as the supervisor sees it; `accounts` can change, as the server's list would. */
function setup(initial: StaffAccount[] = [staffAccount(), pieter, thabo]) {
  let accounts = initial;
  server.use(staffAccountsHandler(() => ({ "": accounts })));
  const sent = recordRequests();
  const view = renderConsole("/console/staff", { person: supervisor });
  return {
    ...view,
    sent,
    user: userEvent.setup(),
    update: (next: StaffAccount[]) => {
      accounts = next;
    },
  };
}

const table = () => screen.findByRole("table", { name: "Staff log-ins, the oldest first" });
const rowOf = async (name: string) =>
  (await within(await table()).findByRole("rowheader", { name: new RegExp(name) })).closest(
    "tr",
  ) as HTMLElement;
const posts = (sent: SentRequest[]) => sentKeys(sent).filter((key) => key.startsWith("POST"));

describe("the Staff page", () => {
  it("lists every staff log-in with its role, status, last sign-in and how it signs in", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Staff" })).toHaveFocus();
    const rows = within(await table()).getAllByRole("row");
    expect(rows.map((row) => within(row).queryByRole("rowheader")?.textContent ?? "header")).toEqual([
      "header",
      "Thandi Mokoena",
      "Pieter van Wyk (you)",
      "Thabo Ndlovu",
    ]);
    const headers = within(rows[0] as HTMLElement)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Name",
      "Username",
      "Role",
      "Log-in",
      "Last sign-in",
      "Signs in with",
      "Action",
    ]);
    const thandi = await rowOf("Thandi Mokoena");
    expect(within(thandi).getByRole("combobox", { name: "Role of Thandi Mokoena" })).toHaveValue(
      "STAFF_AGENT",
    );
    expect(thandi).toHaveTextContent("thandi.mokoena");
    expect(thandi).toHaveTextContent("Active");
    expect(thandi).toHaveTextContent(/2026-11-23 \d\d:\d\d \(password\)/);
    expect(thandi).toHaveTextContent("password + authenticator app");
    const thaboRow = await rowOf("Thabo Ndlovu");
    expect(thaboRow).toHaveTextContent("the scheme's identity provider");
    expect(thaboRow).toHaveTextContent("(identity provider)");
    const own = await rowOf("Pieter van Wyk");
    expect(within(own).getByRole("combobox", { name: "Role of Pieter van Wyk" })).toHaveValue(
      "STAFF_SUPERVISOR",
    );
    expect(own).toHaveTextContent("Never");
    // No one is offered to disable themselves.
    expect(within(own).queryByRole("button", { name: /Disable/ })).toBeNull();
    expect(
      within(screen.getByRole("navigation", { name: "Console menu" })).getByRole("link", { name: "Staff" }),
    ).toHaveAttribute("href", "/console/staff");
  });

  it("asks before disabling, by keyboard, then disables and announces it; Cancel asks nothing", async () => {
    const { sent, user, update } = setup();
    server.use(staffChangeHandler("disable"));
    const row = await rowOf("Thabo Ndlovu");
    const disable = within(row).getByRole("button", { name: "Disable Thabo Ndlovu" });

    await user.click(disable);
    expect(within(row).getByText("Disable Thabo Ndlovu's log-in? Their sessions end at once.")).toBeVisible();
    await user.click(within(row).getByRole("button", { name: "Cancel" }));
    expect(within(row).queryByText(/Their sessions end at once/)).toBeNull();
    expect(within(row).getByRole("button", { name: "Disable Thabo Ndlovu" })).toHaveFocus();
    expect(posts(sent)).toEqual([]);

    await user.keyboard("{Enter}");
    const confirm = within(row).getByRole("button", { name: "Disable log-in" });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription("Disable Thabo Ndlovu's log-in? Their sessions end at once.");
    update([staffAccount(), pieter, { ...thabo, disabledAt: "2026-11-24T07:00:00.000Z" }]);
    await user.keyboard("{Enter}");

    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Thabo Ndlovu's log-in is disabled. Their sessions have ended.",
      ),
    );
    expect(posts(sent)).toEqual([`POST ${STAFF_ACCOUNTS_PATH}/9003/disable`]);
    const enable = await within(await rowOf("Thabo Ndlovu")).findByRole("button", {
      name: "Enable Thabo Ndlovu",
    });
    expect(await rowOf("Thabo Ndlovu")).toHaveTextContent(/Disabled since 2026-11-24/);
    await waitFor(() => expect(enable).toHaveFocus());
  });

  it("enables a disabled log-in", async () => {
    const { sent, user } = setup([staffAccount({ disabledAt: "2026-11-20T07:00:00.000Z" }), pieter]);
    server.use(staffChangeHandler("enable"));
    await user.click(
      within(await rowOf("Thandi Mokoena")).getByRole("button", { name: "Enable Thandi Mokoena" }),
    );
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Thandi Mokoena can log in again."),
    );
    expect(posts(sent)).toEqual([`POST ${STAFF_ACCOUNTS_PATH}/${agent.entityNumber}/enable`]);
  });

  it("saves the role chosen, and says from when it applies", async () => {
    const { sent, user } = setup();
    server.use(staffChangeHandler("role"));
    const row = await rowOf("Thandi Mokoena");
    await user.selectOptions(
      within(row).getByRole("combobox", { name: "Role of Thandi Mokoena" }),
      "Supervisor",
    );
    await user.click(within(row).getByRole("button", { name: "Save role for Thandi Mokoena" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Thandi Mokoena is now a supervisor, from their next request.",
      ),
    );
    const request = sent.find(
      (entry) => entry.key === `POST ${STAFF_ACCOUNTS_PATH}/${agent.entityNumber}/role`,
    );
    expect(await request?.request.json()).toEqual({ role: "STAFF_SUPERVISOR" });
  });

  it("offers the information officer's role, and lists a log-in that holds it", async () => {
    const naledi = staffAccount({
      entityNumber: 9004,
      firstName: "Naledi",
      lastName: "Dlamini",
      username: "naledi.dlamini",
      role: "STAFF_INFORMATION_OFFICER",
    });
    const { sent, user } = setup([staffAccount(), pieter, naledi]);
    server.use(staffChangeHandler("role"));
    expect(
      within(await rowOf("Naledi Dlamini")).getByRole("combobox", { name: "Role of Naledi Dlamini" }),
    ).toHaveValue("STAFF_INFORMATION_OFFICER");
    const row = await rowOf("Thandi Mokoena");
    const role = within(row).getByRole("combobox", { name: "Role of Thandi Mokoena" });
    expect(
      within(role)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Agent", "Supervisor", "Information officer"]);
    await user.selectOptions(role, "Information officer");
    await user.click(within(row).getByRole("button", { name: "Save role for Thandi Mokoena" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Thandi Mokoena is now an information officer, from their next request.",
      ),
    );
    const request = sent.find(
      (entry) => entry.key === `POST ${STAFF_ACCOUNTS_PATH}/${agent.entityNumber}/role`,
    );
    expect(await request?.request.json()).toEqual({ role: "STAFF_INFORMATION_OFFICER" });
  });

  it("says why a supervisor cannot take away their own supervisor role (409)", async () => {
    const { user } = setup();
    server.use(staffChangeHandler("role", () => errorJson(409, "CONFLICT", "Refused.")));
    const row = await rowOf("Pieter van Wyk");
    await user.selectOptions(within(row).getByRole("combobox", { name: "Role of Pieter van Wyk" }), "Agent");
    await user.click(within(row).getByRole("button", { name: "Save role for Pieter van Wyk" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You cannot take away your own supervisor role. Ask another supervisor to do it.",
    );
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("shows an agent who opens the page the supervisors-only message, and no Staff link", async () => {
    server.use(staffAccountsForbidden());
    renderConsole("/console/staff", { person: agent });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only supervisors can see the staff log-ins.");
    expect(screen.queryByRole("table")).toBeNull();
    expect(
      within(screen.getByRole("navigation", { name: "Console menu" })).queryByRole("link", { name: "Staff" }),
    ).toBeNull();
  });
});

describe("the Staff page on a phone", () => {
  const LIST = "Staff log-ins, the oldest first";

  it("at 390 px lists each log-in's values one under another, every one named, with no table to scroll", async () => {
    stubViewportWidth(390);
    const { user, sent } = setup();
    server.use(staffChangeHandler("disable"));
    const list = await screen.findByRole("list", { name: LIST });
    expect(screen.queryByRole("table")).toBeNull();
    const entries = within(list).getAllByRole("listitem");
    expect(entries.map((entry) => within(entry).getByRole("heading").textContent)).toEqual([
      "Thandi Mokoena",
      "Pieter van Wyk (you)",
      "Thabo Ndlovu",
    ]);
    const thandi = entries[0] as HTMLElement;
    expect(thandi).toHaveAccessibleName("Thandi Mokoena");
    expect(
      within(thandi)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Username", "Role", "Log-in", "Last sign-in", "Signs in with"]);
    expect(within(thandi).getByText("thandi.mokoena").tagName).toBe("DD");
    expect(within(thandi).getByRole("combobox", { name: "Role of Thandi Mokoena" })).toHaveValue(
      "STAFF_AGENT",
    );
    // The select may not push the entry wider than the screen.
    expect(within(thandi).getByRole("combobox")).toHaveClass("mw-100");
    const own = entries[1] as HTMLElement;
    expect(within(own).queryByRole("button", { name: /Disable/ })).toBeNull();

    const thabo = entries[2] as HTMLElement;
    await user.click(within(thabo).getByRole("button", { name: "Disable Thabo Ndlovu" }));
    expect(within(thabo).getByRole("button", { name: "Disable log-in" })).toHaveFocus();
    await user.click(within(thabo).getByRole("button", { name: "Disable log-in" }));
    await waitFor(() => expect(posts(sent)).toEqual([`POST ${STAFF_ACCOUNTS_PATH}/9003/disable`]));
  });

  it("is the table again on a wide screen", async () => {
    stubViewportWidth(1280);
    setup();
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: LIST })).toBeNull();
  });
});

describe("Add staff member on the Staff page", () => {
  it("sends the new log-in as the shared schema has it (no password), says a link was emailed, and lists it", async () => {
    const { user, sent, update } = setup();
    let body: unknown;
    server.use(
      http.post(STAFF_ACCOUNTS_PATH, async ({ request }) => {
        body = await request.json();
        update([staffAccount(), pieter, thabo, nomsa]);
        return contractJson(staffCreatedSchema, { entityNumber: nomsa.entityNumber }, { status: 201 });
      }),
    );
    const form = await screen.findByRole("form", { name: "Add staff member" });
    // Nothing typed: each field says what it needs, and nothing is sent.
    await user.click(within(form).getByRole("button", { name: "Add staff member" }));
    expect(await within(form).findByText("Enter the first name.")).toBeVisible();
    expect(within(form).getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
    expect(posts(sent)).toEqual([]);
    expect(within(form).queryByLabelText(/password/i)).toBeNull();

    await user.type(within(form).getByLabelText("First name"), "Nomsa");
    await user.type(within(form).getByLabelText("Last name"), "Dlamini");
    await user.type(within(form).getByLabelText("Username"), "Nomsa.Dlamini");
    await user.type(within(form).getByLabelText("Email"), "nomsa@scheme.example");
    await user.selectOptions(within(form).getByLabelText("Role"), "STAFF_INFORMATION_OFFICER");
    await user.click(within(form).getByRole("button", { name: "Add staff member" }));

    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Nomsa Dlamini is added. We emailed nomsa@scheme.example a link to set their password.",
      ),
    );
    expect(body).toEqual({
      username: "nomsa.dlamini",
      firstName: "Nomsa",
      lastName: "Dlamini",
      email: "nomsa@scheme.example",
      role: "STAFF_INFORMATION_OFFICER",
    });
    expect(await rowOf("Nomsa Dlamini")).toBeInTheDocument();
    expect(within(form).getByLabelText("First name")).toHaveValue("");
  });

  it("says why the server refused, such as a username taken (409)", async () => {
    const { user } = setup();
    server.use(
      http.post(STAFF_ACCOUNTS_PATH, () =>
        errorJson(409, "CONFLICT", 'A member with the username "thandi.mokoena" already exists.'),
      ),
    );
    const form = await screen.findByRole("form", { name: "Add staff member" });
    await user.type(within(form).getByLabelText("First name"), "Thandi");
    await user.type(within(form).getByLabelText("Last name"), "Mokoena");
    await user.type(within(form).getByLabelText("Username"), "thandi.mokoena");
    await user.type(within(form).getByLabelText("Email"), "thandi@scheme.example");
    await user.click(within(form).getByRole("button", { name: "Add staff member" }));
    expect(await within(form).findByText(/already exists/)).toBeVisible();
  });
});
