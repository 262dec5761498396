import { CANNED_REPLY_LIMITS, CANNED_REPLY_PLACEHOLDERS, type CannedReply } from "@portal/domain";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useCannedReplies } from "../../../api/console/get-canned-replies";
import { ErrorAlert } from "../../../components/alert/alert";
import { PageHeading } from "../../../components/console/page-heading";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { formatDateTime } from "../../../lib/console/labels";
import { shownReplyHtml } from "../../../lib/console/reply-html";
import { useCreateCannedReply } from "../api/create-canned-reply";
import { useDeleteCannedReply } from "../api/delete-canned-reply";
import { useUpdateCannedReply } from "../api/update-canned-reply";
import { CannedReplyForm } from "./canned-reply-form";

const editButtonId = (id: number) => `canned-reply-edit-${id}`;
const deleteButtonId = (id: number) => `canned-reply-delete-${id}`;

const saveFailed = (error: Error | null) =>
  error ? consoleErrorMessage(error, "The canned reply could not be saved. Please try again.") : "";

/** What each placeholder becomes when an agent inserts the reply. */
function Placeholders() {
  return (
    <section aria-labelledby="canned-placeholders-heading" className="mb-4">
      <h2 id="canned-placeholders-heading" className="h4">
        Placeholders
      </h2>
      <p>Write these in a reply where the conversation's own details should go:</p>
      <dl className="row mb-0">
        <dt className="col-sm-4">
          <code>{CANNED_REPLY_PLACEHOLDERS.firstName}</code>
        </dt>
        <dd className="col-sm-8">The member's first name.</dd>
        <dt className="col-sm-4">
          <code>{CANNED_REPLY_PLACEHOLDERS.referenceNumber}</code>
        </dt>
        <dd className="col-sm-8">The conversation's reference number.</dd>
        <dt className="col-sm-4">
          <code>{CANNED_REPLY_PLACEHOLDERS.dueDate}</code>
        </dt>
        <dd className="col-sm-8">
          The day the reply is due, as the member was told it (e.g. 2026-11-24). When no reply is owed it
          stays as it is, for the agent to see and change.
        </dd>
      </dl>
    </section>
  );
}

/**
 * #/console/canned-replies (supervisors): the texts agents insert into a reply and then edit. A
 * supervisor adds one, changes its title or text, or deletes it after a confirmation.
 */
