import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CreateQueryResponse,
  findCategory,
  MEDXPRESS_CATEGORIES,
  medxpressQueryFormSchema,
} from "@portal/domain";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { AttachmentPicker } from "../../../components/attachment-picker/attachment-picker";
import { QueryDetailsField } from "../../../components/form-fields/query-details-field";
import { SelectField } from "../../../components/form-fields/select-field";
import { SendButton } from "../../../components/form-fields/send-button";
import { TextField } from "../../../components/form-fields/text-field";
import { HelpSuggestions } from "../../../components/help-suggestions/help-suggestions";
import { useTranslate } from "../../../i18n/translate";
import { medxpressQueryFields, useCreateMedxpressQuery } from "../api/create-medxpress-query";
import { usePrefilledEmail } from "../hooks/use-prefilled-email";
import { useReplyAddressConfirmation } from "../hooks/use-reply-address-confirmation";
import { logQueryFormMessages } from "../log-query-form.messages";
import { categoryOptions } from "../utils/category-options";
import { CategoryHelp } from "./category-help";
import type { HandOver } from "./hand-over";
import { LogAnotherButton } from "./log-another-button";
import type { NextQueryStart } from "./next-query-start";
import { MedxpressQuerySuccess } from "./query-success";
import { ReplyAddressConfirmation } from "./reply-address-confirmation";
import { SubmitErrorAlert } from "./submit-error-alert";

interface MedxpressQueryFormProps {
  onLogged?: (response: CreateQueryResponse) => void;
  /** Offers "Log another query" after a success; the new form starts with what this one hands over. */
  onLogAnother?: (start: NextQueryStart) => void;
  /** Given when this form follows a query just logged: it starts with its address and takes focus. */
  start?: NextQueryStart;
  /** The virtual assistant's hand-over: choose its category, then focus the form. */
  handOver?: HandOver;
}

/** Requirements §2 "Log-a-query form, medxpress origin": category, email, details and attachments only. */
export function MedxpressQueryForm({ onLogged, onLogAnother, start, handOver }: MedxpressQueryFormProps) {
  const {
    register,
    handleSubmit,
    resetField,
    getValues,
    setFocus,
    setValue,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(medxpressQueryFormSchema),
    // The same display rule as the default form (requirements §5): touched or changed, all fields on submit.
    mode: "all",
    defaultValues: { category: "", email: start?.email ?? "", query: "" },
  });
  const [files, setFiles] = useState<File[]>([]);
  const attachmentsId = useId();
  const submission = useCreateMedxpressQuery(onLogged);
  const { t } = useTranslate();
  usePrefilledEmail((address) => {
    if (getValues("email") === "") resetField("email", { defaultValue: address });
  });
  const replyAddress = useReplyAddressConfirmation(watch("email") ?? "");
  // The button that asked for this form is gone with the success message: keyboard and
  // screen-reader users continue at the form's first field, not at the top of the page.
  useEffect(() => {
    if (start) setFocus("category");
  }, [start, setFocus]);
  // The virtual assistant hands over: its best answer's category is chosen and the form takes focus.
  useEffect(() => {
    if (!handOver) return;
    const option = handOver.choice && findCategory(MEDXPRESS_CATEGORIES, handOver.choice.category);
    if (option) setValue("category", option.value);
    setFocus("category");
  }, [handOver, setValue, setFocus]);
  const category = findCategory(MEDXPRESS_CATEGORIES, watch("category"));

  if (submission.isSuccess) {
    return (
      <>
        <MedxpressQuerySuccess referenceNumber={submission.data.referenceNumber} />
        {onLogAnother ? (
          <LogAnotherButton onClick={() => onLogAnother({ email: getValues("email") })} />
        ) : null}
      </>
    );
  }

  const send = handleSubmit((values) => {
    if (!replyAddress.readyToSend()) return;
    submission.mutate({ fields: { ...medxpressQueryFields(values), ...replyAddress.fields() }, files });
  }, replyAddress.markSendTried);

  return (
    <form noValidate onSubmit={send} aria-label={t(logQueryFormMessages.formName)}>
      <SelectField
        label={t(logQueryFormMessages.category)}
        placeholder={t(logQueryFormMessages.chooseCategory)}
        options={categoryOptions(MEDXPRESS_CATEGORIES, t)}
        registration={register("category")}
        error={errors.category}
      />
      <CategoryHelp category={category} />
      <TextField
        label={t(logQueryFormMessages.email)}
        type="email"
        autoComplete="email"
        required
        registration={register("email")}
        error={errors.email}
        describedBy={replyAddress.noticeId}
      />
      <ReplyAddressConfirmation {...replyAddress.confirmation} />
      <QueryDetailsField
        registration={register("query")}
        error={errors.query}
        length={(watch("query") ?? "").length}
      />
      <HelpSuggestions details={watch("query") ?? ""} />
      <AttachmentPicker
        id={attachmentsId}
        label={t(logQueryFormMessages.attachments)}
        files={files}
        onChange={setFiles}
        disabled={submission.isPending}
      />
      <SubmitErrorAlert error={submission.error} />
      <SendButton
        label={t(logQueryFormMessages.sendQuery)}
        progressLabel={t(logQueryFormMessages.sendingQuery)}
        sending={submission.isPending}
        progress={submission.progress}
      />
    </form>
  );
}
