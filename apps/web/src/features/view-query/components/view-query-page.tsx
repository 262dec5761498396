import { awaitingReply, type ReplyStatus } from "@portal/domain";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { BackButton } from "../../../components/back-button/back-button";
import { PageTitle } from "../../../components/page-title/page-title";
import { Redirect } from "../../../components/redirect/redirect";
import { replyStatusToday } from "../../../components/reply-expected-by/reply-expected-by";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { useAppConfig } from "../../../config/app-config";
import { HOME_HREF } from "../../../config/paths";
import { useTranslate } from "../../../i18n/translate";
import { useDisclosure } from "../../../lib/use-disclosure";
import { agentReplyDocumentUrl, useAgentResponse } from "../api/get-agent-response";
import { queryAttachmentUrl, replyAttachmentUrl, useQueryView } from "../api/get-query";
import { queryFetchErrorMessage } from "../utils/fetch-error-message";
import { updateUnavailableReason } from "../utils/update-unavailable";
import { readViewQueryParams } from "../utils/view-query-params";
import { viewQueryMessages } from "../view-query.messages";
import { AgentReplyCard } from "./agent-reply-card";
import { QueryAttachments } from "./query-attachments";
import { QueryDetailsCard } from "./query-details-card";
import { hasOtherQueries, QueryThreadCard } from "./query-thread-card";
import { ReplyFiles } from "./reply-files";
import { UpdateUnavailableNote } from "./update-unavailable-note";

/** The update form, given by the app layer (a feature never imports another feature). */
export type RenderUpdateForm = (referenceNumber: number, routeOrigin: string) => ReactNode;

/** View-query screen (requirements §2, update/{origin}?reference=N&timeline=…). */
export function ViewQueryPage({ renderUpdateForm }: { renderUpdateForm: RenderUpdateForm }) {
  const { origin = "default" } = useParams();
  const [searchParams] = useSearchParams();
  const params = readViewQueryParams(searchParams);
  if (!params) return <Redirect to={HOME_HREF} />;
  return (
    <ViewQueryScreen
      // A new reference is a new screen: nothing (an open reply, the toggle) carries over.
      key={`${origin}:${params.referenceNumber}:${params.updateInitiallyOpen}`}
      routeOrigin={origin}
      referenceNumber={params.referenceNumber}
      updateInitiallyOpen={params.updateInitiallyOpen}
      renderUpdateForm={renderUpdateForm}
    />
  );
}

interface ViewQueryScreenProps {
  routeOrigin: string;
  referenceNumber: number;
  updateInitiallyOpen: boolean;
  renderUpdateForm: RenderUpdateForm;
}

