import { Spinner } from "../../../components/spinner/spinner";

/** The form's one button, disabled with a spinner while the call is under way (as on the login screen). */
export function SubmitButton({ label, pending }: { label: string; pending: boolean }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={pending}>
      {pending ? <Spinner size="sm" label="Sending..." className="me-2" /> : null}
      {label}
    </button>
  );
}
