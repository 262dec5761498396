import { isAllowedReplyLink } from "@portal/domain";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import {
  applyLink,
  endOf,
  type FormatState,
  formatState,
  insertHtml,
  NO_FORMAT,
  rangeInside,
  removeLink,
  toggleInline,
  toggleList,
} from "../utils/editor-commands";
import { cleanReplyHtml, plainTextToHtml } from "../utils/reply-html";

type Tool = keyof FormatState;

const TOOLS: readonly { tool: Tool; label: string; shortcut?: string; className?: string }[] = [
  { tool: "bold", label: "Bold", shortcut: "Control+B", className: "fw-bold" },
  { tool: "italic", label: "Italic", shortcut: "Control+I", className: "fst-italic" },
  { tool: "bulleted", label: "Bulleted list" },
  { tool: "numbered", label: "Numbered list" },
  { tool: "link", label: "Link" },
];

type Command = (root: HTMLElement, range: Range) => Range;

/** "www.example.com" is meant as a web address; anything else must say its scheme. */
function linkAddress(text: string): string {
  const trimmed = text.trim();
  return /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
}

function parsesAsUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

interface ReplyEditorProps {
  /** The editable element: the composer reads the reply from it and empties it once sent. */
  editorRef: RefObject<HTMLDivElement | null>;
  disabled: boolean;
  /** Hidden, not removed, while the preview shows: the text stays as it was. */
  hidden: boolean;
}

/**
 * The reply editor: a rich-text box (role textbox, labelled "Reply") with a toolbar for bold,
 * italic, lists and links. The toolbar is one Tab stop; the arrow keys, Home and End move along
 * it (the ARIA toolbar pattern). Ctrl+B and Ctrl+I work in the text. A paste keeps only what a
 * reply may hold: a table pasted from a spreadsheet keeps its rows and cells, never its styles.
 */
