import { useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { errorAttributes, FieldErrorText } from "./field-error";

interface SelectFieldProps {
  label: string;
  /** Text of the empty first option, shown until something is chosen. */
  placeholder: string;
  options: readonly { label: string; value: string }[];
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}

export function SelectField({ label, placeholder, options, registration, error }: SelectFieldProps) {
  const id = useId();
  const { errorId, controlProps } = errorAttributes(id, error);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${error ? " is-invalid" : ""}`}
        aria-required="true"
        {...controlProps}
        {...registration}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
