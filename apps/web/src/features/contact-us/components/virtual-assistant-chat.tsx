import type { CategoryOption } from "@portal/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ContentFragment } from "../../../components/content-fragment/content-fragment";
import { findHelpCategory } from "../utils/find-help-category";

export const ASSISTANT_GREETING =
  "Hello! Ask me about claims, benefits and cover, chronic conditions or managing your plan.";
export const ASSISTANT_NO_ANSWER = "I could not find an answer; please log a query below.";

type ChatMessage =
  | { id: number; from: "member"; text: string }
  | { id: number; from: "assistant"; category: CategoryOption | undefined };

function AssistantAnswer({ category }: { category: CategoryOption | undefined }) {
  if (!category) return <p className="mb-0">{ASSISTANT_NO_ANSWER}</p>;
  return (
    <>
      <p>This may help with {category.label.toLowerCase()}:</p>
      <ContentFragment path={category.categoryFragment} />
    </>
  );
}

/**
 * A small chat that answers in the browser from the category help (no service behind it): each
 * question is matched against the category labels and answered with that category's help fragment.
 */
export function VirtualAssistantChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [question, setQuestion] = useState("");
  const nextId = useRef(0);
  const inputId = useId();
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    // Keep the newest message in view. (jsdom has no scrollIntoView, hence the optional call.)
    if (messages.length > 0) listRef.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }, [messages]);

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = question.trim();
    if (text === "") return;
    const memberId = nextId.current++;
    const answerId = nextId.current++;
    setMessages((current) => [
      ...current,
      { id: memberId, from: "member", text },
      { id: answerId, from: "assistant", category: findHelpCategory(text) },
    ]);
    setQuestion("");
  };

  return (
    <div>
      {/* A log: new messages are announced, earlier ones are not repeated. */}
      <div role="log" aria-live="polite" aria-label="Conversation">
        <ol ref={listRef} className="list-unstyled mb-3">
          <li className="mb-2">
            <span className="visually-hidden">Assistant: </span>
            <div className="bg-body-tertiary border rounded p-2">{ASSISTANT_GREETING}</div>
          </li>
          {messages.map((message) => (
            <li key={message.id} className={`mb-2${message.from === "member" ? " text-end" : ""}`}>
              <span className="visually-hidden">{message.from === "member" ? "You: " : "Assistant: "}</span>
              {message.from === "member" ? (
                <div className="d-inline-block bg-primary text-white rounded p-2 text-start">
                  {message.text}
                </div>
              ) : (
                <div className="bg-body-tertiary border rounded p-2">
                  <AssistantAnswer category={message.category} />
                </div>
              )}
            </li>
          ))}
        </ol>
      </div>
      <form onSubmit={ask} className="d-flex gap-2 align-items-end">
        <div className="flex-grow-1">
          <label htmlFor={inputId} className="form-label">
            Your question
          </label>
          <input
            id={inputId}
            className="form-control"
            type="text"
            autoComplete="off"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Ask
        </button>
      </form>
    </div>
  );
}
