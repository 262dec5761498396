import { Component, type ErrorInfo, type ReactNode } from "react";
import type { Location } from "react-router";
import { ErrorAlert } from "../../components/alert/alert";
import { PageTitle } from "../../components/page-title/page-title";
import { useTranslate } from "../../i18n/translate";
import { errorScreensMessages } from "../error-screens.messages";

/** Last line of defence for a render error or a page chunk that failed to download (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslate();
  return (
    <main className="container py-4">
      <PageTitle>{t(errorScreensMessages.routeTitle)}</PageTitle>
      <ErrorAlert>{t(errorScreensMessages.routeFailed)}</ErrorAlert>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t(errorScreensMessages.reload)}
      </button>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The current location: moving elsewhere (the back button, a link) tries rendering again. */
  location: Location;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  location: Location;
}

/** Shows RouteError in place of the routes when a screen throws, until the location changes. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
