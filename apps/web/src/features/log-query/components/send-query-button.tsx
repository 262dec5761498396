import { Spinner } from "../../../components/spinner/spinner";
import { UploadProgress } from "../../../components/upload-progress/upload-progress";
import type { UploadProgress as Progress } from "../../../lib/upload-with-progress";

interface SendQueryButtonProps {
  sending: boolean;
  /** The upload's progress once the browser reports it. */
  progress: Progress | null;
}

/** "Send Query", with a spinner inside while sending and the upload's progress bar under it. */
export function SendQueryButton({ sending, progress }: SendQueryButtonProps) {
  return (
    <div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? <Spinner size="sm" label="Sending..." className="me-2" /> : null}
        Send Query
      </button>
      {sending ? (
        <UploadProgress
          loaded={progress?.loaded ?? 0}
          total={progress?.total ?? 0}
          label="Sending your query"
        />
      ) : null}
    </div>
  );
}
