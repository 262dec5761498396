import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTACT_DETAILS_LIMITS,
  type ContactDetailsUpdate,
  contactDetailsUpdateSchema,
  type MemberDetails,
  PHONE_TYPES,
} from "@portal/domain";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type FieldError, type UseFormRegister, useForm } from "react-hook-form";
import type { z } from "zod";
import { ErrorAlert } from "../../../components/alert/alert";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { translateValidationMessage } from "../../../components/form-fields/translate-validation-message";
import { Spinner } from "../../../components/spinner/spinner";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { useChangeContactDetails } from "../api/change-contact-details";
import { contactDetailsMessages as messages } from "../contact-details.messages";
import {
  contactDetailsPasswordMessage,
  contactDetailsRefusalMessage,
} from "../utils/contact-details-refusal";
import { PHONE_TYPE_LABELS } from "../utils/labels";

/** The server's schema, with the password required: this form only changes what asks for it. */
const formSchema = contactDetailsUpdateSchema.required({ currentPassword: true });
type FormValues = z.input<typeof formSchema>;

interface ContactDetailsFormProps {
  member: MemberDetails;
  /** After a save (the page's details are then the saved ones). */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The member's e-mail addresses and phone numbers, changed with the password asked again (decision
 * 0017; the server tells the addresses held before). The addresses are sent back as they are: the
 * call replaces the whole set. Rows are added and removed with buttons, each named by its row, and
 * focus moves to the new row or to the row that took the removed one's place.
 */
export function ContactDetailsForm({ member, onSaved, onCancel }: ContactDetailsFormProps) {
  const change = useChangeContactDetails();
  const { t } = useTranslate();
  const formId = useId();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, ContactDetailsUpdate>({
    resolver: zodResolver(formSchema),
    // As the other forms: a message once a field was touched or changed; submitting marks them all.
    mode: "all",
    shouldFocusError: true,
    defaultValues: {
      emails: member.emails.map(({ address }) => address),
      phoneNumbers: member.phoneNumbers.map(({ type, number }) => ({ type, number })),
      addresses: member.addresses ?? [],
      currentPassword: "",
    },
  });
  const emails = watch("emails");
  const phones = watch("phoneNumbers");
  const [focusTarget, setFocusTarget] = useState<`emails.${number}` | `phoneNumbers.${number}.number` | null>(
    null,
  );
  useEffect(() => {
    if (focusTarget === null) return;
    setFocus(focusTarget);
    setFocusTarget(null);
  }, [focusTarget, setFocus]);
  // Opened by a button that is then gone: focus starts on the first field.
  useEffect(() => setFocus("emails.0"), [setFocus]);
  const addEmailRef = useRef<HTMLButtonElement>(null);
  const addPhoneRef = useRef<HTMLButtonElement>(null);

  const removeEmail = (index: number) => {
    const next = getValues("emails").filter((_, at) => at !== index);
    setValue("emails", next, { shouldValidate: true });
    if (next.length > 0) setFocusTarget(`emails.${Math.min(index, next.length - 1)}`);
    else addEmailRef.current?.focus();
  };
  const removePhone = (index: number) => {
    const next = getValues("phoneNumbers").filter((_, at) => at !== index);
    setValue("phoneNumbers", next, { shouldValidate: true });
    if (next.length > 0) setFocusTarget(`phoneNumbers.${Math.min(index, next.length - 1)}.number`);
    else addPhoneRef.current?.focus();
  };

  const submit = (values: ContactDetailsUpdate) =>
    change.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => {
        const message = contactDetailsPasswordMessage(error, t);
        if (message === null) return;
        setValue("currentPassword", "");
        setError("currentPassword", { message }, { shouldFocus: true });
      },
    });
  const refusal =
    change.isError && contactDetailsPasswordMessage(change.error, t) === null
      ? contactDetailsRefusalMessage(change.error, t)
      : null;
  // A list's own error (none given, one twice) is its root's while it has rows, else the list's.
  const listError = (error: unknown) => {
    const list = error as (FieldError & { root?: FieldError }) | undefined;
    return list?.root?.message ?? list?.message;
  };

  return (
    <form noValidate aria-label={t(messages.title)} onSubmit={handleSubmit(submit)}>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-bold">{t(messages.emails)}</legend>
        {emails.map((_, index) => (
          <Row
            // The rows have no identity of their own; the index is what the field names use too.
            // biome-ignore lint/suspicious/noArrayIndexKey: the field names are index-based
            key={index}
            id={`${formId}-email-${index}`}
            label={t(messages.emailLabel, { number: index + 1 })}
            error={errors.emails?.[index]}
            removeText={t(messages.removeEmail, { number: index + 1 })}
            onRemove={() => removeEmail(index)}
          >
            {(controlProps) => (
              <input
                type="email"
                autoComplete={index === 0 ? "email" : "off"}
                className={`form-control${errors.emails?.[index] ? " is-invalid" : ""}`}
                aria-required={index === 0 ? true : undefined}
                {...controlProps}
                {...register(`emails.${index}`)}
              />
            )}
          </Row>
        ))}
        <ListError id={`${formId}-emails-error`} message={listError(errors.emails)} />
        {emails.length < CONTACT_DETAILS_LIMITS.emails ? (
          <button
            ref={addEmailRef}
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => {
              setValue("emails", [...getValues("emails"), ""]);
              setFocusTarget(`emails.${emails.length}`);
            }}
          >
            {t(messages.addEmail)}
          </button>
        ) : (
          <p className="small text-body-secondary mb-0">
            {t(messages.emailsAtMost, { max: CONTACT_DETAILS_LIMITS.emails })}
          </p>
        )}
      </fieldset>

      <fieldset className="mb-3">
        <legend className="fs-6 fw-bold">{t(messages.phones)}</legend>
        {phones.map((_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the field names are index-based
            key={index}
            className="row g-2 align-items-start mb-2"
          >
            <div className="col-sm-4">
              <label htmlFor={`${formId}-phone-type-${index}`} className="form-label">
                {t(messages.phoneKindLabel, { number: index + 1 })}
              </label>
              <select
                id={`${formId}-phone-type-${index}`}
                className="form-select"
                {...register(`phoneNumbers.${index}.type`)}
              >
                {PHONE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(PHONE_TYPE_LABELS[type])}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-sm-8">
              <Row
                id={`${formId}-phone-${index}`}
                label={t(messages.phoneLabel, { number: index + 1 })}
                error={errors.phoneNumbers?.[index]?.number}
                removeText={t(messages.removePhone, { number: index + 1 })}
                onRemove={() => removePhone(index)}
                noMargin
              >
                {(controlProps) => (
                  <input
                    type="tel"
                    autoComplete={index === 0 ? "tel" : "off"}
                    className={`form-control${errors.phoneNumbers?.[index]?.number ? " is-invalid" : ""}`}
                    {...controlProps}
                    {...register(`phoneNumbers.${index}.number`)}
                  />
                )}
              </Row>
            </div>
          </div>
        ))}
        {phones.length === 0 ? <p className="mb-2">{t(messages.noPhones)}</p> : null}
        {phones.length < CONTACT_DETAILS_LIMITS.phoneNumbers ? (
          <button
            ref={addPhoneRef}
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => {
              setValue("phoneNumbers", [...getValues("phoneNumbers"), { type: "MOBILE", number: "" }]);
              setFocusTarget(`phoneNumbers.${phones.length}.number`);
            }}
          >
            {t(messages.addPhone)}
          </button>
        ) : (
          <p className="small text-body-secondary mb-0">
            {t(messages.phonesAtMost, { max: CONTACT_DETAILS_LIMITS.phoneNumbers })}
          </p>
        )}
      </fieldset>

      <PasswordField id={`${formId}-password`} error={errors.currentPassword} register={register} />
      {refusal ? <ErrorAlert className="mb-3">{refusal}</ErrorAlert> : null}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? <Spinner size="sm" label={t(messages.saving)} className="me-2" /> : null}
          {t(messages.save)}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onCancel}
          disabled={change.isPending}
        >
          {t(messages.cancel)}
        </button>
      </div>
    </form>
  );
}

