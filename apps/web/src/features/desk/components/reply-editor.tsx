import { isAllowedReplyLink } from "@portal/domain";
import Link from "@tiptap/extension-link";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { closeHistory } from "@tiptap/pm/history";
import { EditorState, Selection } from "@tiptap/pm/state";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from "react";
import { fromEditorHtml, toEditorHtml } from "../utils/editor-html";
import { replyLinkAddress } from "../utils/link-address";
import { isSendShortcut } from "../utils/send-shortcut";
import "./reply-editor.css";

// The reply editor is TipTap (on ProseMirror), loaded lazily with it (lazy-reply-editor.tsx), never
// in a member's download (docs/decisions/0023-reply-editor-on-tiptap.md). The editor's schema holds
// only what a reply may (the domain's REPLY_ALLOWED_TAGS); whatever comes in from outside (a paste,
// a drop, setHtml, insertHtml) goes through the reply allowlist first (toEditorHtml), and the
// composer cleans the editor's HTML once more before it previews or sends it.

/** What the composer (and whatever else fills the reply) may do with the editor. */
export interface ReplyEditorHandle {
  /** The editor's HTML, not yet cleaned (the composer cleans what it previews and sends); "" when empty. */
  getHtml(): string;
  /** Replaces the reply with `html` (cleaned first), as one undo step. */
  setHtml(html: string): void;
  /**
   * Inserts `html` (cleaned first) at the cursor or in place of the selection, as one undo step;
   * focuses the text there and scrolls it into view, so what went in is seen where it went.
   * "after": it went in after all the text there was; "within": before some of it, or into nothing.
   */
  insertHtml(html: string): "after" | "within";
  focus(): void;
  /** Empties the editor and forgets its undo history (a sent reply cannot be undone back in). */
  clear(): void;
}

interface ReplyEditorProps {
  /** The editor's handle, for the composer to read, fill and empty it. */
  ref?: Ref<ReplyEditorHandle>;
  disabled: boolean;
  /** Hidden, not removed, while the preview shows: the text and its undo history stay as they were. */
  hidden: boolean;
  /** Called once the editor can take text: its handle works from then on. */
  onReady?: () => void;
  /** Called after each change of the text (typing, a paste, an insert, undo), not for clear(). */
  onChange?: () => void;
  /** Ctrl+Enter (Cmd+Enter on a Mac) in the text: the composer sends the reply. */
  onSend?: () => void;
}

type Tool = "bold" | "italic" | "bulleted" | "numbered" | "link" | "undo" | "redo";

interface ToolState {
  bold: boolean;
  italic: boolean;
  bulleted: boolean;
  numbered: boolean;
  link: boolean;
  undo: boolean;
  redo: boolean;
}

const NO_STATE: ToolState = {
  bold: false,
  italic: false,
  bulleted: false,
  numbered: false,
  link: false,
  undo: false,
  redo: false,
};

/** Toggles show whether they are on (aria-pressed); actions (undo, redo) whether they can act. */
const TOOLS: readonly {
  tool: Tool;
  label: string;
  kind: "toggle" | "action";
  shortcut?: string;
  className?: string;
}[] = [
  { tool: "bold", label: "Bold", kind: "toggle", shortcut: "Control+B", className: "fw-bold" },
  { tool: "italic", label: "Italic", kind: "toggle", shortcut: "Control+I", className: "fst-italic" },
  { tool: "bulleted", label: "Bulleted list", kind: "toggle", shortcut: "Control+Shift+8" },
  { tool: "numbered", label: "Numbered list", kind: "toggle", shortcut: "Control+Shift+7" },
  { tool: "link", label: "Link", kind: "toggle" },
  { tool: "undo", label: "Undo", kind: "action", shortcut: "Control+Z" },
  { tool: "redo", label: "Redo", kind: "action", shortcut: "Control+Shift+Z Control+Y" },
];

/**
 * A table as a reply holds it: rows and cells in a tbody, without TipTap's column group and
 * widths. Those are style attributes, which the CSP (style-src 'self') refuses and the reply's
 * allowlist drops; no node view either, since columns are not resized here.
 */
const ReplyTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ["table", HTMLAttributes, ["tbody", 0]];
  },
});

/** Pixels kept free at the window's foot for the composer's sticky buttons (at most two rows of them). */
const REPLY_ACTIONS_CLEARANCE = 128;

