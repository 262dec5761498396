import { useParams } from "react-router";
import { ActivateAccountPage } from "../../features/account-access/components/activate-account-page";

/** The page the mailed registration link opens; loaded lazily like the other account pages. */
export function Component() {
  const { token = "" } = useParams();
  return <ActivateAccountPage token={token} />;
}
