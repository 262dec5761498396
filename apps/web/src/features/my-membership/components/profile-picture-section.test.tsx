import {
  PROFILE_PICTURE_LIMITS,
  PROFILE_PICTURE_MESSAGES,
  profilePictureResponseSchema,
} from "@portal/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { setCookie } from "../../../lib/cookies";
import { contractBody, errorJson } from "../../../testing/contract-json";
import { formEntries, stubUploads } from "../../../testing/fake-upload";
import { recordRequests, server } from "../../../testing/msw-server";
import { renderWithProviders } from "../../../testing/test-utils";
import { noPictureAnswer, PATHS, PICTURE, pictureAnswer, removePictureHandler } from "../testing/handlers";
import { ProfilePictureSection } from "./profile-picture-section";

const png = (name = "me.png", size = 64) => new File([new Uint8Array(size)], name, { type: "image/png" });
const picker = () => screen.getByLabelText("Choose a new picture");
const saveButton = () => screen.queryByRole("button", { name: "Save picture" });

/** Renders the section with the picture answers given in turn (the last one repeats). */
function renderSection(...pictureAnswers: (() => Response)[]) {
  let reads = 0;
  server.use(
    http.get(PATHS.picture, () => {
      const answer = pictureAnswers[Math.min(reads, pictureAnswers.length - 1)] as () => Response;
      reads += 1;
      return answer();
    }),
    removePictureHandler(),
  );
  const sent = recordRequests();
  const uploads = stubUploads();
  renderWithProviders(<ProfilePictureSection />);
  return { sent, uploads, reads: () => reads };
}

describe("ProfilePictureSection", () => {
  it("says no picture has been uploaded yet (a 404, not an error), and offers no removal", async () => {
    renderSection(noPictureAnswer);
    expect(await screen.findByText(PROFILE_PICTURE_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove picture" })).toBeNull();
    expect(picker()).toHaveAttribute("accept", "image/png,image/jpeg");
  });

  it("shows a red alert when the picture cannot be loaded", async () => {
    renderSection(() => errorJson(500, "INTERNAL_ERROR"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not load your profile picture. Please try again later.",
    );
  });

  it("refuses a file of the wrong type or too large before sending anything", async () => {
    const { uploads } = renderSection(noPictureAnswer);
    // applyAccept off: a member can pick "All files" in the dialog, so the page checks for itself.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker(), new File(["GIF89a"], "me.gif", { type: "image/gif" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PROFILE_PICTURE_MESSAGES.wrongType);
    expect(picker()).toHaveAttribute("aria-invalid", "true");
    expect(picker()).toHaveAccessibleDescription(expect.stringContaining(PROFILE_PICTURE_MESSAGES.wrongType));
    expect(saveButton()).toBeNull();

    await user.upload(picker(), png("huge.png", PROFILE_PICTURE_LIMITS.maxBytes + 1));
    expect(await screen.findByRole("alert")).toHaveTextContent(PROFILE_PICTURE_MESSAGES.tooLarge);
    expect(saveButton()).toBeNull();
    expect(uploads).toHaveLength(0);
  });

  it("shows a square preview, then uploads the file in field 'file' with progress and shows the new picture", async () => {
    setCookie("XSRF-TOKEN", "token-7");
    const { uploads, reads } = renderSection(noPictureAnswer, pictureAnswer);
    const user = userEvent.setup();
    await screen.findByText(PROFILE_PICTURE_MESSAGES.notFound);
    await user.upload(picker(), png());

    const preview = await screen.findByRole("img", { name: "Preview of your new profile picture" });
    expect(preview).toHaveClass("profile-picture-crop__image");
    expect(preview.closest(".profile-picture-crop")).not.toBeNull();
    expect(preview.getAttribute("src")).toMatch(/^data:image\/png;base64,/);

    await user.click(saveButton() as HTMLElement);
    await waitFor(() => expect(uploads).toHaveLength(1));
    const request = uploads[0];
    if (!request) throw new Error("no upload");
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/member-details/profile-picture/");
    expect(request.headers.get("X-XSRF-TOKEN")).toBe("token-7");
    expect(formEntries(request.body)).toEqual([["file", "file:me.png"]]);
    act(() => request.reportProgress(32, 64));
    expect(screen.getByRole("progressbar", { name: "Uploading your picture" })).toHaveAttribute(
      "value",
      "50",
    );

    act(() => request.answerText(200, contractBody(profilePictureResponseSchema, PICTURE)));
    const savedStatus = await screen.findByRole("status");
    expect(savedStatus).toHaveTextContent("Your profile picture has been saved.");
    expect(savedStatus).toHaveFocus();
    // The picture is asked for again (invalidated), and the choice is cleared.
    expect(await screen.findByRole("img", { name: "Your profile picture" })).toHaveAttribute("src", PICTURE);
    expect(reads()).toBe(2);
    expect(screen.queryByRole("img", { name: "Preview of your new profile picture" })).toBeNull();
  });

  it("shows the server's own sentence when it refuses the picture, and keeps the choice", async () => {
    const { uploads } = renderSection(noPictureAnswer);
    const user = userEvent.setup();
    await user.upload(picker(), png());
    await user.click(await screen.findByRole("button", { name: "Save picture" }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answerError(415, "PROFILE_PICTURE_RULE", PROFILE_PICTURE_MESSAGES.unreadable));
    expect(await screen.findByRole("alert")).toHaveTextContent(PROFILE_PICTURE_MESSAGES.unreadable);
    expect(saveButton()).toBeEnabled();
  });

  it("never shows server text it does not know", async () => {
    const { uploads } = renderSection(noPictureAnswer);
    const user = userEvent.setup();
    await user.upload(picker(), png());
    await user.click(await screen.findByRole("button", { name: "Save picture" }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answerError(500, "INTERNAL_ERROR", "stack trace"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not save your picture. Please try again later.",
    );
  });

  it("asks before removing; Cancel keeps the picture, Yes sends DELETE and refreshes", async () => {
    setCookie("XSRF-TOKEN", "token-8");
    const { sent } = renderSection(pictureAnswer, noPictureAnswer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove picture" }));
    const question = screen.getByRole("group", {
      name: "Are you sure you want to remove your profile picture?",
    });
    expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Remove picture" })).toHaveFocus();
    expect(sent.some((entry) => entry.key.startsWith("DELETE"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Remove picture" }));
    await user.click(screen.getByRole("button", { name: "Yes, remove it" }));
    const removed = await screen.findByRole("status");
    expect(removed).toHaveTextContent("Your profile picture has been removed.");
    // The focused "Yes, remove it" is gone: focus is on what happened, not lost to the page.
    expect(removed).toHaveFocus();
    expect(await screen.findByText(PROFILE_PICTURE_MESSAGES.notFound)).toBeInTheDocument();
    const removal = sent.find((entry) => entry.key.startsWith("DELETE"));
    expect(removal?.key).toBe("DELETE /api/member-details/profile-picture");
    expect(removal?.request.headers.get("X-XSRF-TOKEN")).toBe("token-8");
  });
});
