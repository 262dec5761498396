import { Link } from "react-router";
import { paths } from "../../../config/paths";
import {
  UPDATE_UNAVAILABLE_WHY,
  type UpdateUnavailableReason,
  updateInsteadSentence,
} from "../utils/update-unavailable";

interface UpdateUnavailableNoteProps {
  reason: UpdateUnavailableReason;
  referenceNumber: number;
  /** The channel the member is in: the new query is logged there. */
  routeOrigin: string;
}

/**
 * Stands where the "Update Query" button would be, so a member looking for it learns why it is
 * not there and what to do instead, rather than meeting a dead end.
 */
export function UpdateUnavailableNote({ reason, referenceNumber, routeOrigin }: UpdateUnavailableNoteProps) {
  return (
    <div className="border rounded p-3 mb-3" data-testid="update-unavailable">
      <p className="mb-1">{UPDATE_UNAVAILABLE_WHY[reason]}</p>
      <p className="mb-2">{updateInsteadSentence(referenceNumber)}</p>
      <Link to={paths.contactUs.getHref(routeOrigin)} className="btn btn-sm btn-outline-primary">
        Log a new query
      </Link>
    </div>
  );
}
