import { useAppConfig } from "../../../config/app-config";
import { useHelpSuggestions } from "../api/get-help-suggestions";
import { helpFragmentAddress, helpLinkHtml } from "../utils/help-link";

interface HelpLinksPickerProps {
  /** The conversation: the server suggests help by its category and the member's words. */
  referenceNumber: number;
  /** Called with the link and summary (an absolute address) and the help's title, for the editor to insert. */
  onInsert: (html: string, title: string) => void;
  disabled?: boolean;
}

/**
 * The published help that may answer the conversation, as the server suggests it (by the query's
 * category and the member's words, its channel's help only), each offered as a link with a summary
 * written for a mail, to put in the reply: the member opens it from the e-mail. What is shown is
 * what goes in.
 */
export function HelpLinksPicker({ referenceNumber, onInsert, disabled = false }: HelpLinksPickerProps) {
  const { contentPreviewMarker } = useAppConfig();
  const suggestions = useHelpSuggestions(referenceNumber);
  const results = suggestions.data ?? [];

  return (
    <section aria-labelledby="console-help-links-heading" className="mb-2">
      <h3 id="console-help-links-heading" className="h6">
        Help to link to
      </h3>
      {suggestions.isPending ? (
        <p className="small text-body-secondary mb-0">Looking for help that may answer this...</p>
      ) : suggestions.isError ? (
        <p className="small text-body-secondary mb-0">The help could not be searched just now.</p>
      ) : results.length === 0 ? (
        <p className="small text-body-secondary mb-0">No published help matches this conversation.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {results.map((result) => (
            <li key={result.path} className="d-flex align-items-start justify-content-between gap-2 mb-2">
              <div>
                <div className="fw-semibold">{result.title}</div>
                <div className="small text-body-secondary">{result.summary}</div>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary text-nowrap"
                // The visible words first (WCAG 2.5.3, label in name): a voice user says "Insert link".
                aria-label={`Insert link: ${result.title}`}
                disabled={disabled}
                onClick={() =>
                  onInsert(
                    helpLinkHtml(result, helpFragmentAddress(result.path, contentPreviewMarker)),
                    result.title,
                  )
                }
              >
                Insert link
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
