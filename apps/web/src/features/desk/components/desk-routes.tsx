import type { ReactNode } from "react";
import { Route } from "react-router";
import type { ConsoleUser } from "../../../components/console/console-user";
import { DocumentIntakePage } from "./document-intake-page";
import { QueryRoute } from "./query-page";
import { QueuePage } from "./queue-page";
import { UnmatchedMailRoute } from "./unmatched-mail/unmatched-mail-page";
import { UnmatchedMailsPage } from "./unmatched-mail/unmatched-mails-page";

/** The desk's pages for agents and supervisors, as <Route> elements below /console (the app mounts them). */
export function deskRoutes(user: ConsoleUser): ReactNode {
  if (!user.isDesk) return null;
  return (
    <>
      <Route index element={<QueuePage />} />
      <Route path="queries/:reference" element={<QueryRoute />} />
      <Route path="documents/new" element={<DocumentIntakePage />} />
      <Route path="unmatched-mail" element={<UnmatchedMailsPage />} />
      <Route path="unmatched-mail/:mailId" element={<UnmatchedMailRoute />} />
    </>
  );
}
