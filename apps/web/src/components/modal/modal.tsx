import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslate } from "../../i18n/translate";
import { modalMessages } from "./modal.messages";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** When false, Escape, a backdrop click and the close button do nothing (requirements §4 "Modals"). */
  dismissible?: boolean;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** Accessible dialog with Bootstrap's modal look; rendered into <body> so it sits above the page. */
export function Modal({ open, onClose, title, children, footer, dismissible = true }: ModalProps) {
  if (!open) return null;
  return createPortal(
    <ModalDialog onClose={onClose} title={title} footer={footer} dismissible={dismissible}>
      {children}
    </ModalDialog>,
    document.body,
  );
}

function ModalDialog({ onClose, title, children, footer, dismissible }: Omit<ModalProps, "open">) {
  const { t } = useTranslate();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // A press that starts inside the dialog box and ends on the layer (e.g. selecting text) is no backdrop click.
  const pressStartedOnLayer = useRef(false);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) (focusableIn(dialog)[0] ?? dialog).focus();
    document.body.classList.add("modal-open");
    return () => {
      document.body.classList.remove("modal-open");
      // Give focus back to whatever opened the dialog, so keyboard users keep their place.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const dismiss = () => {
    if (dismissible) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      dismiss();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    // Keep Tab and Shift+Tab cycling inside the dialog.
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialogRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The .modal layer covers the backdrop, so a click on it outside the dialog box is a backdrop click.
  const onLayerMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnLayer.current = event.target === event.currentTarget;
  };
  const onLayerClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && pressStartedOnLayer.current) dismiss();
    pressStartedOnLayer.current = false;
  };

  return (
    <>
      <div className="modal-backdrop show app-modal-backdrop" data-testid="modal-backdrop" />
      <div
        ref={dialogRef}
        className="modal d-block app-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onMouseDown={onLayerMouseDown}
        onClick={onLayerClick}
      >
        <div className="modal-dialog modal-dialog-scrollable">
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              {dismissible ? (
                <button
                  type="button"
                  className="btn-close"
                  aria-label={t(modalMessages.close)}
                  onClick={dismiss}
                />
              ) : null}
            </div>
            <div className="modal-body">{children}</div>
            {footer ? <div className="modal-footer">{footer}</div> : null}
          </div>
        </div>
      </div>
    </>
  );
}
