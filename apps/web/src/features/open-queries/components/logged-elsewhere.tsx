import { useAppConfig } from "../../../config/app-config";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { openQueriesMessages } from "../open-queries.messages";

/**
 * In place of the Update link, for a query logged by phone or another channel (legacy): it is
 * listed, but the view-query screen would only answer that the feature is for new queries. It
 * says what the query is and whom to call about it.
 */
export function LoggedElsewhere() {
  const line = useAppConfig().brand.contactLines[0];
  const { t } = useTranslate();
  return (
    <p className="small text-body-secondary mb-0">
      {t(openQueriesMessages.loggedElsewhere)}
      {line ? (
        <>
          {" "}
          {formatElements(
            t(openQueriesMessages.loggedElsewhereCall, { lineLabel: line.label, number: line.number }),
            [
              <a key="call" href={`tel:${line.dial}`}>
                {line.number}
              </a>,
            ],
          )}
        </>
      ) : null}
    </p>
  );
}
