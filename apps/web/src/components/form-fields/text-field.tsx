import { type ReactNode, useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { DATE_INPUT_PROPS } from "../../lib/date-input";
import { errorAttributes, FieldErrorText } from "./field-error";

interface TextFieldProps {
  label: string;
  /** "date": typed as yyyy-mm-dd in a text field (lib/date-input.ts), never the browser's picker. */
  type?: "text" | "email" | "password" | "date";
  autoComplete?: string;
  required?: boolean;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** Shown after the label, e.g. a tooltip button; given the id its content should carry. */
  labelAddon?: (descriptionId: string) => ReactNode;
  /** The id of more text about the field, elsewhere on the page (e.g. a notice on what was typed). */
  describedBy?: string;
}

export function TextField({
  label,
  type = "text",
  autoComplete,
  required = false,
  registration,
  error,
  labelAddon,
  describedBy,
}: TextFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const descriptions = [...(labelAddon ? [descriptionId] : []), ...(describedBy ? [describedBy] : [])];
  const { errorId, controlProps } = errorAttributes(id, error, descriptions);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {labelAddon?.(descriptionId)}
      <input
        id={id}
        {...(type === "date" ? DATE_INPUT_PROPS : { type })}
        autoComplete={autoComplete}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-required={required ? true : undefined}
        {...controlProps}
        {...registration}
      />
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
