import type { ReactNode } from "react";
import { SkipLink } from "../skip-link/skip-link";

interface AppLayoutProps {
  schemeName: string;
  /** Right side of the header, e.g. the "Log out" button on authenticated pages. */
  headerActions?: ReactNode;
  children: ReactNode;
}

/** The page's one <main>: where "Skip to main content" goes. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * Page frame: "Skip to main content" first (past the header's links), a header with the scheme's
 * name, and one <main> landmark for the page itself.
 */
export function AppLayout({ schemeName, headerActions, children }: AppLayoutProps) {
  return (
    <>
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <header className="navbar bg-dark" data-bs-theme="dark">
        <div className="container">
          <span className="navbar-brand mb-0">{schemeName}</span>
          {headerActions}
        </div>
      </header>
      <main className="container py-4 skip-target" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
