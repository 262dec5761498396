// The console's keyboard shortcuts, in one place: the pages act on them (use-shortcuts.ts) and the
// help overlay (shortcuts-help.tsx) lists them from here, so the list never says less or more than
// the keys do. A shortcut is one key without Ctrl, Alt or Meta (Shift only as part of "?"), and
// never fires while the person types in a field or the reply editor, or inside a dialog.

export interface Shortcut<Action extends string = string> {
  action: Action;
  /** KeyboardEvent.key values, the first the one the overlay names first. */
  keys: readonly string[];
  description: string;
}

export const QUEUE_SHORTCUTS = [
  { action: "next", keys: ["j", "ArrowDown"], description: "Move to the next conversation" },
  { action: "previous", keys: ["k", "ArrowUp"], description: "Move to the previous conversation" },
  { action: "open", keys: ["Enter"], description: "Open the conversation moved to" },
  { action: "search", keys: ["/"], description: "Go to the search box" },
  { action: "help", keys: ["?"], description: "Show these shortcuts" },
] as const satisfies readonly Shortcut[];

export const QUERY_SHORTCUTS = [
  { action: "reply", keys: ["r"], description: "Go to the reply" },
  { action: "assignToMe", keys: ["a"], description: "Assign the conversation to me" },
  { action: "help", keys: ["?"], description: "Show these shortcuts" },
] as const satisfies readonly Shortcut[];

export const SHORTCUT_PAGES = {
  queue: { title: "In the queue", shortcuts: QUEUE_SHORTCUTS },
  query: { title: "On a query's page", shortcuts: QUERY_SHORTCUTS },
} as const;

export type ShortcutPage = keyof typeof SHORTCUT_PAGES;
export type ShortcutAction<Page extends ShortcutPage> =
  (typeof SHORTCUT_PAGES)[Page]["shortcuts"][number]["action"];

/** How the overlay names a key. */
export const KEY_NAMES: Readonly<Record<string, string>> = {
  ArrowDown: "Down arrow",
  ArrowUp: "Up arrow",
  Enter: "Enter",
};

// Input types where a letter key types nothing: a shortcut pressed on them is still a shortcut.
const KEYLESS_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "image", "color"]);

/** Whether a key pressed on `target` types (a text field, a list box, the reply editor). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"]), [role="textbox"]') !== null;
}

/** Whether the event came from inside a dialog, or one is open over the page. */
function dialogOpen(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]')) return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

/** The page's action for a key press, or undefined when the key is no shortcut there (or is typed). */
export function shortcutAction<Page extends ShortcutPage>(
  page: Page,
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "altKey" | "metaKey" | "defaultPrevented" | "target">,
): ShortcutAction<Page> | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return undefined;
  if (isTypingTarget(event.target) || dialogOpen(event.target)) return undefined;
  const shortcuts: readonly Shortcut[] = SHORTCUT_PAGES[page].shortcuts;
  return shortcuts.find((shortcut) => shortcut.keys.includes(event.key))?.action as
    | ShortcutAction<Page>
    | undefined;
}
