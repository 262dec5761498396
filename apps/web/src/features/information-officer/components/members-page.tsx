import { memberLookupSchema } from "@portal/domain";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { PageHeading } from "../../../components/console/page-heading";
import { ErrorMessage } from "../../../components/console/status-message";
import { consolePaths } from "../../../lib/console/console-paths";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { personName } from "../../../lib/console/labels";
import { type MemberLookupResult, useMemberLookup } from "../api/look-up-members";

/** What the link to a member's page passes along: their name, so that page need not ask again. */
export interface MemberDataState {
  name: string;
}

/**
 * #/console/members (information officer): the member a request is about, found by the
 * membership number or ID number they quote, or by name; each found member opens their page.
 */
export function MembersPage() {
  return (
    <section>
      <PageHeading>Members</PageHeading>
      <MemberLookup />
    </section>
  );
}

const TOO_SHORT = "Enter a membership number, an ID number or at least two letters of a name.";

export function MemberLookup() {
  const id = useId();
  const lookup = useMemberLookup();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberLookupSchema.safeParse({ query: text });
    if (!parsed.success) {
      setProblem(TOO_SHORT);
      return;
    }
    setProblem("");
    lookup.mutate(parsed.data);
  };
  const found = lookup.data;

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h2 id={`${id}-heading`} className="h4">
        Find a member
      </h2>
      <search>
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-query`}>
              Membership number, ID number or name
            </label>
            <input
              id={`${id}-query`}
              type="search"
              className={`form-control${problem ? " is-invalid" : ""}`}
              value={text}
              maxLength={60}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
              onChange={(event) => setText(event.target.value)}
            />
            <div id={`${id}-hint`} className="form-text">
              A number is matched whole; a name by its first letters, first name or surname.
            </div>
            {problem ? (
              <div id={`${id}-problem`} className="invalid-feedback d-block">
                {problem}
              </div>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary" disabled={lookup.isPending}>
            Find member
          </button>
        </form>
      </search>
      <div role="status" aria-live="polite" className="mt-3">
        {lookup.isPending ? "Searching..." : null}
        {found?.length === 0 ? <p>No member was found. Please check the number or the spelling.</p> : null}
        {found && found.length > 0 ? (
          <span className="visually-hidden">{foundText(found.length)}</span>
        ) : null}
      </div>
      <ErrorMessage>
        {lookup.error ? consoleErrorMessage(lookup.error, "The search failed. Please try again.") : null}
      </ErrorMessage>
      {found && found.length > 0 ? (
        <ul className="list-group mt-3" aria-label="Members found">
          {found.map((member) => (
            <li key={member.entityNumber} className="list-group-item">
              <Link
                to={consolePaths.memberData(member.entityNumber)}
                state={{ name: personName(member) } satisfies MemberDataState}
              >
                {personName(member)}
              </Link>
              <div className="small text-body-secondary">{memberFacts(member)}</div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function foundText(count: number): string {
  return count === 1 ? "1 member found." : `${count} members found.`;
}

function memberFacts(member: MemberLookupResult): string {
  return [
    member.membershipNumber ? `Membership number ${member.membershipNumber}` : "No membership number",
    member.dateOfBirth ? `born ${member.dateOfBirth}` : null,
    `entity ${member.entityNumber}`,
  ]
    .filter(Boolean)
    .join(", ");
}