type ControlProps = ReturnType<typeof errorAttributes>["controlProps"] & { id: string };

/** One labelled input with its error and a remove button named after it. */
function Row({
  id,
  label,
  error,
  removeText,
  onRemove,
  noMargin = false,
  children,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  /** The remove button's text, what it removes said to screen readers only ("Remove <0>email address 2</0>"). */
  removeText: string;
  onRemove: () => void;
  noMargin?: boolean;
  children: (controlProps: ControlProps) => ReactNode;
}) {
  const { errorId, controlProps } = errorAttributes(id, error);
  return (
    <div className={noMargin ? undefined : "mb-2"}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="d-flex gap-2 align-items-start">
        <div className="flex-grow-1">{children({ id, ...controlProps })}</div>
        <button type="button" className="btn btn-outline-secondary" onClick={onRemove}>
          {formatElements(removeText, [<span key="what" className="visually-hidden" />])}
        </button>
      </div>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

/** A list's own error (none left, one given twice), said when it appears. */
function ListError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslate();
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block mb-2" role="alert">
      {translateValidationMessage(message, t)}
    </div>
  );
}

function PasswordField({
  id,
  error,
  register,
}: {
  id: string;
  error: FieldError | undefined;
  register: UseFormRegister<FormValues>;
}) {
  const { t } = useTranslate();
  const hintId = `${id}-hint`;
  const { errorId, controlProps } = errorAttributes(id, error, [hintId]);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t(messages.password)}
      </label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        className={`form-control password-again-field${error ? " is-invalid" : ""}`}
        required
        {...controlProps}
        {...register("currentPassword")}
      />
      <div id={hintId} className="form-text">
        {t(messages.passwordHint)}
      </div>
      {error?.message ? (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {translateValidationMessage(error.message, t)}
        </div>
      ) : null}
    </div>
  );
}
