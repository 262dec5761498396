import {
  INTERACTION_TIMELINE_PATH,
  REPLY_PROMISES,
  TIMELINE_NOTE,
  turnaroundFragmentFor,
} from "@portal/domain";
import { type ReactNode, useEffect, useRef } from "react";
import { ContentFragment } from "../../../components/content-fragment/content-fragment";
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
        {/* The portal's own address for the timeline, as e-mails use it too: the server sends the
            browser on to this app's #/interaction-timeline. */}
        <a href={INTERACTION_TIMELINE_PATH} className="alert-link">
          interaction timeline
        </a>
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
