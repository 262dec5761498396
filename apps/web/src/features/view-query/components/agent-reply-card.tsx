import { useMemo } from "react";
import { agentReplyDocument } from "../utils/agent-reply-document";

interface AgentReplyCardProps {
  encodedResponse: string;
  onClose: () => void;
}

/**
 * "Response sent via email": the agent's HTML in a sandboxed frame. No allow-scripts and no
 * allow-same-origin: even a script the sanitiser missed could neither run nor reach the portal.
 */
export function AgentReplyCard({ encodedResponse, onClose }: AgentReplyCardProps) {
  const srcDoc = useMemo(() => agentReplyDocument(encodedResponse), [encodedResponse]);
  return (
    <section className="card mb-3" aria-labelledby="agent-reply-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="agent-reply-title">
          Response sent via email
        </h2>
        <iframe
          className="agent-reply-frame"
          title="The response sent to you via email"
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={srcDoc}
        />
        <button type="button" className="btn btn-secondary mt-3" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
