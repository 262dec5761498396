import { zodResolver } from "@hookform/resolvers/zod";
import {
  CANNED_REPLY_LIMITS,
  CANNED_REPLY_PLACEHOLDERS,
  type CannedReply,
  type CannedReplyBody,
  CONSOLE_LIMITS,
  cannedReplyBodySchema,
} from "@portal/domain";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ErrorMessage } from "../../../components/console/status-message";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { hasFormatting, replyHtmlToText, textToReplyHtml } from "../utils/canned-reply-text";
import { CannedReplyTextField } from "./canned-reply-text-field";

const formSchema = z.object({
  title: cannedReplyBodySchema.shape.title,
  text: z
    .string()
    .trim()
    .min(1, "Please write the reply.")
    // Each character may become an entity or a tag in the HTML kept; the HTML's own limit is checked too.
    .max(CONSOLE_LIMITS.replyHtmlMaxLength, "The reply is too long. Please shorten it."),
});
type FormValues = z.infer<typeof formSchema>;

interface CannedReplyFormProps {
  /** The canned reply being changed; none for a new one. */
  initial?: CannedReply;
  /** The form's name and its button's words, e.g. "Add canned reply". */
  label: string;
  submitLabel: string;
  pending: boolean;
  /** Why the last save failed, in words; "" when it did not. */
  failure: string;
  onSave: (body: CannedReplyBody) => void;
  onCancel?: () => void;
  /** Focus the title when the form opens (editing one from the list). */
  focusTitle?: boolean;
}

/** A canned reply's title and text; the text is kept as HTML (a paragraph for each blank-line block). */
export function CannedReplyForm(props: CannedReplyFormProps) {
  const { initial, label, submitLabel, pending, failure, onSave, onCancel, focusTitle = false } = props;
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { title: initial?.title ?? "", text: initial ? replyHtmlToText(initial.html) : "" },
  });
  const title = errorAttributes(`${id}-title`, errors.title);
  const text = errorAttributes(`${id}-text`, errors.text, [`${id}-hint`]);
  const losesFormatting = initial !== undefined && hasFormatting(initial.html);

  useEffect(() => {
    if (focusTitle) setFocus("title");
  }, [focusTitle, setFocus]);

  const submit = handleSubmit((values) => {
    const html = textToReplyHtml(values.text);
    if (html.length > CONSOLE_LIMITS.replyHtmlMaxLength) {
      setError("text", { message: "The reply is too long. Please shorten it." }, { shouldFocus: true });
      return;
    }
    onSave({ title: values.title, html });
  });

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <div className="mb-3">
        <label htmlFor={`${id}-title`} className="form-label">
          Title
        </label>
        <input
          id={`${id}-title`}
          type="text"
          className={`form-control${errors.title ? " is-invalid" : ""}`}
          maxLength={CANNED_REPLY_LIMITS.titleMaxLength}
          {...title.controlProps}
          {...register("title")}
        />
        <FieldErrorText id={title.errorId} error={errors.title} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-text`} className="form-label">
          Text
        </label>
        <CannedReplyTextField
          id={`${id}-text`}
          invalid={errors.text !== undefined}
          {...text.controlProps}
          {...register("text")}
        />
        <div id={`${id}-hint`} className="form-text">
          A blank line starts a new paragraph. {CANNED_REPLY_PLACEHOLDERS.firstName},{" "}
          {CANNED_REPLY_PLACEHOLDERS.referenceNumber} and {CANNED_REPLY_PLACEHOLDERS.dueDate} are filled in
          when an agent inserts the reply.
        </div>
        <FieldErrorText id={text.errorId} error={errors.text} />
        {losesFormatting ? (
          <div className="alert alert-warning mt-2 mb-0">
            This reply has formatting (bold, a list, a link or a table) that this text box cannot keep: saving
            it here keeps its words only.
          </div>
        ) : null}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline-secondary" disabled={pending} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <ErrorMessage>{failure}</ErrorMessage>
    </form>
  );
}
