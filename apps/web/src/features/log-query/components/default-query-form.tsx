import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CreateQueryResponse,
  categoryNeedsSubCategory,
  DEFAULT_CATEGORIES,
  defaultQueryFormSchema,
  findCategory,
  isRedirectOnlySubCategory,
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
import { defaultQueryFields, useCreateDefaultQuery } from "../api/create-default-query";
import { usePrefilledEmail } from "../hooks/use-prefilled-email";
import { useReplyAddressConfirmation } from "../hooks/use-reply-address-confirmation";
import { logQueryFormMessages } from "../log-query-form.messages";
import { categoryOptions, subCategoryOptions } from "../utils/category-options";
import { AdditionalEmailTooltip } from "./additional-email-tooltip";
import { CategoryHelp, RedirectInfo } from "./category-help";
import type { HandOver } from "./hand-over";
import { LogAnotherButton } from "./log-another-button";
import type { NextQueryStart } from "./next-query-start";
import { DefaultQuerySuccess } from "./query-success";
import { ReplyAddressConfirmation } from "./reply-address-confirmation";
import { SubmitErrorAlert } from "./submit-error-alert";

interface DefaultQueryFormProps {
  onLogged?: (response: CreateQueryResponse) => void;
  /** Offers "Log another query" after a success; the new form starts with what this one hands over. */
  onLogAnother?: (start: NextQueryStart) => void;
  /** Given when this form follows a query just logged: it starts with its address and takes focus. */
  start?: NextQueryStart;
  /** The virtual assistant's hand-over: choose its category, then focus the form. */
  handOver?: HandOver;
}

/** Requirements §2 "Log-a-query form, default origin", with the rules of §4 and §5. */
export function DefaultQueryForm({ onLogged, onLogAnother, start, handOver }: DefaultQueryFormProps) {
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
    resolver: zodResolver(defaultQueryFormSchema),
    // Validates on change and on blur, so a message shows once a field was touched or changed;
    // submitting validates, and so marks, every field (requirements §5 "Display of errors").
    mode: "all",
    defaultValues: { category: "", subCategory: "", email: start?.email ?? "", ccEmail: "", query: "" },
  });
  // Files live beside the form values; a failed send keeps both (nothing here ever resets them).
  const [files, setFiles] = useState<File[]>([]);
  const attachmentsId = useId();
  const { t } = useTranslate();
  const submission = useCreateDefaultQuery(onLogged);
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
    const option = handOver.choice && findCategory(DEFAULT_CATEGORIES, handOver.choice.category);
    if (option) {
      setValue("category", option.value);
      resetField("subCategory");
      const sub = option.subCategory.find((candidate) => candidate.value === handOver.choice?.subCategory);
      if (sub && categoryNeedsSubCategory(option)) setValue("subCategory", sub.value);
    }
    // The first field, which now shows the chosen category; the help and the rest follow it.
    setFocus("category");
  }, [handOver, setValue, resetField, setFocus]);

  const category = findCategory(DEFAULT_CATEGORIES, watch("category"));
  const subCategoryValue = watch("subCategory") ?? "";
  const asksSubCategory = category !== undefined && categoryNeedsSubCategory(category);
  const subCategory = asksSubCategory
    ? category.subCategory.find((option) => option.value === subCategoryValue)
    : undefined;
  // These subcategories are handled elsewhere in the portal: no query can be sent for them.
  const redirectOnly = isRedirectOnlySubCategory(subCategoryValue);

  if (submission.isSuccess) {
    return (
      <>
        <DefaultQuerySuccess referenceNumber={submission.data.referenceNumber} />
        {onLogAnother ? (
          <LogAnotherButton onClick={() => onLogAnother({ email: getValues("email") })} />
        ) : null}
      </>
    );
  }

  const send = handleSubmit((values) => {
    if (redirectOnly || !replyAddress.readyToSend()) return;
    submission.mutate({ fields: { ...defaultQueryFields(values), ...replyAddress.fields() }, files });
  }, replyAddress.markSendTried);

  return (
    <form noValidate onSubmit={send} aria-label={t(logQueryFormMessages.formName)}>
      <SelectField
        label={t(logQueryFormMessages.category)}
        placeholder={t(logQueryFormMessages.chooseCategory)}
        options={categoryOptions(DEFAULT_CATEGORIES, t)}
        registration={register("category", {
          // A new category starts with no subcategory, untouched, so no message appears for it yet.
          onChange: () => resetField("subCategory"),
        })}
        error={errors.category}
      />
      <CategoryHelp category={category} />
      {asksSubCategory ? (
        <SelectField
          label={t(logQueryFormMessages.subCategory)}
          placeholder={t(logQueryFormMessages.chooseSubCategory)}
          options={subCategoryOptions(category, t)}
          registration={register("subCategory")}
          error={errors.subCategory}
        />
      ) : null}
      <RedirectInfo subCategory={subCategory} />
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
      <TextField
        label={t(logQueryFormMessages.ccEmail)}
        type="email"
        registration={register("ccEmail")}
        error={errors.ccEmail}
        labelAddon={(descriptionId) => <AdditionalEmailTooltip id={descriptionId} />}
      />
      {redirectOnly ? null : (
        <>
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
        </>
      )}
    </form>
  );
}
