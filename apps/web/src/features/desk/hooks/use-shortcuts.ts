import { useEffect, useRef } from "react";
import { type ShortcutAction, type ShortcutPage, shortcutAction } from "../utils/shortcuts";

/**
 * What a page does for its shortcuts. A handler that returns false did nothing (e.g. Enter on no
 * row): the key then keeps its own meaning. Otherwise the key's own meaning is cancelled, so "r"
 * that moves focus to the reply is not also typed into it.
 */
export type ShortcutHandlers<Page extends ShortcutPage> = Partial<
  Record<ShortcutAction<Page>, (event: KeyboardEvent) => unknown>
>;

/**
 * Listens for `page`'s shortcuts (utils/shortcuts.ts) while the component is shown. Several
 * components of a page may each take some of its actions.
 */
export function useShortcuts<Page extends ShortcutPage>(page: Page, handlers: ShortcutHandlers<Page>) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutAction(page, event);
      const handler = action === undefined ? undefined : latest.current[action];
      if (handler && handler(event) !== false) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [page]);
}
