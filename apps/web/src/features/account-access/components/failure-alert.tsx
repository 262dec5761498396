import { useEffect, useRef } from "react";

/**
 * The red alert of a failed send. It takes focus: the send button was disabled while sending, which
 * drops the keyboard's focus, so the next Tab would otherwise start again at the top of the page.
 * Each new failure mounts a new alert (the message clears while the next try is sent).
 */
export function FailureAlert({ message }: { message: string }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => alert.current?.focus(), []);
  return (
    <div ref={alert} tabIndex={-1} role="alert" className="alert alert-danger">
      {message}
    </div>
  );
}
