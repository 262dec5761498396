import { zodResolver } from "@hookform/resolvers/zod";
import type { MessageDescriptor } from "@lingui/core";
import { EXCEPTION_CODES, updateQueryFormSchema } from "@portal/domain";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/alert/alert";
import { AttachmentPicker } from "../../../components/attachment-picker/attachment-picker";
import { QueryDetailsField } from "../../../components/form-fields/query-details-field";
import { SendButton } from "../../../components/form-fields/send-button";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { isHttpError } from "../../../lib/http";
import { queryUpdateFields, useSendQueryUpdate } from "../api/send-query-update";
import { updateQueryMessages } from "../update-query.messages";

interface UpdateQueryFormProps {
  referenceNumber: number;
  /** The route's origin (default or medxpress), sent as MEMBER_WEB or MED_XPRESS. */
  routeOrigin: string;
}

/** The sentence for a failed update (requirements §8): the attachment rule's, or the update sentence. */
function updateErrorMessage(error: Error): MessageDescriptor {
  if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.ATTACHMENT_RULE) {
    return updateQueryMessages.attachmentRule;
  }
  return updateQueryMessages.updateFailed;
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
  const { t } = useTranslate();

  return (
    <section className="card mb-3" aria-labelledby="update-query-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="update-query-title">
          {t(updateQueryMessages.title)}
        </h2>
        {update.isSuccess ? (
          <div className="alert alert-success mb-0" role="status" data-testid="update-success">
            <p className="mb-1">{t(updateQueryMessages.replyPromise)}</p>
            <p className="mb-0">
              {formatElements(
                t(updateQueryMessages.newReferenceNumber, { referenceNumber: update.data.referenceNumber }),
                [<strong key="number">{update.data.referenceNumber}</strong>],
              )}
            </p>
          </div>
        ) : (
          <form
            noValidate
            aria-label={t(updateQueryMessages.formName)}
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
              label={t(updateQueryMessages.attachments)}
              files={files}
              onChange={setFiles}
              disabled={update.isPending}
            />
            {update.error && <ErrorAlert>{t(updateErrorMessage(update.error))}</ErrorAlert>}
            <SendButton
              label={t(updateQueryMessages.sendUpdate)}
              progressLabel={t(updateQueryMessages.sendingUpdate)}
              sending={update.isPending}
              progress={update.progress}
            />
          </form>
        )}
      </div>
    </section>
  );
}
