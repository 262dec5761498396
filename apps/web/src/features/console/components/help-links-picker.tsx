import { useHelpSearch } from "../../../api/search-help";
import { useAppConfig } from "../../../config/app-config";
import { helpFragmentAddress, helpLinkHtml, helpQuestion } from "../utils/help-link";

interface HelpLinksPickerProps {
  /** The conversation's text (the member's words), which the help is searched with. */
  text: string;
  /** Called with an `<a href>` to the fragment's page (an absolute address) and its title, for the editor to insert. */
  onInsert: (html: string, title: string) => void;
  disabled?: boolean;
}

/**
 * The published help that may answer the conversation (the help search, asked with its text),
 * each fragment offered as a link to put in the reply: the member opens it from the e-mail.
 */
export function HelpLinksPicker({ text, onInsert, disabled = false }: HelpLinksPickerProps) {
  const { contentPreviewMarker } = useAppConfig();
  const question = helpQuestion(text);
  const search = useHelpSearch(question);
  const results = question === "" ? [] : (search.data ?? []);

  return (
    <section aria-labelledby="console-help-links-heading" className="mb-2">
      <h3 id="console-help-links-heading" className="h6">
        Help to link to
      </h3>
      {question !== "" && search.isPending ? (
        <p className="small text-body-secondary mb-0">Looking for help that may answer this...</p>
      ) : search.isError ? (
        <p className="small text-body-secondary mb-0">The help could not be searched just now.</p>
      ) : results.length === 0 ? (
        <p className="small text-body-secondary mb-0">No published help matches this conversation.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {results.map((result) => (
            <li key={result.path} className="d-flex align-items-start justify-content-between gap-2 mb-2">
              <div>
                <div className="fw-semibold">{result.title}</div>
                <div className="small text-body-secondary">{result.excerpt}</div>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary text-nowrap"
                aria-label={`Insert a link to ${result.title}`}
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