export function ReplyEditor({ editorRef, disabled, hidden }: ReplyEditorProps) {
  const id = useId();
  const savedRange = useRef<Range | null>(null);
  const toolButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const linkInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FormatState>(NO_FORMAT);
  const [activeTool, setActiveTool] = useState(0);
  const [linkFormOpen, setLinkFormOpen] = useState(false);
  const [linkText, setLinkText] = useState("");
  const [linkProblem, setLinkProblem] = useState("");

  // The toolbar acts on the last selection inside the editor, also once focus has moved to it.
  const readSelection = useCallback(() => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (!rangeInside(editor, range)) return;
    savedRange.current = range.cloneRange();
    setState(formatState(editor, range));
  }, [editorRef]);

  useEffect(() => {
    document.addEventListener("selectionchange", readSelection);
    return () => document.removeEventListener("selectionchange", readSelection);
  }, [readSelection]);

  useEffect(() => {
    if (linkFormOpen) linkInput.current?.focus();
  }, [linkFormOpen]);

  const workingRange = (editor: HTMLElement): Range => {
    const selection = document.getSelection();
    const live = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    if (rangeInside(editor, live)) return live.cloneRange();
    if (rangeInside(editor, savedRange.current)) return savedRange.current.cloneRange();
    return endOf(editor);
  };

  const run = (command: Command) => {
    const editor = editorRef.current;
    if (!editor || disabled) return;
    const next = command(editor, workingRange(editor));
    // Back to the text, with the changed part selected, so typing goes on where it was.
    editor.focus();
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(next);
    savedRange.current = next.cloneRange();
    setState(formatState(editor, next));
  };

  const press = (tool: Tool) => {
    if (tool === "bold" || tool === "italic") run((root, range) => toggleInline(root, range, tool));
    else if (tool === "bulleted" || tool === "numbered") run((root, range) => toggleList(root, range, tool));
    else if (state.link) run(removeLink);
    else {
      const editor = editorRef.current;
      if (editor) savedRange.current = workingRange(editor);
      setLinkProblem("");
      setLinkFormOpen(true);
    }
  };

  const closeLinkForm = () => {
    setLinkFormOpen(false);
    setLinkText("");
    setLinkProblem("");
  };
  const addLink = () => {
    const href = linkAddress(linkText);
    if (!isAllowedReplyLink(href) || !parsesAsUrl(href)) {
      setLinkProblem("Enter a web address starting with https:// (or a mailto: address).");
      return;
    }
    closeLinkForm();
    run((root, range) => applyLink(root, range, href));
  };
  const cancelLink = () => {
    closeLinkForm();
    editorRef.current?.focus();
  };

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: activeTool === last ? 0 : activeTool + 1,
      ArrowLeft: activeTool === 0 ? last : activeTool - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActiveTool(next);
    toolButtons.current[next]?.focus();
  };

  const onEditorKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== "b" && key !== "i") return;
    // Our own bold and italic, so the markup is the same whichever way it was asked for.
    event.preventDefault();
    press(key === "b" ? "bold" : "italic");
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData("text/html");
    const text = event.clipboardData.getData("text/plain");
    const clean = html.trim() ? cleanReplyHtml(html) : plainTextToHtml(text);
    run((_root, range) => insertHtml(range, clean));
  };

  const hintId = `${id}-hint`;
  return (
    <div hidden={hidden}>
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={`${id}-editor`}
        className="btn-toolbar gap-1 mb-2"
        onKeyDown={onToolbarKeyDown}
      >
        {TOOLS.map(({ tool, label, shortcut, className }, index) => (
          <button
            key={tool}
            ref={(button) => {
              toolButtons.current[index] = button;
            }}
            type="button"
            className={`btn btn-sm ${state[tool] ? "btn-secondary" : "btn-outline-secondary"} ${className ?? ""}`.trim()}
            aria-pressed={state[tool]}
            aria-keyshortcuts={shortcut}
            tabIndex={index === activeTool ? 0 : -1}
            disabled={disabled}
            // A mouse click must not take the selection away from the text it formats.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setActiveTool(index)}
            onClick={() => press(tool)}
          >
            {label}
          </button>
        ))}
      </div>
      {linkFormOpen ? (
        <div className="mb-2">
          <div className="input-group input-group-sm">
            <label className="input-group-text" htmlFor={`${id}-link`}>
              Link address
            </label>
            <input
              ref={linkInput}
              id={`${id}-link`}
              type="url"
              className={`form-control${linkProblem ? " is-invalid" : ""}`}
              value={linkText}
              aria-invalid={linkProblem ? true : undefined}
              aria-describedby={linkProblem ? `${id}-link-problem` : undefined}
              onChange={(event) => setLinkText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  addLink();
                } else if (event.key === "Escape") {
                  event.preventDefault();
                  cancelLink();
                }
              }}
            />
            <button type="button" className="btn btn-outline-primary" onClick={addLink}>
              Add link
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={cancelLink}>
              Cancel
            </button>
          </div>
          {linkProblem ? (
            <div id={`${id}-link-problem`} className="text-danger small mt-1" role="alert">
              {linkProblem}
            </div>
          ) : null}
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a textarea cannot hold formatting; this is the rich-text textbox pattern. */}
      <div
        ref={editorRef}
        id={`${id}-editor`}
        role="textbox"
        aria-multiline="true"
        aria-label="Reply"
        aria-describedby={hintId}
        aria-disabled={disabled || undefined}
        contentEditable={disabled ? "false" : "true"}
        suppressContentEditableWarning
        tabIndex={0}
        className="form-control reply-editor reply-html"
        onKeyDown={onEditorKeyDown}
        onKeyUp={readSelection}
        onMouseUp={readSelection}
        onFocus={readSelection}
        onPaste={onPaste}
        // Dropped content would skip the paste's cleaning.
        onDrop={(event) => event.preventDefault()}
      />
      <div id={hintId} className="form-text">
        Ctrl+B bold, Ctrl+I italic. A table copied from a spreadsheet keeps its rows and columns when pasted.
      </div>
    </div>
  );
}
