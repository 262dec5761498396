import { zodResolver } from "@hookform/resolvers/zod";
import { type InternalNote, noteBodySchema } from "@portal/domain";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { useAddNote } from "../api/add-note";
import { useDraftSaver, useDrafts } from "../api/drafts";
import { useLeaveWarning } from "../hooks/use-leave-warning";

interface InternalNotesProps {
  referenceNumber: number;
  notes: readonly InternalNote[];
}

/** Notes between staff about the query: in console answers only, never in anything the member gets. */
export function InternalNotes({ referenceNumber, notes }: InternalNotesProps) {
  const id = useId();
  const addNote = useAddNote(referenceNumber);
  const [added, setAdded] = useState("");
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(noteBodySchema), defaultValues: { text: "" } });
  const { errorId, controlProps } = errorAttributes(`${id}-text`, errors.text, [`${id}-warning`]);
  // The note being written is kept as a draft (api/drafts.ts) and comes back when the page opens.
  const drafts = useDrafts(referenceNumber);
  const draft = useDraftSaver(referenceNumber, "NOTE");
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !drafts.isSuccess) return;
    restored.current = true;
    if (drafts.data.note) reset({ text: drafts.data.note.text });
  }, [drafts.isSuccess, drafts.data, reset]);
  useLeaveWarning(draft.state !== "saved");
  const field = register("text", { onChange: (event) => draft.change(event.target.value) });

  const submit = handleSubmit(({ text }) => {
    setAdded("");
    addNote.mutate(text, {
      onSuccess: () => {
        draft.settle();
        reset({ text: "" });
        setAdded("Note added.");
      },
    });
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="card border-warning mb-4">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4">
          Internal notes
        </h2>
        <p id={`${id}-warning`} className="badge text-bg-warning text-wrap">
          Internal — never shown to the member
        </p>
        {notes.length === 0 ? (
          <p className="text-body-secondary">No notes yet.</p>
        ) : (
          <ul className="list-unstyled" aria-label="Notes">
            {notes.map((note) => (
              <li key={note.id} className="border-bottom py-2">
                <p className="console-text mb-1">{note.text}</p>
                <p className="small text-body-secondary mb-0">
                  {personName(note.author)}, {formatDateTime(note.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <form noValidate onSubmit={submit} aria-label="Add an internal note">
          <div className="mb-2">
            <label htmlFor={`${id}-text`} className="form-label">
              New note
            </label>
            <textarea
              id={`${id}-text`}
              rows={3}
              className={`form-control${errors.text ? " is-invalid" : ""}`}
              {...controlProps}
              {...field}
            />
            <FieldErrorText id={errorId} error={errors.text} />
          </div>
          <button type="submit" className="btn btn-outline-dark" disabled={addNote.isPending}>
            Add note
          </button>
          <SuccessStatus>{added}</SuccessStatus>
          <ErrorMessage>
            {addNote.error
              ? consoleErrorMessage(addNote.error, "The note could not be added. Please try again.")
              : null}
          </ErrorMessage>
        </form>
      </div>
    </section>
  );
}
