import { useEffect } from "react";

// A warning before leaving a page with text not yet kept: on reload, closing the tab or typing
// another address (beforeunload, the browser's own question), and on the console's links (a
// confirm before the router moves). Several parts of a page (the reply, a note) may each hold
// such text; one listener asks once for all of them.

const unsaved = new Set<symbol>();

const LEAVE_QUESTION = "What you are writing is not saved yet. Leave this page and lose it?";

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (unsaved.size === 0) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = "";
}

/** A click on a link within the portal: asked first, and cancelled unless the agent agrees. */
function onClick(event: MouseEvent) {
  if (unsaved.size === 0 || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
    return;
  if (new URL(link.href, window.location.href).origin !== window.location.origin) return;
  if (!window.confirm(LEAVE_QUESTION)) {
    event.preventDefault();
    event.stopPropagation();
  }
}

function listen(on: boolean) {
  if (on) {
    window.addEventListener("beforeunload", onBeforeUnload);
    // Capture: asked before the router's own handler takes the click.
    document.addEventListener("click", onClick, true);
  } else {
    window.removeEventListener("beforeunload", onBeforeUnload);
    document.removeEventListener("click", onClick, true);
  }
}

/** While `active`, leaving the page (reload, close, a link) asks first. */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const token = Symbol("unsaved text");
    if (unsaved.size === 0) listen(true);
    unsaved.add(token);
    return () => {
      unsaved.delete(token);
      if (unsaved.size === 0) listen(false);
    };
  }, [active]);
}
