import { type ConsoleMemberSummary, categoryLabel } from "@portal/domain";
import { Link } from "react-router";
import { consolePaths } from "../../../lib/console/console-paths";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { STATUS_LABELS } from "../utils/labels";

interface MemberSummaryCardProps {
  member: ConsoleMemberSummary;
  /** The conversation on screen, left out of "other conversations". */
  currentReference: number;
}

/** The member's chosen language by its English name (the console is in English), or none chosen. */
function languageLabel(language: ConsoleMemberSummary["language"]): string {
  if (language === null) return "English (none chosen)";
  return LANGUAGE_NAMES[language];
}

// The console speaks English, so each language goes by its English name here (the member screens
// name each in itself).
const LANGUAGE_NAMES: Record<NonNullable<ConsoleMemberSummary["language"]>, string> = {
  en: "English",
  zu: "isiZulu",
  xh: "isiXhosa",
  af: "Afrikaans",
  nso: "Sepedi",
  tn: "Setswana",
  st: "Sesotho",
};

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
