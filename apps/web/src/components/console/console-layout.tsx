import type { ReactNode } from "react";
import { consolePaths } from "../../lib/console/console-paths";
import { personName } from "../../lib/console/labels";
import { useShownQueueHref } from "../../lib/console/shown-queue";
import { AppLayout } from "../layouts/app-layout";
import { HeaderNavLink } from "../layouts/header-nav-link";
import { useConsoleUser } from "./console-user";

interface ConsoleLayoutProps {
  schemeName: string;
  /** The app's own "Log out" button, which clears every cached answer. */
  logoutButton: ReactNode;
  children: ReactNode;
}

/** The console's frame: who is logged in, the console's menu and "Log out". */
export function ConsoleLayout({ schemeName, logoutButton, children }: ConsoleLayoutProps) {
  const { person, isDesk, isSupervisor, isInformationOfficer } = useConsoleUser();
  // Back to the queue as the agent left it: its filters, order and search.
  const queueHref = useShownQueueHref();
  return (
    <AppLayout
      schemeName={`${schemeName} · Staff console`}
      memberFooter={false}
      headerActions={
        <div className="d-flex flex-wrap align-items-center gap-2">
          <nav className="d-flex flex-wrap gap-2" aria-label="Console menu">
            {isDesk ? (
              <>
                <HeaderNavLink to={queueHref}>Queries</HeaderNavLink>
                <HeaderNavLink to={consolePaths.documentIntake()}>Record documents</HeaderNavLink>
                <HeaderNavLink to={consolePaths.unmatchedMails()}>Unmatched mail</HeaderNavLink>
              </>
            ) : null}
            {isSupervisor ? (
              <>
                <HeaderNavLink to={consolePaths.failedMails()}>Failed mails</HeaderNavLink>
                <HeaderNavLink to={consolePaths.staff()}>Staff</HeaderNavLink>
                <HeaderNavLink to={consolePaths.cannedReplies()}>Canned replies</HeaderNavLink>
                <HeaderNavLink to={consolePaths.reports()}>Reports</HeaderNavLink>
              </>
            ) : null}
            {isInformationOfficer ? (
              <>
                <HeaderNavLink to={consolePaths.members()}>Members</HeaderNavLink>
                <HeaderNavLink to={consolePaths.auditTrail()}>Audit trail</HeaderNavLink>
                <HeaderNavLink to={consolePaths.dataRequests()}>Requests</HeaderNavLink>
                <HeaderNavLink to={consolePaths.legalHolds()}>Legal holds</HeaderNavLink>
              </>
            ) : null}
          </nav>
          <span className="navbar-text text-light small">
            <span className="visually-hidden">Logged in as </span>
            {personName(person)}
          </span>
          {logoutButton}
        </div>
      }
    >
      {children}
    </AppLayout>
  );
}