/** Formatting a reply may hold and the toolbar or a shortcut gives; nothing the allowlist drops. */
function replyExtensions() {
  return [
    StarterKit.configure({
      // <code>, <pre> and <hr> are not in a reply's allowlist; nor is <h1>.
      code: false,
      codeBlock: false,
      horizontalRule: false,
      heading: { levels: [2, 3, 4] },
      // Configured below, from its own package.
      link: false,
    }),
    Link.configure({
      autolink: false,
      openOnClick: false,
      defaultProtocol: "https",
      HTMLAttributes: { target: null, rel: "noopener noreferrer" },
      // Web and mail links only, as the server keeps them; for links typed, pasted or set.
      isAllowedUri: (url, { defaultValidate }) =>
        typeof url === "string" && isAllowedReplyLink(url) && defaultValidate(url),
    }),
    ReplyTable.configure({ View: null, resizable: false, allowTableNodeSelection: false }),
    TableRow,
    TableHeader,
    TableCell,
  ];
}

/** Runs `change` as an undo step of its own: Undo takes back a canned text, not what was typed with it. */
function ownUndoStep(editor: Editor, change: () => void): void {
  editor.view.dispatch(closeHistory(editor.state.tr));
  change();
  editor.view.dispatch(closeHistory(editor.state.tr));
}

function toolState(editor: Editor | null): ToolState {
  if (!editor) return NO_STATE;
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    bulleted: editor.isActive("bulletList"),
    numbered: editor.isActive("orderedList"),
    link: editor.isActive("link"),
    undo: editor.can().undo(),
    redo: editor.can().redo(),
  };
}

/**
 * The reply editor: a rich-text box (role textbox, labelled "Reply") with a toolbar for bold,
 * italic, lists, links, undo and redo. The toolbar is one Tab stop; the arrow keys, Home and End
 * move along it (the ARIA toolbar pattern). TipTap's shortcuts work in the text (Ctrl+B, Ctrl+I,
 * Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, Ctrl+Shift+8 and 7 for lists). A paste keeps only what a reply
 * may hold: a table pasted from a spreadsheet keeps its rows and cells, never its styles; plain
 * text becomes a paragraph a line.
 */
