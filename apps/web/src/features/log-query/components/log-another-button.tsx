import { useTranslate } from "../../../i18n/translate";
import { logQueryMessages } from "../log-query.messages";
/** Under a success message: a new, empty form in its place, without leaving the page. */
export function LogAnotherButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslate();
  return (
    <button type="button" className="btn btn-primary mt-3" onClick={onClick}>
      {t(logQueryMessages.logAnother)}
    </button>
  );
}
