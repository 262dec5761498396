import { useRouteError } from "react-router";
import { ErrorAlert } from "../../components/alert/alert";
import { PageTitle } from "../../components/page-title/page-title";

/** Last line of defence for a render error or a page chunk that failed to download (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="container py-4">
      <PageTitle>Something went wrong</PageTitle>
      <ErrorAlert>
        Something went wrong while showing this page. Please reload the page and try again.
      </ErrorAlert>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
