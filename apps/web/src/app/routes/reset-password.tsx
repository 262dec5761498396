import { useParams } from "react-router";
import { ResetPasswordPage } from "../../features/account-access/components/reset-password-page";

/** The page the mailed password-reset link opens; loaded lazily like the other account pages. */
export function Component() {
  const { token = "" } = useParams();
  // A new link opened in the same tab starts afresh, not with the last link's outcome.
  return <ResetPasswordPage key={token} token={token} />;
}
