import { useNavigate } from "react-router";
import { HOME_HREF } from "../../config/paths";
import { useTranslate } from "../../i18n/translate";
import { backButtonMessages } from "./back-button.messages";

/**
 * "Back" (requirements §2): the previous page. A page opened directly (a bookmark, a link from an e-mail)
 * has no previous page in the app, so it goes to the home page instead of leaving the portal.
 */
export function BackButton({ className = "btn btn-outline-secondary" }: { className?: string }) {
  const navigate = useNavigate();
  const { t } = useTranslate();
  const goBack = () => {
    // react-router numbers the entries of its own history; 0 means this page was the first.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(HOME_HREF);
  };
  return (
    <button type="button" className={className} onClick={goBack}>
      {t(backButtonMessages.back)}
    </button>
  );
}
