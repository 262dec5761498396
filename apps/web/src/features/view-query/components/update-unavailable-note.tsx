import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { useTranslate } from "../../../i18n/translate";
import { UPDATE_UNAVAILABLE_WHY, type UpdateUnavailableReason } from "../utils/update-unavailable";
import { viewQueryMessages } from "../view-query.messages";

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
  const { t } = useTranslate();
  return (
    <div className="border rounded p-3 mb-3" data-testid="update-unavailable">
      <p className="mb-1">{t(UPDATE_UNAVAILABLE_WHY[reason])}</p>
      <p className="mb-2">{t(viewQueryMessages.updateInstead, { referenceNumber })}</p>
      <Link to={paths.contactUs.getHref(routeOrigin)} className="btn btn-sm btn-outline-primary">
        {t(viewQueryMessages.logNewQuery)}
      </Link>
    </div>
  );
}
