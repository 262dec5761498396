import { type ConsoleMemberSummary, categoryLabel, MEMBER_LANGUAGES } from "@portal/domain";
import { Link } from "react-router";
import { consolePaths } from "../../../lib/console/console-paths";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { STATUS_LABELS } from "../utils/labels";

interface MemberSummaryCardProps {
  member: ConsoleMemberSummary;
  /** The conversation on screen, left out of "other conversations". */
  currentReference: number;
}

/**
 * The member's chosen language, or none chosen. Each of these languages is known in English by the
 * name it has in itself (MEMBER_LANGUAGES' ownName), so the console uses that name too.
 */
function languageLabel(language: ConsoleMemberSummary["language"]): string {
  const chosen = MEMBER_LANGUAGES.find(({ code }) => code === language);
  return chosen ? chosen.ownName : "English (none chosen)";
}

/** Who asked: name, membership number, plan, dependents, language, their other conversations. */
export function MemberSummaryCard({ member, currentReference }: MemberSummaryCardProps) {
  const others = member.otherConversations.filter(
    (conversation) => conversation.referenceNumber !== currentReference,
  );
  return (
    <section aria-labelledby="console-member-heading" className="card mb-4">
      <div className="card-body">
        <h2 id="console-member-heading" className="h4">
          Member
        </h2>
        <dl className="row mb-2">
          <dt className="col-6">Name</dt>
          <dd className="col-6">{personName(member)}</dd>
          <dt className="col-6">Membership number</dt>
          <dd className="col-6">{member.membershipNumber ?? "None"}</dd>
          <dt className="col-6">Plan</dt>
          <dd className="col-6">{member.planName ?? "None"}</dd>
          <dt className="col-6">Dependents</dt>
          <dd className="col-6">{member.dependentCount}</dd>
          <dt className="col-6">Reads and is mailed in</dt>
          <dd className="col-6">{languageLabel(member.language)}</dd>
        </dl>
        <h3 id="console-member-others" className="h6">
          Other conversations
        </h3>
        {others.length === 0 ? (
          <p className="text-body-secondary">None.</p>
        ) : (
          <ul className="list-unstyled" aria-labelledby="console-member-others">
            {others.map((conversation) => (
              <li key={conversation.referenceNumber} className="mb-2">
                <Link to={consolePaths.query(conversation.referenceNumber)}>
                  {conversation.referenceNumber} — {categoryLabel(conversation.category)}
                </Link>
                <div className="small text-body-secondary">
                  {STATUS_LABELS[conversation.status]}, last message{" "}
                  {formatDateTime(conversation.lastMessageAt)}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Link
          to={consolePaths.documentIntake(member.entityNumber)}
          className="btn btn-outline-primary btn-sm"
        >
          Record documents received
        </Link>
      </div>
    </section>
  );
}
