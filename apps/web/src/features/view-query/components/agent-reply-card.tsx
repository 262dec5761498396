import { useEffect, useMemo, useRef } from "react";
import { agentReplyDocument } from "../utils/agent-reply-document";

interface AgentReplyCardProps {
  encodedResponse: string;
  onClose: () => void;
}

/**
 * The sandbox: no allow-scripts and no allow-same-origin, so even a script the sanitiser missed
 * could neither run nor reach the portal. allow-popups (escaping the sandbox) only lets the reply's
 * links open in a new tab, as the sanitiser marks them; without it every link would be dead.
 */
export const AGENT_REPLY_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";

/** "Response sent via email": the agent's HTML in a sandboxed frame, with a Close button. */
export function AgentReplyCard({ encodedResponse, onClose }: AgentReplyCardProps) {
  const srcDoc = useMemo(() => agentReplyDocument(encodedResponse), [encodedResponse]);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the card is gone: move focus to what it opened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card mb-3" aria-labelledby="agent-reply-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="agent-reply-title" ref={heading} tabIndex={-1}>
          Response sent via email
        </h2>
        <iframe
          className="agent-reply-frame"
          title="The response sent to you via email"
          sandbox={AGENT_REPLY_SANDBOX}
          srcDoc={srcDoc}
        />
        <button type="button" className="btn btn-secondary mt-3" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
