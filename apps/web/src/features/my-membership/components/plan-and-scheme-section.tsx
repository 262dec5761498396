import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { usePlan } from "../api/get-plan";
import { useScheme } from "../api/get-scheme";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";

/** Two calls, each with its own spinner and alert: a failing scheme call still shows the plan. */
export function PlanAndSchemeSection() {
  const plan = usePlan();
  const scheme = useScheme();
  return (
    <PageSection title="Plan and scheme">
      <LoadStateContent
        state={scheme}
        loadingLabel="Loading your scheme..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.schemeLoad}
      >
        {(answer) => (
          <dl className="row mb-0">
            <dt className="col-sm-4">Scheme</dt>
            <dd className="col-sm-8">{answer.schemeName}</dd>
          </dl>
        )}
      </LoadStateContent>
      <LoadStateContent
        state={plan}
        loadingLabel="Loading your plan..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.planLoad}
      >
        {(answer) => (
          <dl className="row mb-0">
            <dt className="col-sm-4">Plan</dt>
            <dd className="col-sm-8">{answer.planName}</dd>
            <dt className="col-sm-4">Policy number</dt>
            <dd className="col-sm-8">{answer.policyIdentifier}</dd>
            <dt className="col-sm-4">Cover start date</dt>
            <dd className="col-sm-8">{formatSchemeDate(answer.startDate)}</dd>
          </dl>
        )}
      </LoadStateContent>
    </PageSection>
  );
}
