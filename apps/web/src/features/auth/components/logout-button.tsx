import { useNavigate } from "react-router";
import { paths } from "../../../config/paths";
import { useLogout } from "../api/logout";

export function LogoutButton() {
  const navigate = useNavigate();
  // Leave the guarded pages first, so clearing the cache does not make them probe the session again.
  const logoutMutation = useLogout({ onSettled: () => navigate(paths.login.getHref(), { replace: true }) });
  return (
    <button
      type="button"
      className="btn btn-outline-light btn-sm"
      onClick={() => logoutMutation.mutate()}
      disabled={logoutMutation.isPending}
    >
      Log out
    </button>
  );
}
