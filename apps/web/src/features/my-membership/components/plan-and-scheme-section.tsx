import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { usePlan } from "../api/get-plan";
import { useScheme } from "../api/get-scheme";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { LoadStateContent } from "./load-state-content";

/** Two calls, each with its own spinner and alert: a failing scheme call still shows the plan. */
export function PlanAndSchemeSection() {
  const plan = usePlan();
  const scheme = useScheme();
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.planAndScheme)}>
      <LoadStateContent
        state={scheme}
        loadingLabel={t(messages.schemeLoading)}
        errorMessage={t(messages.schemeLoad)}
      >
        {(answer) => (
          <dl className="row mb-0">
            <dt className="col-sm-4">{t(messages.scheme)}</dt>
            <dd className="col-sm-8">{answer.schemeName}</dd>
          </dl>
        )}
      </LoadStateContent>
      <LoadStateContent
        state={plan}
        loadingLabel={t(messages.planLoading)}
        errorMessage={t(messages.planLoad)}
      >
        {(answer) => (
          <dl className="row mb-0">
            <dt className="col-sm-4">{t(messages.plan)}</dt>
            <dd className="col-sm-8">{answer.planName}</dd>
            <dt className="col-sm-4">{t(messages.policyNumber)}</dt>
            <dd className="col-sm-8">{answer.policyIdentifier}</dd>
            <dt className="col-sm-4">{t(messages.coverStartDate)}</dt>
            <dd className="col-sm-8">{formatSchemeDate(answer.startDate)}</dd>
          </dl>
        )}
      </LoadStateContent>
    </PageSection>
  );
}
