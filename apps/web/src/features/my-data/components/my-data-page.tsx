import { PageTitle } from "../../../components/page-title/page-title";
import { useTranslate } from "../../../i18n/translate";
import { myDataMessages } from "../my-data.messages";
import { AccessHistorySection } from "./access-history-section";
import { DataExportSection } from "./data-export-section";

/**
 * "My data": who has seen the member's information, and a download of all of it (their rights of
 * access under POPIA). Each section asks for its own data and shows its own spinner and alert.
 */
export function MyDataPage() {
  const { t } = useTranslate();
  return (
    <section>
      <PageTitle>{t(myDataMessages.title)}</PageTitle>
      <h1 className="h2 mb-4">{t(myDataMessages.title)}</h1>
      <AccessHistorySection />
      <DataExportSection />
    </section>
  );
}
