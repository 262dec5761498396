import { ErrorAlert } from "../../../components/alert/alert";
import { useTranslate } from "../../../i18n/translate";
import { submitErrorMessage } from "../utils/submit-error-message";

/** The red alert of a failed send; the form above it keeps everything the member entered. */
export function SubmitErrorAlert({ error }: { error: Error | null }) {
  // Renders again, in the new language, when the member switches.
  const { t } = useTranslate();
  if (!error) return null;
  return <ErrorAlert>{submitErrorMessage(error, t)}</ErrorAlert>;
}
