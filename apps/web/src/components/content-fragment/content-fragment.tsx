import { ERROR_MESSAGES } from "@portal/domain";
import { ErrorAlert } from "../alert/alert";
import { Spinner } from "../spinner/spinner";
import { useContentFragment } from "./get-content-fragment";

interface ContentFragmentProps {
  /** Content path, e.g. "/fragments/smart-inquiry/categories/other.html", or a data: URL. */
  path: string;
  className?: string;
}

/** An HTML fragment from the content service, sanitised with DOMPurify before it is inserted. */
export function ContentFragment({ path, className = "" }: ContentFragmentProps) {
  const fragment = useContentFragment(path);
  if (fragment.isPending) {
    return (
      <div className={className} role="status" aria-live="polite">
        <Spinner size="sm" />
      </div>
    );
  }
  if (fragment.isError) return <ErrorAlert className={className}>{ERROR_MESSAGES.contentLoad}</ErrorAlert>;
  return (
    <div
      className={`content-fragment ${className}`.trim()}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was sanitised by getContentFragment.
      dangerouslySetInnerHTML={{ __html: fragment.data }}
    />
  );
}
