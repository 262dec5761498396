import { useNavigate } from "react-router";
import { layoutMessages } from "../../../components/layouts/layout.messages";
import { paths } from "../../../config/paths";
import { useTranslate } from "../../../i18n/translate";
import { useLogout } from "../api/logout";

export function LogoutButton() {
  const navigate = useNavigate();
  const { t } = useTranslate();
  // Leave the guarded pages first, so clearing the cache does not make them probe the session again.
  const logoutMutation = useLogout({ onSettled: () => navigate(paths.login.getHref(), { replace: true }) });
  return (
    <button
      type="button"
      className="btn btn-outline-light btn-sm"
      onClick={() => logoutMutation.mutate()}
      disabled={logoutMutation.isPending}
    >
      {t(layoutMessages.logOut)}
    </button>
  );
}
