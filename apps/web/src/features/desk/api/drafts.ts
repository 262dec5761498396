import type { DraftKind, DraftsResponse } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { apiFetch, getJson } from "../../../lib/http";
import { consoleQueryUrl } from "./get-console-query";

// Drafts of a reply or a note, kept on the server per conversation and member of staff (so a
// reload, Back or another device finds them), saved a moment after the typing stops.

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 1000;

const draftsUrl = (referenceNumber: number) => `${consoleQueryUrl(referenceNumber)}/drafts`;

/** GET {CONSOLE_BASE}/queries/{ref}/drafts: the asking member of staff's drafts. */
export function getDrafts(referenceNumber: number): Promise<DraftsResponse> {
  return getJson<DraftsResponse>(draftsUrl(referenceNumber), NO_STORE);
}

/**
 * PUT {CONSOLE_BASE}/queries/{ref}/drafts (204); an empty text removes the draft. `keepalive`
 * lets the save finish while the page is left.
 */
export async function saveDraft(
  referenceNumber: number,
  kind: DraftKind,
  text: string,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<void> {
  await apiFetch(draftsUrl(referenceNumber), {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ kind, text }),
    keepalive,
  });
}

/** The drafts as they were when the page opened: read once, not refreshed while the agent types. */
export function useDrafts(referenceNumber: number) {
  return useQuery({
    queryKey: consoleKeys.drafts(referenceNumber),
    queryFn: () => getDrafts(referenceNumber),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** "saved": the server has what is written; "unsaved": not yet (typing, or saving); "failed": it could not keep it. */
export type DraftState = "saved" | "unsaved" | "failed";

/**
 * Keeps one draft as it is typed: `change(text)` saves it DRAFT_SAVE_DELAY_MS after the last
 * change; `settle()` says the text is gone (sent, or emptied) without saving it again. Leaving the
 * page (the component unmounting) saves a pending change at once.
 */
export function useDraftSaver(referenceNumber: number, kind: DraftKind) {
  const [state, setState] = useState<DraftState>("saved");
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generation = useRef(0);

  const save = useCallback(
    (keepalive: boolean) => {
      clearTimeout(timer.current);
      const text = pending.current;
      if (text === null) return;
      pending.current = null;
      const mine = ++generation.current;
      saveDraft(referenceNumber, kind, text, { keepalive }).then(
        () => {
          if (mine === generation.current && pending.current === null) setState("saved");
        },
        () => {
          if (mine === generation.current) {
            // Kept to try again with the next change.
            pending.current ??= text;
            setState("failed");
          }
        },
      );
    },
    [referenceNumber, kind],
  );

  const change = useCallback(
    (text: string) => {
      pending.current = text;
      setState((now) => (now === "failed" ? "failed" : "unsaved"));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => save(false), DRAFT_SAVE_DELAY_MS);
    },
    [save],
  );

  const settle = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    generation.current++;
    setState("saved");
  }, []);

  // Leaving the page: what is pending is saved at once, and finishes even as the page goes.
  useEffect(() => () => save(true), [save]);

  return { state, change, settle };
}