export function CannedRepliesPage() {
  const id = useId();
  const cannedReplies = useCannedReplies();
  const create = useCreateCannedReply();
  const update = useUpdateCannedReply();
  const remove = useDeleteCannedReply();
  const [done, setDone] = useState("");
  const [addForm, setAddForm] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const list = cannedReplies.data ?? [];
  const full = list.length >= CANNED_REPLY_LIMITS.maxCount;

  // Back to the button that opened a form or a question once it closes; to the list after a delete.
  useEffect(() => {
    if (focusAfter === null) return;
    const target = focusAfter === "list" ? listHeading.current : document.getElementById(focusAfter);
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const startEditing = (reply: CannedReply) => {
    setDone("");
    update.reset();
    setConfirming(null);
    setEditing(reply.id);
  };
  const stopEditing = (reply: CannedReply) => {
    setEditing(null);
    setFocusAfter(editButtonId(reply.id));
  };
  const askDelete = (reply: CannedReply) => {
    setDone("");
    remove.reset();
    setEditing(null);
    setConfirming(reply.id);
  };
  const cancelDelete = (reply: CannedReply) => {
    setConfirming(null);
    setFocusAfter(deleteButtonId(reply.id));
  };

  return (
    <section>
      <PageHeading>Canned replies</PageHeading>
      <p>
        Texts the agents insert into a reply (from “Canned reply” beside the reply) and then change as the
        conversation needs before sending it.
      </p>
      <Placeholders />
      <section aria-labelledby={`${id}-add`} className="mb-4">
        <h2 id={`${id}-add`} className="h4">
          Add a canned reply
        </h2>
        {full ? (
          <p className="text-body-secondary">
            There are {CANNED_REPLY_LIMITS.maxCount} canned replies, as many as there may be: delete one
            before adding another.
          </p>
        ) : (
          <CannedReplyForm
            key={addForm}
            label="Add a canned reply"
            submitLabel="Add canned reply"
            pending={create.isPending}
            failure={saveFailed(create.error)}
            onSave={(body) => {
              setDone("");
              create.mutate(body, {
                onSuccess: (saved) => {
                  setAddForm((form) => form + 1);
                  setDone(`“${saved.title}” is added.`);
                },
              });
            }}
          />
        )}
      </section>
      <SuccessStatus className="mb-3">{done}</SuccessStatus>
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="h4 console-focus-target" ref={listHeading} tabIndex={-1}>
          The canned replies
        </h2>
        {cannedReplies.isPending ? <LoadingStatus label="Loading the canned replies..." /> : null}
        {cannedReplies.isError ? (
          <>
            <ErrorAlert>
              {consoleErrorMessage(
                cannedReplies.error,
                "The canned replies could not be loaded. Please try again.",
              )}
            </ErrorAlert>
            <button type="button" className="btn btn-outline-primary" onClick={() => cannedReplies.refetch()}>
              Try again
            </button>
          </>
        ) : null}
        {cannedReplies.isSuccess && list.length === 0 ? (
          <p className="text-body-secondary">No canned replies yet.</p>
        ) : null}
        {list.length > 0 ? (
          <ul className="list-unstyled mb-0">
            {list.map((reply) => (
              <li key={reply.id} className="card mb-3">
                <CannedReplyItem
                  reply={reply}
                  editing={editing === reply.id}
                  confirming={confirming === reply.id}
                  saving={update.isPending}
                  saveFailure={editing === reply.id ? saveFailed(update.error) : ""}
                  deleting={remove.isPending}
                  deleteFailure={
                    confirming === reply.id && remove.error
                      ? consoleErrorMessage(
                          remove.error,
                          "The canned reply could not be deleted. Please try again.",
                        )
                      : ""
                  }
                  onEdit={() => startEditing(reply)}
                  onCancelEdit={() => stopEditing(reply)}
                  onSave={(body) =>
                    update.mutate(
                      { id: reply.id, body },
                      {
                        onSuccess: (saved) => {
                          stopEditing(reply);
                          setDone(`“${saved.title}” is saved.`);
                        },
                      },
                    )
                  }
                  onDelete={() => askDelete(reply)}
                  onCancelDelete={() => cancelDelete(reply)}
                  onConfirmDelete={() =>
                    remove.mutate(reply.id, {
                      onSuccess: () => {
                        setConfirming(null);
                        setDone(`“${reply.title}” is deleted.`);
                        setFocusAfter("list");
                      },
                    })
                  }
                />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}

interface CannedReplyItemProps {
  reply: CannedReply;
  editing: boolean;
  confirming: boolean;
  saving: boolean;
  saveFailure: string;
  deleting: boolean;
  deleteFailure: string;
  onEdit(): void;
  onCancelEdit(): void;
  onSave(body: { title: string; html: string }): void;
  onDelete(): void;
  onCancelDelete(): void;
  onConfirmDelete(): void;
}

function CannedReplyItem(props: CannedReplyItemProps) {
  const { reply, editing, confirming } = props;
  const id = useId();
  const html = useMemo(() => shownReplyHtml(reply.html), [reply.html]);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  return (
    <article className="card-body" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {reply.title}
      </h3>
      <p className="small text-body-secondary">Last changed {formatDateTime(reply.updatedAt)}</p>
      {editing ? (
        <CannedReplyForm
          initial={reply}
          label={`Change “${reply.title}”`}
          submitLabel="Save"
          pending={props.saving}
          failure={props.saveFailure}
          onSave={props.onSave}
          onCancel={props.onCancelEdit}
          focusTitle
        />
      ) : (
        <>
          <div
            className="reply-html border rounded p-2 mb-3"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by shownReplyHtml (cleanReplyHtml) just above.
            dangerouslySetInnerHTML={{ __html: html }}
          />
          {confirming ? (
            <div className="d-flex flex-wrap align-items-center gap-2">
              <p id={`${id}-question`} className="mb-0">
                {`Delete “${reply.title}”? Agents can no longer insert it.`}
              </p>
              <button
                ref={confirmButton}
                type="button"
                className="btn btn-sm btn-danger"
                aria-describedby={`${id}-question`}
                disabled={props.deleting}
                onClick={props.onConfirmDelete}
              >
                Delete canned reply
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={props.deleting}
                onClick={props.onCancelDelete}
              >
                Cancel
              </button>
            </div>
          ) : (
            <div className="d-flex flex-wrap gap-2">
              <button
                id={editButtonId(reply.id)}
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={`Edit ${reply.title}`}
                onClick={props.onEdit}
              >
                Edit
              </button>
              <button
                id={deleteButtonId(reply.id)}
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Delete ${reply.title}`}
                onClick={props.onDelete}
              >
                Delete
              </button>
            </div>
          )}
          <ErrorMessage>{props.deleteFailure}</ErrorMessage>
        </>
      )}
    </article>
  );
}
