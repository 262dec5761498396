import { PageTitle } from "../../../components/page-title/page-title";
import { AccessHistorySection } from "./access-history-section";
import { DataExportSection } from "./data-export-section";

/**
 * "My data": who has seen the member's information, and a download of all of it (their rights of
 * access under POPIA). Each section asks for its own data and shows its own spinner and alert.
 */
export function MyDataPage() {
  return (
    <section>
      <PageTitle>My data</PageTitle>
      <h1 className="h2 mb-4">My data</h1>
      <AccessHistorySection />
      <DataExportSection />
    </section>
  );
}