export function ReplyEditor({ ref, disabled, hidden, onReady, onChange, onSend }: ReplyEditorProps) {
  const id = useId();
  const editorId = `${id}-editor`;
  const hintId = `${id}-hint`;
  const toolButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const linkInput = useRef<HTMLInputElement>(null);
  const [activeTool, setActiveTool] = useState(0);
  const [linkFormOpen, setLinkFormOpen] = useState(false);
  const [linkText, setLinkText] = useState("");
  const [linkProblem, setLinkProblem] = useState("");

  const extensions = useMemo(replyExtensions, []);
  // The latest onSend, read when the shortcut is pressed: a new callback is no new option.
  const sendNow = useRef(onSend);
  sendNow.current = onSend;
  // Kept the same from one render to the next: useEditor hands the editor any options that changed.
  const editorProps = useMemo(
    () => ({
      attributes: {
        id: editorId,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Reply",
        "aria-describedby": hintId,
        // ProseMirror writes every attribute it is given: aria-disabled only while disabled.
        ...(disabled ? { "aria-disabled": "true" } : {}),
        class: "form-control reply-editor reply-html",
      },
      transformPastedHTML: toEditorHtml,
      // The composer's buttons stay at the foot of the window (.reply-actions, console.css): the
      // caret is scrolled clear of them, not behind them, as the agent types or text goes in.
      scrollMargin: { top: 8, right: 8, bottom: REPLY_ACTIONS_CLEARANCE, left: 8 },
      scrollThreshold: { top: 8, right: 8, bottom: REPLY_ACTIONS_CLEARANCE, left: 8 },
      // Before the keymaps (TipTap's hard break takes Mod-Enter too): Ctrl+Enter sends, nothing goes in.
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        if (!isSendShortcut(event) || !sendNow.current) return false;
        event.preventDefault();
        sendNow.current();
        return true;
      },
    }),
    [editorId, hintId, disabled],
  );
  // The latest onChange, read when the editor reports a change: a new callback is no new option.
  const changed = useRef(onChange);
  changed.current = onChange;
  const onUpdate = useMemo(() => () => changed.current?.(), []);
  const editor = useEditor({
    extensions,
    editable: !disabled,
    // TipTap would add its stylesheet as a <style> element, which the CSP refuses: reply-editor.css has it.
    injectCSS: false,
    editorProps,
    onUpdate,
  });
  const state = useEditorState({ editor, selector: ({ editor: current }) => toolState(current) }) ?? NO_STATE;

  useEffect(() => {
    // Without an update event: being disabled while sending is no change of the text.
    if (editor && editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (linkFormOpen) linkInput.current?.focus();
  }, [linkFormOpen]);

  useEffect(() => {
    if (editor) onReady?.();
  }, [editor, onReady]);

  useImperativeHandle(
    ref,
    (): ReplyEditorHandle => ({
      getHtml: () => (!editor || editor.isEmpty ? "" : fromEditorHtml(editor.getHTML())),
      setHtml: (html) => {
        if (editor) ownUndoStep(editor, () => editor.commands.setContent(toEditorHtml(html)));
      },
      insertHtml: (html) => {
        if (!editor) return "within";
        const { selection, doc } = editor.state;
        const after = !editor.isEmpty && selection.empty && selection.to >= Selection.atEnd(doc).to;
        ownUndoStep(editor, () =>
          editor.chain().focus().insertContent(toEditorHtml(html)).scrollIntoView().run(),
        );
        return after ? "after" : "within";
      },
      focus: () => {
        editor?.commands.focus();
      },
      clear: () => {
        if (!editor) return;
        editor.view.updateState(EditorState.create({ schema: editor.schema, plugins: editor.state.plugins }));
        // An empty transaction, so the toolbar (and anything else that listens) sees the new state.
        editor.view.dispatch(editor.state.tr);
      },
    }),
    [editor],
  );

  const press = (tool: Tool) => {
    if (!editor || disabled) return;
    const chain = editor.chain().focus();
    if (tool === "bold") chain.toggleBold().run();
    else if (tool === "italic") chain.toggleItalic().run();
    else if (tool === "bulleted") chain.toggleBulletList().run();
    else if (tool === "numbered") chain.toggleOrderedList().run();
    else if (tool === "undo") chain.undo().run();
    else if (tool === "redo") chain.redo().run();
    else if (state.link) chain.extendMarkRange("link").unsetLink().run();
    else {
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
    const href = replyLinkAddress(linkText);
    if (!editor || href === null) {
      setLinkProblem("Enter a web address starting with https:// (or a mailto: address).");
      return;
    }
    closeLinkForm();
    // The editor keeps its selection while the link field has focus: the link goes on that text,
    // or, with nothing selected, the address goes in as the link's text.
    if (editor.state.selection.empty) {
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().setLink({ href }).run();
    }
  };
  const cancelLink = () => {
    closeLinkForm();
    editor?.commands.focus();
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

  return (
    <div hidden={hidden}>
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={editorId}
        className="btn-toolbar gap-1 mb-2"
        onKeyDown={onToolbarKeyDown}
      >
        {TOOLS.map(({ tool, label, kind, shortcut, className }, index) => {
          const on = kind === "toggle" && state[tool];
          // Undo and Redo stay focusable when there is nothing to undo (the toolbar pattern), so
          // they say it with aria-disabled rather than leave the arrow keys' path.
          const unavailable = kind === "action" && !state[tool];
          return (
            <button
              key={tool}
              ref={(button) => {
                toolButtons.current[index] = button;
              }}
              type="button"
              className={`btn btn-sm ${on ? "btn-secondary" : "btn-outline-secondary"} ${className ?? ""}`.trim()}
              aria-pressed={kind === "toggle" ? on : undefined}
              aria-disabled={unavailable || undefined}
              aria-keyshortcuts={shortcut}
              tabIndex={index === activeTool ? 0 : -1}
              disabled={disabled}
              // A mouse click must not take the focus away from the text it formats.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setActiveTool(index)}
              onClick={() => {
                if (!unavailable) press(tool);
              }}
            >
              {label}
            </button>
          );
        })}
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
      <EditorContent editor={editor} />
      <div id={hintId} className="form-text">
        Ctrl+B bold, Ctrl+I italic, Ctrl+Z undo, Ctrl+Y redo
        {onSend ? ", Ctrl+Enter (⌘+Enter on a Mac) sends" : ""}. A table copied from a spreadsheet keeps its
        rows and columns when pasted.
      </div>
    </div>
  );
}
