import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  type ScreenBlocker,
  ScreenBlockerOverlay,
  ScreenBlockerProvider,
  useScreenBlocker,
} from "./screen-blocker";

function setup(name?: string) {
  const handle: { current?: ScreenBlocker } = {};
  function Probe() {
    handle.current = useScreenBlocker(name);
    return null;
  }
  render(
    <ScreenBlockerProvider>
      <Probe />
      {name ? <ScreenBlockerOverlay name={name} /> : null}
    </ScreenBlockerProvider>,
  );
  const blocker = () => {
    if (!handle.current) throw new Error("probe not rendered");
    return handle.current;
  };
  return {
    start: () => act(() => blocker().start()),
    stop: () => act(() => blocker().stop()),
    overlay: () => document.querySelector(`[data-block-ui="${name ?? "block-ui-main"}"]`),
  };
}

describe("screen blocker", () => {
  it("is hidden until started and shows at once with an announced Loading... text", () => {
    const blocker = setup();
    expect(blocker.overlay()).toBeNull();
    blocker.start();
    expect(blocker.overlay()).not.toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  });

  it("counts: two starts and one stop keep it shown, the second stop hides it", () => {
    const blocker = setup();
    blocker.start();
    blocker.start();
    blocker.stop();
    expect(blocker.overlay()).not.toBeNull();
    blocker.stop();
    expect(blocker.overlay()).toBeNull();
  });

  it("never counts below zero", () => {
    const blocker = setup();
    blocker.stop();
    blocker.stop();
    blocker.start();
    expect(blocker.overlay()).not.toBeNull();
    blocker.stop();
    expect(blocker.overlay()).toBeNull();
  });

  it("keeps named blockers apart from the main one", () => {
    const blocker = setup("block-ui-form");
    blocker.start();
    expect(blocker.overlay()).not.toBeNull();
    expect(document.querySelector('[data-block-ui="block-ui-main"]')).toBeNull();
  });

  it("carries the overlay class that app.css gives z-index BLOCK_UI_Z_INDEX (see app-css.test.ts)", () => {
    const blocker = setup();
    blocker.start();
    expect(blocker.overlay()).toHaveClass("block-ui-overlay", "block-ui-overlay--fixed");
  });
});
