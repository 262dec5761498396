import type { ReactNode } from "react";

interface AppLayoutProps {
  schemeName: string;
  /** Right side of the header, e.g. the "Log out" button on authenticated pages. */
  headerActions?: ReactNode;
  children: ReactNode;
}

/** Page frame: a header with the scheme's name and one <main> landmark for the page itself. */
export function AppLayout({ schemeName, headerActions, children }: AppLayoutProps) {
  return (
    <>
      <header className="navbar bg-dark" data-bs-theme="dark">
        <div className="container">
          <span className="navbar-brand mb-0">{schemeName}</span>
          {headerActions}
        </div>
      </header>
      <main className="container py-4">{children}</main>
    </>
  );
}
