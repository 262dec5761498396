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

/** Who asked: name, membership number, plan, dependents, their other conversations. */
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
