import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./modal";

function Harness({ dismissible, onClose }: { dismissible?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Response sent via email"
        dismissible={dismissible}
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <a href="#/x">Claims guide</a>
      </Modal>
    </>
  );
}

async function openModal(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole("button", { name: "Open" }));
  return user;
}

const layer = () => {
  const element = document.querySelector<HTMLElement>(".modal");
  if (!element) throw new Error("no modal layer");
  return element;
};

describe("Modal", () => {
  it("is a labelled modal dialog with the backdrop and focus moved inside", async () => {
    await openModal();
    const dialog = screen.getByRole("dialog", { name: "Response sent via email" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByTestId("modal-backdrop")).toHaveClass("modal-backdrop", "show", "app-modal-backdrop");
  });

  it("closes on Escape and returns focus to the opener", async () => {
    const user = await openModal();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
  });

  it("closes on a backdrop click but not on a click inside", async () => {
    const user = await openModal();
    await user.click(screen.getByText("Claims guide").closest(".modal-body") as HTMLElement);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.click(layer());
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("stays open on Escape and backdrop click when not dismissible", async () => {
    const onClose = vi.fn();
    const user = await openModal({ dismissible: false, onClose });
    await user.keyboard("{Escape}");
    await user.click(layer());
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("keeps Tab cycling inside the dialog", async () => {
    const user = await openModal();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(screen.getByText("Claims guide")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Done" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Done" })).toHaveFocus();
  });
});
