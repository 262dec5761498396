import { ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT } from "@portal/domain";
import { type KeyboardEvent, useState } from "react";
import { ContentFragment } from "../../../components/content-fragment/content-fragment";
import { useTranslate } from "../../../i18n/translate";
import { logQueryFormMessages } from "../log-query-form.messages";

function InfoIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8 15A7 7 0 1 1 8 1a7 7 0 0 1 0 14m0 1A8 8 0 1 0 8 0a8 8 0 0 0 0 16" />
      <path d="m8.93 6.588-2.29.287-.082.38.45.083c.294.07.352.176.288.469l-.738 3.468c-.194.897.105 1.319.808 1.319.545 0 1.178-.252 1.465-.598l.088-.416c-.2.176-.492.246-.686.246-.275 0-.375-.193-.304-.533zM9 4.5a1 1 0 1 1-2 0 1 1 0 0 1 2 0" />
    </svg>
  );
}

/**
 * The additional e-mail field's tooltip fragment. It opens on hover, on keyboard focus and on a tap,
 * and closes on Escape, blur or when the pointer leaves. The text stays in the DOM while closed, so
 * the field's aria-describedby (pointing at `id`) always reads it.
 */
export function AdditionalEmailTooltip({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslate();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "Escape" && open) {
      // Escape closes the tooltip only, not a dialog the form might sit in.
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <>
      <button
        type="button"
        // icon-button: a 24 px target at least, where the icon alone is 16 px.
        className="btn btn-link p-0 ms-2 align-baseline icon-button"
        aria-label={t(logQueryFormMessages.aboutCcEmail)}
        aria-describedby={id}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onKeyDown={onKeyDown}
      >
        <InfoIcon />
      </button>
      <div
        id={id}
        role="tooltip"
        className="form-text border rounded bg-body-tertiary p-2 mb-2"
        hidden={!open}
      >
        <ContentFragment path={ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT} />
      </div>
    </>
  );
}