function ViewQueryScreen({
  routeOrigin,
  referenceNumber,
  updateInitiallyOpen,
  renderUpdateForm,
}: ViewQueryScreenProps) {
  const { smartInquiryBase } = useAppConfig();
  const { t } = useTranslate();
  const queryView = useQueryView(referenceNumber, routeOrigin);
  const agentResponse = useAgentResponse(referenceNumber, routeOrigin);
  const [replyOpen, setReplyOpen] = useState(false);
  const update = useDisclosure(updateInitiallyOpen);
  const viewReplyButton = useRef<HTMLButtonElement>(null);
  const focusViewReplyButton = useRef(false);

  // Closing the reply removes the Close button that had focus: give focus back to the button that
  // opened it, so a keyboard user does not land at the top of the page.
  useEffect(() => {
    if (replyOpen || !focusViewReplyButton.current) return;
    focusViewReplyButton.current = false;
    viewReplyButton.current?.focus();
  }, [replyOpen]);
  const closeReply = () => {
    focusViewReplyButton.current = true;
    setReplyOpen(false);
  };

  const loading = queryView.isPending || agentResponse.isPending;
  const fetchError = queryView.error ?? agentResponse.error;
  const query = queryView.data;
  // One decision for every sentence about the reply: the line under the query, the button, the notes.
  const reply: ReplyStatus | undefined =
    query &&
    replyStatusToday({
      status: query.status,
      repliedAt: query.repliedAt,
      replyExpectedBy: query.replyExpectedBy,
      ownReply: agentResponse.data != null,
    });
  // Requirements §2: the update option needs no fetch error, a closed reply and an updatable query.
  // Whether it is updatable (status, age, origin, legacy) is the server's canUpdate alone (§10.6).
  const updatable = !loading && !fetchError && query?.canUpdate === true;
  const updateAllowed = updatable && !replyOpen;
  // Where no update can ever be added, the screen says why and what to do instead (not after a
  // failure that a later try may mend: the §8 sentence asks to try again).
  const unavailable = loading
    ? undefined
    : updateUnavailableReason({
        queryError: queryView.error,
        query: fetchError ? undefined : query,
        routeOrigin,
      });

  return (
    <section>
      <PageTitle>{t(viewQueryMessages.pageTitle, { referenceNumber })}</PageTitle>
      <h1 className="h2 mb-4">{t(viewQueryMessages.heading)}</h1>
      {loading && <LoadingStatus label={t(viewQueryMessages.loading)} />}
      {!loading && fetchError && (
        <ErrorAlert>{t(queryFetchErrorMessage(queryView.error ?? fetchError))}</ErrorAlert>
      )}
      {!loading && !fetchError && query && reply && (
        <>
          <QueryDetailsCard query={query} replyStatus={reply}>
            <QueryAttachments
              attachments={query.attachments}
              hrefFor={(attachmentId) =>
                queryAttachmentUrl(smartInquiryBase, referenceNumber, attachmentId, routeOrigin)
              }
            />
            {reply.kind === "REPLIED" && agentResponse.data
              ? !replyOpen && (
                  <button
                    ref={viewReplyButton}
                    type="button"
                    className="btn btn-outline-primary mt-2"
                    onClick={() => setReplyOpen(true)}
                  >
                    {t(viewQueryMessages.viewReply)}
                  </button>
                )
              : null}
            {reply.kind === "REPLIED_IN_CONVERSATION" ? (
              <p className="text-body-secondary mt-2 mb-0">{t(viewQueryMessages.replyInConversation)}</p>
            ) : null}
            {reply.kind === "CLOSED" ? (
              <p className="text-body-secondary mt-2 mb-0">{t(viewQueryMessages.closed)}</p>
            ) : null}
            {awaitingReply(reply) ? (
              <p className="text-body-secondary mt-2 mb-0">{t(viewQueryMessages.noReplyYet)}</p>
            ) : null}
          </QueryDetailsCard>
          {replyOpen && agentResponse.data && (
            <AgentReplyCard
              src={agentReplyDocumentUrl(smartInquiryBase, referenceNumber, routeOrigin)}
              onClose={closeReply}
            />
          )}
          {/* Under the reply, open or not; the files of the reply the button opens (the newest). */}
          {agentResponse.data && query.replyAttachments && query.replyAttachments.length > 0 && (
            <ReplyFiles
              files={query.replyAttachments}
              hrefFor={(attachmentId) =>
                replyAttachmentUrl(smartInquiryBase, referenceNumber, attachmentId, routeOrigin)
              }
            />
          )}
          {query.thread && hasOtherQueries(query.thread, referenceNumber) && (
            <QueryThreadCard
              thread={query.thread}
              referenceNumber={referenceNumber}
              routeOrigin={routeOrigin}
            />
          )}
        </>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <BackButton />
        {updateAllowed && (
          <button type="button" className="btn btn-primary" {...update.toggleProps}>
            {t(viewQueryMessages.updateQuery)}
          </button>
        )}
      </div>
      {unavailable && (
        <UpdateUnavailableNote
          reason={unavailable}
          referenceNumber={referenceNumber}
          routeOrigin={routeOrigin}
        />
      )}
      {/* Hidden rather than removed while the reply is open, so a half-typed update survives it. */}
      {updatable && (
        <div id={update.regionId} hidden={!updateAllowed || !update.open}>
          {renderUpdateForm(referenceNumber, routeOrigin)}
        </div>
      )}
    </section>
  );
}
