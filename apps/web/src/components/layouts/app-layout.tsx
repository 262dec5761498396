import type { ReactNode } from "react";
import { useAppConfig } from "../../config/app-config";
import { useTranslate } from "../../i18n/translate";
import { SkipLink } from "../skip-link/skip-link";
import { layoutMessages } from "./layout.messages";
import { SchemeLogo } from "./scheme-logo";
import { SiteFooter } from "./site-footer";

interface AppLayoutProps {
  schemeName: string;
  /** Right side of the header, e.g. the "Log out" button on authenticated pages. */
  headerActions?: ReactNode;
  children: ReactNode;
  /** The members' footer (helplines, privacy notice); false for the staff console, which is not theirs. */
  memberFooter?: boolean;
}

/** The page's one <main>: where "Skip to main content" goes. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * Page frame: "Skip to main content" first (past the header's links), a header with the scheme's
 * logo and name, one <main> landmark for the page itself, and the footer with the scheme's contact
 * numbers and its privacy notice. The footer stays at the bottom of the window on short pages.
 */
export function AppLayout({ schemeName, headerActions, children, memberFooter = true }: AppLayoutProps) {
  const { brand } = useAppConfig();
  const { t } = useTranslate();
  return (
    <div className="app-shell">
      <SkipLink targetId={MAIN_CONTENT_ID}>{t(layoutMessages.skipToMain)}</SkipLink>
      <header className="navbar app-header" data-bs-theme="dark">
        <div className="container gap-2">
          <span className="navbar-brand me-0">
            <SchemeLogo name={schemeName} logo={brand.logo} />
          </span>
          {headerActions}
        </div>
      </header>
      <main className="container app-main skip-target" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      {memberFooter ? <SiteFooter /> : null}
    </div>
  );
}
