import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { useTranslate } from "../../../i18n/translate";
import { openQueriesMessages } from "../open-queries.messages";
import { UpdateIcon } from "./update-icon";

interface UpdateQueryLinkProps {
  referenceNumber: number;
  /** Route origin the link keeps (update/{origin}). */
  origin: string;
  /** Whether "Update" is written beside the pencil (the stacked rows have room and no column heading). */
  showWord?: boolean;
}

/**
 * The pencil of requirements §2: to the view-query screen with reference and timeline=false. Its
 * name says which query it updates, as a screen reader lists many such links together.
 */
export function UpdateQueryLink({ referenceNumber, origin, showWord = false }: UpdateQueryLinkProps) {
  const { t } = useTranslate();
  return (
    <Link
      to={paths.update.getHref(origin, { reference: referenceNumber, timeline: false })}
      className="btn btn-sm btn-outline-primary"
      aria-label={t(openQueriesMessages.updateQuery, { referenceNumber })}
    >
      <UpdateIcon />
      {showWord ? <span className="ms-1">{t(openQueriesMessages.update)}</span> : null}
    </Link>
  );
}
