import { type RefObject, useState } from "react";

// Copy and Download for the ten recovery codes, shown once at enrolment (else they could
// only be retyped). Both stay in the browser: the codes go to the clipboard, or into a text file
// made here as a Blob, whose blob: address names the Blob and carries none of the codes, so they
// never travel in a URL, a request or a server log.

export const RECOVERY_CODES_FILE_NAME = "recovery-codes.txt";

/** The file's text: what the codes are for, then one code a line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    "Recovery codes for your staff log-in. Each one lets you log in once instead of a code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** Selects the list's text, so a browser without the Clipboard API can copy it with the keyboard. */
function selectContents(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (!element || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

export function RecoveryCodesActions({
  codes,
  listRef,
}: {
  codes: readonly string[];
  /** The list of codes on the page, selected when the clipboard cannot be written. */
  listRef: RefObject<HTMLElement | null>;
}) {
  const [status, setStatus] = useState("");

  const copy = async () => {
    setStatus("");
    try {
      // Undefined over plain http or in an old browser; refused without permission.
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(codes.join("\n"));
      setStatus("Copied");
    } catch {
      setStatus(
        selectContents(listRef.current)
          ? "Your browser did not let us copy them. The codes are selected: press Ctrl+C (⌘C on a Mac) to copy them."
          : "Your browser did not let us copy them. Select the codes and copy them yourself.",
      );
    }
  };

  const download = () => {
    const url = URL.createObjectURL(
      new Blob([recoveryCodesText(codes)], { type: "text/plain;charset=utf-8" }),
    );
    const link = document.createElement("a");
    link.href = url;
    link.download = RECOVERY_CODES_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // After the click has started the download; the Blob is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setStatus(`Downloaded as ${RECOVERY_CODES_FILE_NAME}`);
  };

  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-primary" onClick={() => void copy()}>
          Copy codes
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={download}>
          Download codes
        </button>
      </div>
      <p className="small mt-2 mb-0" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
