import {
  type LinkUnmatchedMail,
  UNMATCHED_REASON_LABELS,
  UNMATCHED_REASONS_WITHOUT_BODY,
} from "@portal/domain";
import { type FormEvent, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { ErrorAlert } from "../../../../components/alert/alert";
import { PageHeading } from "../../../../components/console/page-heading";
import { ErrorMessage, SuccessStatus } from "../../../../components/console/status-message";
import { LoadingStatus } from "../../../../components/spinner/spinner";
import { consolePaths } from "../../../../lib/console/console-paths";
import { consoleErrorMessage } from "../../../../lib/console/error-message";
import { formatDateTime, formatSize, personName } from "../../../../lib/console/labels";
import { useUnmatchedMail } from "../../api/get-unmatched-mails";
import { useDiscardUnmatchedMail, useLinkUnmatchedMail } from "../../api/resolve-unmatched-mail";

type TargetKind = "conversation" | "member";

/** #/console/unmatched-mail/:mailId — one mail, as plain text, to link to a query or a member, or discard. */
export function UnmatchedMailRoute() {
  const { mailId } = useParams();
  const id = Number(mailId);
  if (!Number.isSafeInteger(id) || id <= 0) return <ErrorAlert>There is no such mail.</ErrorAlert>;
  return <UnmatchedMailPage mailId={id} />;
}

function UnmatchedMailPage({ mailId }: { mailId: number }) {
  const id = useId();
  const mail = useUnmatchedMail(mailId);
  const link = useLinkUnmatchedMail(mailId);
  const discard = useDiscardUnmatchedMail(mailId);
  const [kind, setKind] = useState<TargetKind>("conversation");
  const [number, setNumber] = useState("");
  const [problem, setProblem] = useState("");
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [done, setDone] = useState<{ text: string; referenceNumber?: number } | null>(null);
  // A mail refused before it was read has no text or files to show or to add to a query.
  const kept = mail.data ? !UNMATCHED_REASONS_WITHOUT_BODY.includes(mail.data.reason) : true;

  const submitLink = (event: FormEvent) => {
    event.preventDefault();
    const value = number.trim();
    if (!/^[1-9][0-9]{0,9}$/.test(value)) {
      setProblem(
        kind === "conversation"
          ? "Enter the query's reference number: digits only."
          : "Enter the member's entity number: digits only.",
      );
      return;
    }
    setProblem("");
    const target: LinkUnmatchedMail =
      kind === "conversation"
        ? { conversationReferenceNumber: Number(value) }
        : { memberEntityNumber: Number(value) };
    link.mutate(target, {
      onSuccess: (result) =>
        setDone({
          text:
            result.outcome === "UPDATE"
              ? `Added to the query as update ${result.referenceNumber}. The member was told by e-mail.`
              : `Logged as new query ${result.referenceNumber}. The member was told by e-mail.`,
          referenceNumber: result.referenceNumber,
        }),
    });
  };

  const confirmDiscard = () =>
    discard.mutate(undefined, { onSuccess: () => setDone({ text: "The mail was discarded." }) });

  if (done) {
    return (
      <section>
        <PageHeading>Unmatched mail</PageHeading>
        <SuccessStatus className="mb-3">{done.text}</SuccessStatus>
        <p className="d-flex flex-wrap gap-2">
          {done.referenceNumber !== undefined ? (
            <Link to={consolePaths.query(done.referenceNumber)} className="btn btn-primary">
              Open query {done.referenceNumber}
            </Link>
          ) : null}
          <Link to={consolePaths.unmatchedMails()} className="btn btn-outline-secondary">
            Back to unmatched mail
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section>
      <PageHeading>Unmatched mail</PageHeading>
      <p>
        <Link to={consolePaths.unmatchedMails()}>Back to unmatched mail</Link>
      </p>
      {mail.isPending ? <LoadingStatus label="Loading the mail..." /> : null}
      {mail.isError ? (
        <ErrorAlert>
          {consoleErrorMessage(
            mail.error,
            "The mail could not be loaded. It may have been linked or discarded.",
          )}
        </ErrorAlert>
      ) : null}
      {mail.data ? (
        <>
          <h2 className="h4 text-break">{mail.data.subject || "(no subject)"}</h2>
          <dl className="row">
            <dt className="col-sm-3">From</dt>
            <dd className="col-sm-9 text-break">{mail.data.from ?? "—"}</dd>
            <dt className="col-sm-3">To</dt>
            <dd className="col-sm-9 text-break">{mail.data.to.join(", ") || "—"}</dd>
            <dt className="col-sm-3">Received</dt>
            <dd className="col-sm-9">{formatDateTime(mail.data.receivedAt)}</dd>
            <dt className="col-sm-3">Why it is here</dt>
            <dd className="col-sm-9">{UNMATCHED_REASON_LABELS[mail.data.reason]}</dd>
            {mail.data.conversationReferenceNumber !== null ? (
              <>
                <dt className="col-sm-3">Seems to be about</dt>
                <dd className="col-sm-9">
                  <Link to={consolePaths.query(mail.data.conversationReferenceNumber)}>
                    Query {mail.data.conversationReferenceNumber}
                  </Link>
                  {mail.data.member ? ` of ${personName(mail.data.member)}` : null}
                </dd>
              </>
            ) : null}
            {mail.data.sizeBytes !== null ? (
              <>
                <dt className="col-sm-3">Size</dt>
                <dd className="col-sm-9">{formatSize(mail.data.sizeBytes)}</dd>
              </>
            ) : null}
            {kept ? (
              <>
                <dt className="col-sm-3">Files</dt>
                <dd className="col-sm-9 text-break">{mail.data.files.join(", ") || "None"}</dd>
              </>
            ) : null}
          </dl>
          {kept ? null : (
            <p>
              The portal did not read this mail: only its sender, subject and size were kept. The mail itself
              was moved to the support mailbox's Refused folder, where the mailbox's administrator can open
              it. Nothing was sent to the sender. It cannot be added to a query from here.
            </p>
          )}
        </>
      ) : null}
      {mail.data && kept ? (
        <>
          <h3 className="h5">Text</h3>
          {/* Plain text from the server, shown as text: nothing in a stranger's mail can run or load. */}
          <div className="border rounded p-3 bg-body-tertiary text-break">
            <MailText text={mail.data.text} />
          </div>

          <h3 className="h5 mt-4" id={`${id}-link`}>
            Add it to a query
          </h3>
          <form onSubmit={submitLink} aria-labelledby={`${id}-link`} noValidate>
            <fieldset className="mb-3">
              <legend className="fs-6">Add it to</legend>
              <div className="form-check">
                <input
                  className="form-check-input"
                  type="radio"
                  name={`${id}-kind`}
                  id={`${id}-conversation`}
                  checked={kind === "conversation"}
                  onChange={() => setKind("conversation")}
                />
                <label className="form-check-label" htmlFor={`${id}-conversation`}>
                  A query (an update, or a new query when it is closed)
                </label>
              </div>
              <div className="form-check">
                <input
                  className="form-check-input"
                  type="radio"
                  name={`${id}-kind`}
                  id={`${id}-member`}
                  checked={kind === "member"}
                  onChange={() => setKind("member")}
                />
                <label className="form-check-label" htmlFor={`${id}-member`}>
                  A member (a new query)
                </label>
              </div>
            </fieldset>
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-number`}>
                {kind === "conversation" ? "Query reference number" : "Member entity number"}
              </label>
              <input
                id={`${id}-number`}
                className={`form-control w-auto${problem ? " is-invalid" : ""}`}
                inputMode="numeric"
                autoComplete="off"
                value={number}
                onChange={(event) => setNumber(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
              />
              {problem ? (
                <div className="invalid-feedback" id={`${id}-problem`}>
                  {problem}
                </div>
              ) : null}
            </div>
            <ErrorMessage>
              {link.error
                ? consoleErrorMessage(link.error, "The mail could not be added. Please try again.")
                : null}
            </ErrorMessage>
            <button type="submit" className="btn btn-primary" disabled={link.isPending}>
              Add to {kind === "conversation" ? "query" : "member"}
            </button>
          </form>
        </>
      ) : null}
      {mail.data ? (
        <>
          <h3 className="h5 mt-4">Discard it</h3>
          <p>
            Discard automatic replies, delivery failures and mail that is not for the scheme. It is deleted.
          </p>
          <ErrorMessage>
            {discard.error
              ? consoleErrorMessage(discard.error, "The mail could not be discarded. Please try again.")
              : null}
          </ErrorMessage>
          {confirmingDiscard ? (
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <span>Discard this mail for good?</span>
              <button
                type="button"
                className="btn btn-danger"
                onClick={confirmDiscard}
                disabled={discard.isPending}
              >
                Discard this mail
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => setConfirmingDiscard(false)}
              >
                Keep it
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={() => setConfirmingDiscard(true)}
            >
              Discard
            </button>
          )}
        </>
      ) : null}
    </section>
  );
}

/** The mail's text as paragraphs (blank lines) and line breaks, as its writer laid it out. */
function MailText({ text }: { text: string }) {
  if (text.trim() === "") return <p className="mb-0">(no text)</p>;
  const paragraphs = text.split(/\n\s*\n/);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the text never changes while shown
        <p key={index} className={index === paragraphs.length - 1 ? "mb-0" : undefined}>
          {paragraph.split("\n").map((line, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the text never changes while shown
            <span key={at}>
              {at > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ))}
    </>
  );
}
