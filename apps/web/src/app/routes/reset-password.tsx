import { useParams } from "react-router";
import { ResetPasswordPage } from "../../features/account-access/components/reset-password-page";

/** The page the mailed password-reset link opens; loaded lazily like the other account pages. */
export function Component() {
  const { token = "" } = useParams();
  return <ResetPasswordPage token={token} />;
}
