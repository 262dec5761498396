import { type MemberSearch, memberSearchSchema } from "@portal/domain";
import { type FormEvent, useId, useState } from "react";
import { ErrorMessage } from "../../../components/console/status-message";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { personName } from "../../../lib/console/labels";
import { useMemberSearch } from "../api/search-members";

type SearchBy = "membershipNumber" | "surname";

const SEARCH_BY: readonly { value: SearchBy; label: string; problem: string }[] = [
  {
    value: "membershipNumber",
    label: "Membership number",
    problem: "Enter the membership number: letters, digits and hyphens only.",
  },
  { value: "surname", label: "Surname", problem: "Enter at least two letters of the surname." },
];

/** Finds the member documents were received for, by membership number or surname. */
export function MemberFinder({ onChoose }: { onChoose: (entityNumber: number) => void }) {
  const id = useId();
  const search = useMemberSearch();
  const [by, setBy] = useState<SearchBy>("membershipNumber");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState("");
  const current = SEARCH_BY.find((option) => option.value === by) ?? SEARCH_BY[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: MemberSearch = by === "membershipNumber" ? { membershipNumber: text } : { surname: text };
    const parsed = memberSearchSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(current?.problem ?? "");
      return;
    }
    setProblem("");
    search.mutate(parsed.data);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h2 id={`${id}-heading`} className="h4">
        Find the member
      </h2>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Find by</legend>
          {SEARCH_BY.map((option) => (
            <div key={option.value} className="form-check form-check-inline">
              <input
                id={`${id}-${option.value}`}
                className="form-check-input"
                type="radio"
                name={`${id}-by`}
                value={option.value}
                checked={by === option.value}
                onChange={() => {
                  setBy(option.value);
                  setProblem("");
                }}
              />
              <label className="form-check-label" htmlFor={`${id}-${option.value}`}>
                {option.label}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-text`}>
            {current?.label}
          </label>
          <input
            id={`${id}-text`}
            className={`form-control${problem ? " is-invalid" : ""}`}
            value={text}
            maxLength={60}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {problem ? (
            <div id={`${id}-problem`} className="invalid-feedback d-block">
              {problem}
            </div>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={search.isPending}>
          Find member
        </button>
      </form>
      <div role="status" aria-live="polite" className="mt-3">
        {search.isPending ? "Searching..." : null}
        {search.data?.length === 0 ? (
          <p>No member was found. Please check the spelling and try again.</p>
        ) : null}
      </div>
      <ErrorMessage>
        {search.error ? consoleErrorMessage(search.error, "The search failed. Please try again.") : null}
      </ErrorMessage>
      {search.data && search.data.length > 0 ? (
        <ul className="list-group mt-3" aria-label="Members found">
          {search.data.map((member) => (
            <li
              key={member.entityNumber}
              className="list-group-item d-flex justify-content-between align-items-center"
            >
              <span>
                {personName(member)}{" "}
                <span className="text-body-secondary">
                  ({member.membershipNumber ?? "no membership number"})
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={`Choose ${personName(member)}`}
                onClick={() => onChoose(member.entityNumber)}
              >
                Choose
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
