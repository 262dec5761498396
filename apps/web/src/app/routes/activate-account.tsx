import { useParams } from "react-router";
import { ActivateAccountPage } from "../../features/account-access/components/activate-account-page";

/** The page the mailed registration link opens; loaded lazily like the other account pages. */
export function Component() {
  const { token = "" } = useParams();
  // A new link opened in the same tab starts afresh, not with the last link's outcome.
  return <ActivateAccountPage key={token} token={token} />;
}
