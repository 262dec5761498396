import { ErrorAlert } from "../../../components/alert/alert";
import { submitErrorMessage } from "../utils/submit-error-message";

/** The red alert of a failed send; the form above it keeps everything the member entered. */
export function SubmitErrorAlert({ error }: { error: Error | null }) {
  if (!error) return null;
  return <ErrorAlert>{submitErrorMessage(error)}</ErrorAlert>;
}
