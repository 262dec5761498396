import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { informationOfficer } from "../../../testing/console/console-handlers";
import { recordRequests, sentKeys, server } from "../../../testing/msw-server";
import {
  dataExport,
  MEMBER_LOOKUP_PATH,
  memberExportsHandler,
  memberLookupHandler,
} from "../testing/handlers";
import { renderConsole } from "../testing/render-console";

const thandi = {
  entityNumber: 41,
  firstName: "Thandi",
  lastName: "Mokoena",
  membershipNumber: "MH-80231",
  dateOfBirth: "1984-03-09",
};

function setup() {
  const bodies: unknown[] = [];
  server.use(
    memberLookupHandler((body) => {
      bodies.push(body);
      return (body as { query: string }).query === "MH-80231" ? [thandi] : [];
    }),
    memberExportsHandler(() => [dataExport()]),
  );
  const sent = recordRequests();
  renderConsole("/console/members", { person: informationOfficer, roles: ["STAFF_INFORMATION_OFFICER"] });
  return { bodies, sent, user: userEvent.setup() };
}

const searchBox = () => screen.getByRole("searchbox", { name: "Membership number, ID number or name" });

describe("the information officer's member lookup", () => {
  it("finds a member by the number they quote, sent in the body, and opens their data page", async () => {
    const { bodies, sent, user } = setup();
    expect(screen.getByRole("heading", { level: 1, name: "Members" })).toHaveFocus();
    await user.type(searchBox(), " MH-80231 {Enter}");
    const found = await screen.findByRole("list", { name: "Members found" });
    expect(bodies).toEqual([{ query: "MH-80231" }]);
    // The number is in no address.
    expect(sentKeys(sent)).toContain(`POST ${MEMBER_LOOKUP_PATH}`);
    expect(sentKeys(sent).some((key) => key.includes("80231"))).toBe(false);
    expect(within(found).getByRole("listitem")).toHaveTextContent(
      "Thandi MokoenaMembership number MH-80231, born 1984-03-09, entity 41",
    );
    expect(screen.getByRole("status")).toHaveTextContent("1 member found.");

    await user.click(within(found).getByRole("link", { name: "Thandi Mokoena" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Thandi Mokoena: data" })).toHaveFocus();
    expect(screen.getByRole("link", { name: "Audit trail of Thandi Mokoena" })).toHaveAttribute(
      "href",
      "/console/audit-trail?member=41",
    );
    expect(
      await screen.findByRole("table", { name: "Archives of Thandi Mokoena's data, the newest first" }),
    ).toBeVisible();
  });

  it("says what to type when the term is too short, and when no one is found", async () => {
    const { bodies, user } = setup();
    await user.type(searchBox(), "a{Enter}");
    expect(searchBox()).toHaveAccessibleDescription(
      "Enter a membership number, an ID number or at least two letters of a name.",
    );
    expect(bodies).toEqual([]);
    await user.clear(searchBox());
    await user.type(searchBox(), "Zz{Enter}");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "No member was found. Please check the number or the spelling.",
      ),
    );
  });
});
