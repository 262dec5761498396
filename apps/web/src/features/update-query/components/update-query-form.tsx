import { zodResolver } from "@hookform/resolvers/zod";
import { ERROR_MESSAGES, EXCEPTION_CODES, REPLY_PROMISES, updateQueryFormSchema } from "@portal/domain";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/alert/alert";
import { AttachmentPicker } from "../../../components/attachment-picker/attachment-picker";
import { QueryDetailsField } from "../../../components/form-fields/query-details-field";
import { SendButton } from "../../../components/form-fields/send-button";
import { isHttpError } from "../../../lib/http";
import { queryUpdateFields, useSendQueryUpdate } from "../api/send-query-update";

interface UpdateQueryFormProps {
  referenceNumber: number;
  /** The route's origin (default or medxpress), sent as MEMBER_WEB or MED_XPRESS. */
  routeOrigin: string;
}

/** The sentence for a failed update (requirements §8): the attachment rule's, or the update sentence. */
function updateErrorMessage(error: Error): string {
  if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.ATTACHMENT_RULE) {
    return ERROR_MESSAGES.attachmentRule;
  }
  return ERROR_MESSAGES.update;
}

/** Requirements §2 "Update-query screen": details, attachments, "Send Update", then the new reference number. */
export function UpdateQueryForm({ referenceNumber, routeOrigin }: UpdateQueryFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(updateQueryFormSchema),
    // Requirements §5: errors once a field is touched or changed; submitting marks every field.
    mode: "all",
    defaultValues: { query: "" },
  });
  const [files, setFiles] = useState<File[]>([]);
  const attachmentsId = useId();
  const update = useSendQueryUpdate(referenceNumber);

  return (
    <section className="card mb-3" aria-labelledby="update-query-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="update-query-title">
          Update query
        </h2>
        {update.isSuccess ? (
          <div className="alert alert-success mb-0" role="status" data-testid="update-success">
            <p className="mb-1">{REPLY_PROMISES.update}</p>
            <p className="mb-0">
              Your new reference number is <strong>{update.data.referenceNumber}</strong>.
            </p>
          </div>
        ) : (
          <form
            noValidate
            aria-label="Update query"
            // On failure nothing is reset: the details and the files stay for another try.
            onSubmit={handleSubmit((values) =>
              update.mutate({ fields: queryUpdateFields(values.query, routeOrigin), files }),
            )}
          >
            <QueryDetailsField
              registration={register("query")}
              error={errors.query}
              length={(watch("query") ?? "").length}
            />
            <AttachmentPicker
              id={attachmentsId}
              label="Attachments"
              files={files}
              onChange={setFiles}
              disabled={update.isPending}
            />
            {update.error && <ErrorAlert>{updateErrorMessage(update.error)}</ErrorAlert>}
            <SendButton
              label="Send Update"
              progressLabel="Sending your update"
              sending={update.isPending}
              progress={update.progress}
            />
          </form>
        )}
      </div>
    </section>
  );
}
