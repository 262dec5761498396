import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLeaveWarning } from "./use-leave-warning";

function Page({ unsaved, onFollow }: { unsaved: boolean; onFollow: () => void }) {
  useLeaveWarning(unsaved);
  return (
    // A router link's own handler runs after the warning's (which listens in the capture phase).
    <a
      href="#/console"
      onClick={(event) => {
        if (!event.defaultPrevented) onFollow();
        event.preventDefault();
      }}
    >
      Queries
    </a>
  );
}

const leaving = () => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => vi.restoreAllMocks());

describe("the warning before leaving unsaved text", () => {
  it("asks before a link is followed, and stays when the agent says no", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const onFollow = vi.fn();
    render(<Page unsaved onFollow={onFollow} />);
    await userEvent.click(screen.getByRole("link", { name: "Queries" }));
    expect(confirm).toHaveBeenCalledWith(
      "What you are writing is not saved yet. Leave this page and lose it?",
    );
    expect(onFollow).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole("link", { name: "Queries" }));
    expect(onFollow).toHaveBeenCalledTimes(1);
  });

  it("has the browser ask on reload or close while unsaved, and asks nothing once saved or gone", async () => {
    const confirm = vi.spyOn(window, "confirm");
    const onFollow = vi.fn();
    const view = render(<Page unsaved onFollow={onFollow} />);
    expect(leaving()).toBe(true);
    view.rerender(<Page unsaved={false} onFollow={onFollow} />);
    expect(leaving()).toBe(false);
    await userEvent.click(screen.getByRole("link", { name: "Queries" }));
    expect(confirm).not.toHaveBeenCalled();
    expect(onFollow).toHaveBeenCalledTimes(1);
    view.rerender(<Page unsaved onFollow={onFollow} />);
    view.unmount();
    expect(leaving()).toBe(false);
  });
});
