import { CONTACT_DETAILS_MESSAGES, XSRF_HEADER } from "@portal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { memberDetailsHandler } from "../../../testing/member-details-handlers";
import { recordRequests, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  CONTACT_DETAILS_PATH,
  changeContactDetailsHandler,
  changeContactDetailsRefused,
  MEMBER_PASSWORD,
} from "../testing/handlers";
import { YourDetailsSection } from "./your-details-section";

async function openForm() {
  const user = userEvent.setup();
  const sent = recordRequests();
  renderWithProviders(<YourDetailsSection />);
  await user.click(await screen.findByRole("button", { name: "Change email addresses or phone numbers" }));
  const form = screen.getByRole("form", { name: "Change your email addresses and phone numbers" });
  return { user, sent, form };
}

const posts = (sent: ReturnType<typeof recordRequests>) =>
  sent.filter((entry) => entry.key === `POST ${new URL(CONTACT_DETAILS_PATH, "http://x").pathname}`);

describe("changing the e-mail addresses and phone numbers on My membership", () => {
  beforeEach(() => {
    setCookie("XSRF-TOKEN", "token-9");
    server.use(memberDetailsHandler(), changeContactDetailsHandler());
  });

  it("opens on the first address, sends the whole set with the password and the anti-forgery token, and shows the saved details", async () => {
    const { user, sent, form } = await openForm();
    const first = within(form).getByRole("textbox", { name: "Email address 1" });
    expect(first).toHaveFocus();
    expect(first).toHaveValue("zanele@example.com");
    expect(within(form).getByRole("textbox", { name: "Email address 2" })).toHaveValue(
      "z.khumalo@example.org",
    );

    await user.click(within(form).getByRole("button", { name: "Remove email address 2" }));
    expect(within(form).queryByRole("textbox", { name: "Email address 2" })).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Add an email address" }));
    const added = within(form).getByRole("textbox", { name: "Email address 2" });
    expect(added).toHaveFocus();
    await user.type(added, "zanele.new@example.net");
    await user.click(within(form).getByRole("button", { name: "Add a phone number" }));
    await user.type(within(form).getByRole("textbox", { name: "Phone number 2" }), "021 555 0199");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Kind of phone number 2" }), "Work");
    await user.type(within(form).getByLabelText("Your password"), MEMBER_PASSWORD);
    await user.click(within(form).getByRole("button", { name: "Save changes" }));

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(
      "Your email addresses and phone numbers have been saved. We have told the addresses you had before.",
    );
    expect(status).toHaveFocus();
    const [post] = posts(sent);
    expect(post?.request.headers.get(XSRF_HEADER)).toBe("token-9");
    expect(await post?.request.json()).toEqual({
      emails: ["zanele@example.com", "zanele.new@example.net"],
      phoneNumbers: [
        { type: "MOBILE", number: "+27 82 555 0101" },
        { type: "WORK", number: "021 555 0199" },
      ],
      // The addresses go back as they were: the call replaces the whole set.
      addresses: [
        {
          type: "POSTAL",
          line1: "PO Box 12",
          line2: null,
          suburb: "Rondebosch",
          city: "Cape Town",
          province: "Western Cape",
          postalCode: "7700",
          country: "South Africa",
        },
      ],
      currentPassword: MEMBER_PASSWORD,
    });
    expect(screen.getByText("zanele.new@example.net")).toBeInTheDocument();
    expect(screen.getByText("Work: 021 555 0199")).toBeInTheDocument();
    expect(screen.queryByText("z.khumalo@example.org")).toBeNull();
  });

  it("says what is wrong beside each field, by the shared schema, and sends nothing", async () => {
    const { user, sent, form } = await openForm();
    const first = within(form).getByRole("textbox", { name: "Email address 1" });
    await user.clear(first);
    await user.type(first, "not an address");
    const second = within(form).getByRole("textbox", { name: "Email address 2" });
    await user.clear(second);
    await user.type(second, "zanele@example");
    const phone = within(form).getByRole("textbox", { name: "Phone number 1" });
    await user.clear(phone);
    await user.type(phone, "12");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));

    expect(await within(form).findAllByText("Please enter a valid email address")).toHaveLength(2);
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(first).toHaveFocus();
    expect(within(form).getByRole("textbox", { name: "Phone number 1" })).toHaveAccessibleDescription(
      "Please enter a valid phone number.",
    );
    expect(within(form).getByLabelText("Your password")).toHaveAccessibleDescription(
      expect.stringContaining(CONTACT_DETAILS_MESSAGES.passwordNeeded),
    );
    expect(posts(sent)).toHaveLength(0);
  });

  it("refuses an address given twice and an empty list", async () => {
    const { user, form } = await openForm();
    const second = within(form).getByRole("textbox", { name: "Email address 2" });
    await user.clear(second);
    await user.type(second, "ZANELE@example.com");
    await user.type(within(form).getByLabelText("Your password"), MEMBER_PASSWORD);
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(CONTACT_DETAILS_MESSAGES.emailRepeated);

    await user.click(within(form).getByRole("button", { name: "Remove email address 2" }));
    await user.click(within(form).getByRole("button", { name: "Remove email address 1" }));
    expect(within(form).getByRole("button", { name: "Add an email address" })).toHaveFocus();
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(CONTACT_DETAILS_MESSAGES.emailNeeded);
  });

  it("puts a wrong password's refusal on the password field, cleared and focused", async () => {
    const { user, form } = await openForm();
    const password = within(form).getByLabelText("Your password");
    await user.type(password, "wrong-one");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveValue("");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByRole("alert")).toHaveTextContent(CONTACT_DETAILS_MESSAGES.passwordIncorrect);
  });

  it("keeps the server's sentence after too many wrong passwords, and Cancel goes back to the button", async () => {
    server.use(
      changeContactDetailsRefused(429, "RATE_LIMITED", "Too many attempts. Try again in 15 minutes."),
    );
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText("Your password"), MEMBER_PASSWORD);
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "Too many attempts. Try again in 15 minutes.",
    );

    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByRole("button", { name: "Change email addresses or phone numbers" })).toHaveFocus();
  });
});
