import { turnaroundFragmentFor } from "@portal/domain";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { ContentFragment } from "../../../components/content-fragment/content-fragment";
import { paths } from "../../../config/paths";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { logQueryMessages } from "../log-query.messages";
import { parentPageAddress } from "../utils/parent-address";

/** Takes focus when shown, so screen-reader and keyboard users land on the outcome, not on nothing. */
function SuccessPanel({ children }: { children: ReactNode }) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => panelRef.current?.focus(), []);
  return (
    <div
      ref={panelRef}
      className="alert alert-success mb-0"
      role="status"
      tabIndex={-1}
      data-testid="query-success"
    >
      {children}
    </div>
  );
}

function ReferenceLine({ referenceNumber }: { referenceNumber: number }) {
  const { t } = useTranslate();
  return (
    <p>
      {formatElements(t(logQueryMessages.referenceNumber, { referenceNumber }), [
        <strong key="number">{referenceNumber}</strong>,
      ])}
    </p>
  );
}

/** Requirements §2 success, default origin: the reply promise, the reference, the timeline link and its delay. */
export function DefaultQuerySuccess({ referenceNumber }: { referenceNumber: number }) {
  const { t } = useTranslate();
  return (
    <SuccessPanel>
      <p className="fw-semibold">{t(logQueryMessages.replyPromise)}</p>
      <ReferenceLine referenceNumber={referenceNumber} />
      <p>
        {/* This app's own timeline screen (#/interaction-timeline). INTERACTION_TIMELINE_PATH, the
            address e-mails use, only redirects there, and only where the server answers it. */}
        {formatElements(t(logQueryMessages.followOnTimeline), [
          <Link key="timeline" to={paths.interactionTimeline.getHref()} className="alert-link">
            interaction timeline
          </Link>,
        ])}
      </p>
      <p className="mb-0">{t(logQueryMessages.timelineNote)}</p>
    </SuccessPanel>
  );
}

/** Requirements §2 success, medxpress: only the reference and the turnaround fragment of the embedding site. */
export function MedxpressQuerySuccess({ referenceNumber }: { referenceNumber: number }) {
  return (
    <SuccessPanel>
      <ReferenceLine referenceNumber={referenceNumber} />
      <ContentFragment path={turnaroundFragmentFor(parentPageAddress())} />
    </SuccessPanel>
  );
}
