import type { ComponentProps } from "react";

type TextareaProps = Omit<ComponentProps<"textarea">, "className" | "rows">;

/**
 * The canned reply's text, written as plain text (a blank line starts a new paragraph): a stand-in
 * until the reply editor (reply-editor.tsx) can be used here, when this is the one place to swap.
 * The page turns the text into the HTML it keeps (utils/canned-reply-text.ts).
 */
export function CannedReplyTextField({ invalid, ...props }: TextareaProps & { invalid: boolean }) {
  return <textarea rows={8} className={`form-control${invalid ? " is-invalid" : ""}`} {...props} />;
}
