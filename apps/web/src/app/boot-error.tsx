import { useTranslate } from "../i18n/translate";
import { errorScreensMessages } from "./error-screens.messages";

/**
 * Shown when /app-config.json cannot be loaded: without it the portal cannot reach its services.
 * In the member's language once its catalogue has come (it downloads beside the config).
 */
export function BootError() {
  const { t } = useTranslate();
  return (
    <main className="container boot-status">
      <div className="alert alert-danger" role="alert">
        {t(errorScreensMessages.bootFailed)}
      </div>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t(errorScreensMessages.tryAgain)}
      </button>
    </main>
  );
}
