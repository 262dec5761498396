import { UpdateQueryForm } from "../../features/update-query/components/update-query-form";
import { ViewQueryPage } from "../../features/view-query/components/view-query-page";

// Loaded lazily, so the login screen's bundle carries none of the member pages. The view-query
// feature gets the update form from here: features never import each other.
export function Component() {
  return (
    <ViewQueryPage
      renderUpdateForm={(referenceNumber, routeOrigin) => (
        <UpdateQueryForm referenceNumber={referenceNumber} routeOrigin={routeOrigin} />
      )}
    />
  );
}
