import { act } from "@testing-library/react";
import { vi } from "vitest";

// jsdom has no layout and no window.matchMedia. This stands in for it: a viewport of a given width
// that answers (min-width: …px) and (max-width: …px) queries and tells listeners when it is resized.
// setup-tests.ts undoes the stub after each test (vi.unstubAllGlobals).

type Listener = () => void;

function matchesWidth(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  if (conditions.length === 0) throw new Error(`The test viewport cannot answer ${query}`);
  return conditions.every(([, kind, pixels]) =>
    kind === "min" ? width >= Number(pixels) : width <= Number(pixels),
  );
}

/** Pretends the window is `width` CSS pixels wide; `resize` changes it and tells every listener. */
export function stubViewportWidth(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<Listener>();
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return matchesWidth(query, width);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: "change", listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: "change", listener: Listener) => listeners.delete(listener),
    addListener: (listener: Listener) => listeners.add(listener),
    removeListener: (listener: Listener) => listeners.delete(listener),
    dispatchEvent: () => true,
  }));
  return {
    resize(newWidth: number) {
      width = newWidth;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}
