import { type CategoryChoice, categoryChoiceForFragment, type HelpSearchResult } from "@portal/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useHelpAnswer } from "../../../api/search-help";
import { ContentFragment } from "../../../components/content-fragment/content-fragment";
import { useAppConfig } from "../../../config/app-config";
import { useDisclosure } from "../../../lib/use-disclosure";

export const ASSISTANT_GREETING =
  "Hello! Ask me about claims, benefits and cover, chronic conditions or managing your plan.";
export const ASSISTANT_NO_ANSWER = "I could not find an answer; please log a query below.";
export const ASSISTANT_SEARCH_FAILED = "I cannot look for answers right now; please log a query below.";
export const ASSISTANT_FOUND = "These may answer your question:";
export const HAND_OVER_LABEL = "Still need help? Log a query";
export const ASSISTANT_PERSON = "You can speak to one of our consultants by phone:";
export const ASSISTANT_PERSON_QUERY = "Or log a query and a consultant will reply to you by email.";
export const PERSON_HAND_OVER_LABEL = "Log a query";
/** Most answers the assistant shows for one question. */
export const ASSISTANT_MAX_ANSWERS = 3;

type ChatMessage =
  | { id: number; from: "member"; text: string }
  | { id: number; from: "assistant"; question: string };

function HelpAnswer({ result }: { result: HelpSearchResult }) {
  const { open, regionId, toggleProps } = useDisclosure();
  return (
    <li className="mb-2">
      <strong className="d-block">{result.title}</strong>
      <span className="d-block">{result.excerpt}</span>
      {/* Its name says which answer as one phrase, starting with the words seen ("Read more about Submit a claim"). */}
      <button
        type="button"
        className="btn btn-link p-0"
        aria-label={`${open ? "Show less" : "Read more"} about ${result.title}`}
        {...toggleProps}
      >
        {open ? "Show less" : "Read more"}
      </button>
      <div id={regionId}>{open ? <ContentFragment path={result.path} className="mt-2" /> : null}</div>
    </li>
  );
}

/**
 * The answer to "Can I speak to a person?" (the help search's handOver): the scheme's numbers with
 * their hours, as the footer gives them, and the way to the form; no article.
 */
function PersonHandOver({ onLogQuery }: { onLogQuery?: (choice: CategoryChoice | undefined) => void }) {
  const { brand } = useAppConfig();
  return (
    <>
      <p className="mb-1">{ASSISTANT_PERSON}</p>
      <ul className="list-unstyled mb-2">
        {brand.contactLines.map((line) => (
          <li key={line.dial}>
            {line.label}: <a href={`tel:${line.dial}`}>{line.number}</a> ({line.hours})
          </li>
        ))}
      </ul>
      {brand.closedDays ? <p className="small mb-2">{brand.closedDays}</p> : null}
      <p className="mb-2">{ASSISTANT_PERSON_QUERY}</p>
      {onLogQuery ? (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() => onLogQuery(undefined)}
        >
          {PERSON_HAND_OVER_LABEL}
        </button>
      ) : null}
    </>
  );
}

/** The assistant's answer to one question: the best help fragments, then the way to the form. */
function AssistantAnswer({
  question,
  onLogQuery,
}: {
  question: string;
  onLogQuery?: (choice: CategoryChoice | undefined) => void;
}) {
  const search = useHelpAnswer(question);
  if (search.isPending) return <p className="mb-0">Looking for an answer…</p>;
  if (search.data?.handOver) return <PersonHandOver onLogQuery={onLogQuery} />;
  const results = (search.data?.results ?? []).slice(0, ASSISTANT_MAX_ANSWERS);
  const best = results[0];
  return (
    <>
      {search.isError ? <p>{ASSISTANT_SEARCH_FAILED}</p> : null}
      {!search.isError && results.length === 0 ? <p>{ASSISTANT_NO_ANSWER}</p> : null}
      {results.length > 0 ? (
        <>
          <p className="mb-2">{ASSISTANT_FOUND}</p>
          <ul className="list-unstyled mb-2">
            {results.map((result) => (
              <HelpAnswer key={result.path} result={result} />
            ))}
          </ul>
        </>
      ) : null}
      {onLogQuery ? (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() => onLogQuery(best ? categoryChoiceForFragment(best.path) : undefined)}
        >
          {HAND_OVER_LABEL}
        </button>
      ) : null}
    </>
  );
}

/**
 * A small chat that answers from the help search (GET /api/help/search): each question gets the best
 * help fragments (title, excerpt, "Read more" opening the fragment here), and a way to log a query
 * with the category of the best one chosen.
 */
export function VirtualAssistantChat({
  onLogQuery,
}: {
  /** The member wants to log a query after all: the best answer's category, when it has one. */
  onLogQuery?: (choice: CategoryChoice | undefined) => void;
}) {
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
    // The search takes at most 200 characters; a longer question is asked by its start.
    const text = question.trim().slice(0, 200);
    if (text === "") return;
    const memberId = nextId.current++;
    const answerId = nextId.current++;
    setMessages((current) => [
      ...current,
      { id: memberId, from: "member", text },
      { id: answerId, from: "assistant", question: text },
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
                  <AssistantAnswer question={message.question} onLogQuery={onLogQuery} />
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
