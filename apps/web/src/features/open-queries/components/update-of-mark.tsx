import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { openQueriesMessages } from "../open-queries.messages";

interface UpdateOfMarkProps {
  /** The query the update was added to; nothing is shown for an original (null or not sent). */
  parentReferenceNumber: number | null | undefined;
  /** Route origin the link keeps (update/{origin}). */
  origin: string;
  className?: string;
}

/**
 * "Update to query N": an update is listed as its own query, so it says which query it belongs to,
 * with a link to that query's page, where the whole thread shows (opened to read, not to update).
 */
export function UpdateOfMark({ parentReferenceNumber, origin, className }: UpdateOfMarkProps) {
  const { t } = useTranslate();
  if (parentReferenceNumber === null || parentReferenceNumber === undefined) return null;
  return (
    <p className={`small mb-0 ${className ?? ""}`.trim()}>
      {formatElements(t(openQueriesMessages.updateTo, { parentReferenceNumber }), [
        <Link
          key="query"
          to={paths.update.getHref(origin, { reference: parentReferenceNumber, timeline: true })}
        >
          {parentReferenceNumber}
        </Link>,
      ])}
    </p>
  );
}
