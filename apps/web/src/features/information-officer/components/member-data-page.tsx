import { Link, useLocation, useParams } from "react-router";
import { PageHeading } from "../../../components/console/page-heading";
import { consolePaths } from "../../../lib/console/console-paths";
import { auditTrailParams } from "../api/get-audit-trail";
import { MemberArchives } from "./member-archives";
import type { MemberDataState } from "./members-page";

/**
 * #/console/members/{entityNumber} (information officer): what the desk does for one member, their
 * archives and their audit trail. The name comes with the link from the lookup; a page opened
 * from an address alone names the member by entity number.
 */
export function MemberDataPage() {
  const { entityNumber: param } = useParams();
  const entityNumber = Number(param);
  const state = useLocation().state as Partial<MemberDataState> | null;
  if (!Number.isSafeInteger(entityNumber) || entityNumber <= 0) {
    return (
      <section>
        <PageHeading>Member not found</PageHeading>
        <Link to={consolePaths.members()}>Find a member</Link>
      </section>
    );
  }
  const name = typeof state?.name === "string" ? state.name : `Entity ${entityNumber}`;
  return (
    <section>
      <PageHeading>{`${name}: data`}</PageHeading>
      <p>
        <Link to={`${consolePaths.auditTrail()}?${auditTrailParams({ member: entityNumber }).toString()}`}>
          Audit trail of {name}
        </Link>
      </p>
      <MemberArchives entityNumber={entityNumber} name={name} headingLevel={2} />
      <p className="mt-4">
        <Link to={consolePaths.members()}>Find another member</Link>
      </p>
    </section>
  );
}
