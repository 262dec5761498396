import { useAppConfig } from "../../../config/app-config";

/**
 * In place of the Update link, for a query logged by phone or another channel (legacy): it is
 * listed, but the view-query screen would only answer that the feature is for new queries. It
 * says what the query is and whom to call about it.
 */
export function LoggedElsewhere() {
  const line = useAppConfig().brand.contactLines[0];
  return (
    <p className="small text-body-secondary mb-0">
      Logged by phone or another channel, so it can't be opened here.
      {line ? (
        <>
          {" "}
          To follow it up, call {line.label} on <a href={`tel:${line.dial}`}>{line.number}</a>.
        </>
      ) : null}
    </p>
  );
}
