import type { FieldError } from "react-hook-form";
import { useTranslate } from "../../i18n/translate";
import { translateValidationMessage } from "./translate-validation-message";

/** Ids of a field's error and the aria attributes that tie it to the control. */
export function errorAttributes(fieldId: string, error: FieldError | undefined, describedBy: string[] = []) {
  const errorId = `${fieldId}-error`;
  const ids = error ? [...describedBy, errorId] : describedBy;
  return {
    errorId,
    controlProps: {
      "aria-invalid": error ? true : undefined,
      "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
    },
  };
}

/** The message under a control; d-block because Bootstrap only shows .invalid-feedback next to it. */
export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslate();
  if (!error?.message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {translateValidationMessage(error.message, t)}
    </div>
  );
}
