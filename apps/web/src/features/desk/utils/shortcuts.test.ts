import { afterEach, describe, expect, it } from "vitest";
import { isTypingTarget, QUEUE_SHORTCUTS, SHORTCUT_PAGES, shortcutAction } from "./shortcuts";

const press = (
  key: string,
  target: EventTarget | null = document.body,
  extra: Partial<KeyboardEvent> = {},
) => ({
  key,
  target,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...extra,
});

function element(html: string): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild as HTMLElement;
}

describe("the console's shortcuts", () => {
  afterEach(() => document.body.replaceChildren());

  it("name each key once per page", () => {
    for (const { shortcuts } of Object.values(SHORTCUT_PAGES)) {
      const keys = shortcuts.flatMap((shortcut) => [...shortcut.keys]);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(QUEUE_SHORTCUTS.map((shortcut) => shortcut.action)).toEqual([
      "next",
      "previous",
      "open",
      "search",
      "help",
    ]);
  });

  it("map a key to the page's action", () => {
    expect(shortcutAction("queue", press("j"))).toBe("next");
    expect(shortcutAction("queue", press("ArrowUp"))).toBe("previous");
    expect(shortcutAction("queue", press("?"))).toBe("help");
    expect(shortcutAction("queue", press("r"))).toBeUndefined();
    expect(shortcutAction("query", press("r"))).toBe("reply");
    expect(shortcutAction("query", press("a"))).toBe("assignToMe");
  });

  it("never fire with Ctrl, Alt or Meta, or once something else took the key", () => {
    expect(shortcutAction("queue", press("j", document.body, { ctrlKey: true }))).toBeUndefined();
    expect(shortcutAction("queue", press("j", document.body, { altKey: true }))).toBeUndefined();
    expect(shortcutAction("queue", press("j", document.body, { metaKey: true }))).toBeUndefined();
    expect(shortcutAction("queue", press("j", document.body, { defaultPrevented: true }))).toBeUndefined();
  });

  it("never fire while typing: text fields, text areas, lists, the editor", () => {
    for (const html of [
      '<input type="text">',
      '<input type="search">',
      "<input>",
      "<textarea></textarea>",
      "<select></select>",
      '<div contenteditable="true"><p id="inside">x</p></div>',
      '<div role="textbox"></div>',
    ]) {
      const target = element(html);
      expect(isTypingTarget(target), html).toBe(true);
      expect(shortcutAction("query", press("r", target)), html).toBeUndefined();
    }
    expect(isTypingTarget(document.getElementById("inside"))).toBe(true);
    for (const html of [
      '<input type="checkbox">',
      "<button>b</button>",
      '<a href="#x">a</a>',
      '<div contenteditable="false"></div>',
    ]) {
      expect(isTypingTarget(element(html)), html).toBe(false);
    }
  });

  it("never fire inside a dialog, or while one is open", () => {
    const inside = element('<div role="dialog"><button>b</button></div>').querySelector("button");
    expect(shortcutAction("queue", press("j", inside))).toBeUndefined();
    element('<div aria-modal="true"></div>');
    expect(shortcutAction("queue", press("j"))).toBeUndefined();
  });
});
