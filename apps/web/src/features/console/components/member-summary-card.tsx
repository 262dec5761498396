import { type ConsoleMemberSummary, categoryLabel } from "@portal/domain";
import { Link } from "react-router";
import { consolePaths } from "../utils/console-paths";
import { personName } from "../utils/labels";

interface MemberSummaryCardProps {
  member: ConsoleMemberSummary;
  /** The query on screen, left out of "other open queries". */
  currentReference: number;
}

/** Who asked: name, membership number, plan, dependents, their other open queries. */
export function MemberSummaryCard({ member, currentReference }: MemberSummaryCardProps) {
  const others = member.otherOpenQueries.filter((query) => query.referenceNumber !== currentReference);
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
        <h3 className="h6">Other open queries</h3>
        {others.length === 0 ? (
          <p className="text-body-secondary">None.</p>
        ) : (
          <ul>
            {others.map((query) => (
              <li key={query.referenceNumber}>
                <Link to={consolePaths.query(query.referenceNumber)}>
                  {query.referenceNumber} — {categoryLabel(query.category)}
                </Link>
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
