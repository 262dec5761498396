import { REPLY_PROMISES, TIMELINE_NOTE, turnaroundFragmentFor } from "@portal/domain";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { ContentFragment } from "../../../components/content-fragment/content-fragment";
import { paths } from "../../../config/paths";
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
  return (
    <p>
      Your reference number is <strong>{referenceNumber}</strong>.
    </p>
  );
}

/** Requirements §2 success, default origin: the reply promise, the reference, the timeline link and its delay. */
export function DefaultQuerySuccess({ referenceNumber }: { referenceNumber: number }) {
  return (
    <SuccessPanel>
      <p className="fw-semibold">{REPLY_PROMISES.newQuery}</p>
      <ReferenceLine referenceNumber={referenceNumber} />
      <p>
        You can follow your queries on your{" "}
        {/* This app's own timeline screen (#/interaction-timeline). INTERACTION_TIMELINE_PATH, the
            address e-mails use, only redirects there, and only where the server answers it. */}
        <Link to={paths.interactionTimeline.getHref()} className="alert-link">
          interaction timeline
        </Link>
        .
      </p>
      <p className="mb-0">{TIMELINE_NOTE}</p>
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
