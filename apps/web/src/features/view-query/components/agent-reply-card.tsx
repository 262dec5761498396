import { useEffect, useRef } from "react";
import { useTranslate } from "../../../i18n/translate";
import { viewQueryMessages } from "../view-query.messages";

interface AgentReplyCardProps {
  /** The reply's own document (…/agent-response/document), served under a policy of its own. */
  src: string;
  onClose: () => void;
}

/**
 * The sandbox: no allow-scripts, so nothing in the reply can run (the server's policy for the
 * document says the same). allow-same-origin only lets this page measure the document to size the
 * frame to it; without scripts nothing inside can use it. allow-popups (escaping the sandbox) lets
 * the reply's links open in a new tab, as the cleaning marks them; without it every link is dead.
 */
export const AGENT_REPLY_SANDBOX = "allow-same-origin allow-popups allow-popups-to-escape-sandbox";

/** "Response sent via email": the agent's HTML in a sandboxed frame as tall as it, with a Close button. */
export function AgentReplyCard({ src, onClose }: AgentReplyCardProps) {
  const { t } = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // The button that opened the card is gone: move focus to what it opened.
  useEffect(() => heading.current?.focus(), []);
  // Set through the style object (CSSOM), which the page's policy allows, unlike a style attribute.
  // The body's height, not the document's: the document is at least as tall as the frame, so a
  // frame first drawn taller than the reply kept its blank below it. Again when the width changes.
  const fitToContent = () => {
    const element = frame.current;
    const height = element?.contentDocument?.body?.scrollHeight;
    if (element && height) element.style.height = `${height + 2}px`;
  };
  useEffect(() => {
    window.addEventListener("resize", fitToContent);
    return () => window.removeEventListener("resize", fitToContent);
  });
  return (
    <section className="card mb-3" aria-labelledby="agent-reply-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="agent-reply-title" ref={heading} tabIndex={-1}>
          {t(viewQueryMessages.replyTitle)}
        </h2>
        <iframe
          ref={frame}
          className="agent-reply-frame"
          title={t(viewQueryMessages.replyFrameTitle)}
          sandbox={AGENT_REPLY_SANDBOX}
          src={src}
          onLoad={fitToContent}
        />
        <button type="button" className="btn btn-secondary mt-3" onClick={onClose}>
          {t(viewQueryMessages.close)}
        </button>
      </div>
    </section>
  );
}
