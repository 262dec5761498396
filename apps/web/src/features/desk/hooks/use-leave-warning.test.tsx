import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLeaveWarning } from "./use-leave-warning";

function Page({ unsaved }: { unsaved: boolean }) {
  useLeaveWarning(unsaved);
  return <a href="#/console">Queries</a>;
}

/** Whether a click on the link went on to be followed (as the router's own handler would, after the warning's). */
function followed(onFollow: () => void) {
  const follow = (event: MouseEvent) => {
    if (!event.defaultPrevented) onFollow();
    event.preventDefault();
  };
  document.addEventListener("click", follow);
  return () => document.removeEventListener("click", follow);
}

const leaving = () => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

let stop = () => {};
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe("the warning before leaving unsaved text", () => {
  it("asks before a link is followed, and stays when the agent says no", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const onFollow = vi.fn();
    stop = followed(onFollow);
    render(<Page unsaved />);
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
    stop = followed(onFollow);
    const view = render(<Page unsaved />);
    expect(leaving()).toBe(true);
    view.rerender(<Page unsaved={false} />);
    expect(leaving()).toBe(false);
    await userEvent.click(screen.getByRole("link", { name: "Queries" }));
    expect(confirm).not.toHaveBeenCalled();
    expect(onFollow).toHaveBeenCalledTimes(1);
    view.rerender(<Page unsaved />);
    view.unmount();
    expect(leaving()).toBe(false);
  });
});
