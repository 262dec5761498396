import { type ComponentProps, lazy, Suspense } from "react";
import { Spinner } from "../../../components/spinner/spinner";

// The editor (TipTap and ProseMirror) is the console's largest library and only the query page's
// composer needs it: it comes in a chunk of its own as the composer mounts, not with the queue.
const ReplyEditor = lazy(() => import("./reply-editor").then((module) => ({ default: module.ReplyEditor })));

/** The reply editor, loaded when first shown; its handle (ref) is null until it has come. */
export function LazyReplyEditor(props: ComponentProps<typeof ReplyEditor>) {
  return (
    <Suspense
      fallback={
        // As tall as the editor, so the page does not jump when it comes.
        <div hidden={props.hidden} className="form-control reply-editor" role="status">
          <Spinner size="sm" label="Loading the editor..." />
        </div>
      }
    >
      <ReplyEditor {...props} />
    </Suspense>
  );
}
