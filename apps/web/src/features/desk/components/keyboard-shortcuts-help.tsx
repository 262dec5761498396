import { Fragment, useState } from "react";
import { Modal } from "../../../components/modal/modal";
import { useShortcuts } from "../hooks/use-shortcuts";
import { SEND_SHORTCUT_HINT } from "../utils/send-shortcut";
import { KEY_NAMES, SHORTCUT_PAGES, type Shortcut, type ShortcutPage } from "../utils/shortcuts";

function Keys({ keys }: { keys: Shortcut["keys"] }) {
  return keys.map((key, index) => (
    <Fragment key={key}>
      {index > 0 ? " or " : null}
      <kbd>{KEY_NAMES[key] ?? key}</kbd>
    </Fragment>
  ));
}

/** Every shortcut of the console, page by page, as utils/shortcuts.ts defines them. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts">
      {Object.entries(SHORTCUT_PAGES).map(([page, { title, shortcuts }]) => (
        <section key={page} aria-labelledby={`shortcuts-${page}`}>
          <h3 id={`shortcuts-${page}`} className="h6">
            {title}
          </h3>
          <dl className="row">
            {shortcuts.map((shortcut) => (
              <Fragment key={shortcut.action}>
                <dt className="col-5 fw-normal">
                  <Keys keys={shortcut.keys} />
                </dt>
                <dd className="col-7">{shortcut.description}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
      <p className="small text-body-secondary mb-0">
        Shortcuts do nothing while you type in a field or in the reply, but for the reply's own:{" "}
        {SEND_SHORTCUT_HINT} Escape closes this list.
      </p>
    </Modal>
  );
}

/**
 * "Keyboard shortcuts" on a page that has some: a button, and "?" anywhere on the page, open the
 * list of them; Escape closes it and focus goes back to where it was.
 */
export function KeyboardShortcutsHelp({ page }: { page: ShortcutPage }) {
  const [open, setOpen] = useState(false);
  useShortcuts<ShortcutPage>(page, { help: () => setOpen(true) });
  return (
    <>
      <button
        type="button"
        className="btn btn-link btn-sm p-0"
        aria-keyshortcuts="?"
        onClick={() => setOpen(true)}
      >
        Keyboard shortcuts
      </button>
      <ShortcutsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
