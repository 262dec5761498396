import { isDefaultRouteOrigin } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { PageTitle } from "../../components/page-title/page-title";
import { LogNewQueryCard } from "../../features/contact-us/components/log-new-query-card";
import { contactUsMessages } from "../../features/contact-us/contact-us.messages";
import type { HandOver } from "../../features/log-query/components/hand-over";
import { LogQueryForm } from "../../features/log-query/components/log-query-form";
import { openQueriesKeyRoot } from "../../features/open-queries/api/get-open-queries";
import { OpenQueries } from "../../features/open-queries/components/open-queries";
import { useTranslate } from "../../i18n/translate";

/** The new-query card's title: where "Skip to Log a new query" lands, past the open queries' links. */
const LOG_NEW_QUERY_TITLE_ID = "log-new-query-title";

/** Contact-us screen (requirements §2): the open queries (default origin only), then the log-a-new-query card. */
export function ContactUsRoute() {
  const { origin = "default" } = useParams();
  const queryClient = useQueryClient();
  // A newly logged query belongs in the open list as soon as the member comes back to it.
  const refreshOpenQueries = () => queryClient.invalidateQueries({ queryKey: openQueriesKeyRoot });
  // "Still need help? Log a query" in the virtual assistant: the form chooses the category.
  const [handOver, setHandOver] = useState<HandOver>();
  const { t } = useTranslate();
  return (
    <section>
      {/* The heading asks a question; the tab says which screen this is, as the menu names it. */}
      <PageTitle>{t(contactUsMessages.pageTitle)}</PageTitle>
      <h1 className="h2 mb-4">{t(contactUsMessages.heading)}</h1>
      {isDefaultRouteOrigin(origin) ? (
        <OpenQueries
          origin={origin}
          skipPast={{ targetId: LOG_NEW_QUERY_TITLE_ID, label: t(contactUsMessages.skipToLogNewQuery) }}
        />
      ) : null}
      <LogNewQueryCard titleId={LOG_NEW_QUERY_TITLE_ID} onLogQuery={(choice) => setHandOver({ choice })}>
        {/* Keyed by origin: moving between channels starts a fresh form of the right kind. */}
        <LogQueryForm key={origin} origin={origin} onLogged={refreshOpenQueries} handOver={handOver} />
      </LogNewQueryCard>
    </section>
  );
}

// Loaded lazily, so the login screen's bundle carries none of the member pages.
export { ContactUsRoute as Component };
