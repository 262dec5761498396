// Ctrl+Enter (Cmd+Enter on a Mac) in the reply editor sends the reply, as the plain "Send reply"
// does. Here, not in reply-editor.tsx, so the composer can name it without loading the editor's
// chunk (TipTap, docs/decisions/0023).

/** The send shortcut as aria-keyshortcuts names it; Meta is the Mac's Command key. */
export const SEND_SHORTCUT = "Control+Enter Meta+Enter";

/** The send shortcut as the composer shows it beside the buttons. */
export const SEND_SHORTCUT_HINT = "Ctrl+Enter in the reply sends it (⌘+Enter on a Mac).";

/** Whether a key press is the send shortcut: Enter with Ctrl or Cmd, and neither Alt nor Shift. */
export function isSendShortcut(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">,
): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
