import { useLocation } from "react-router";
import { Redirect } from "../../components/redirect/redirect";
import { HOME_HREF } from "../../config/paths";

/** The empty path goes to contact-us/default (requirements §2). */
export function RootRedirect() {
  return <Redirect to={HOME_HREF} />;
}

/** Bare "update" goes to update/default, keeping ?reference=…&timeline=… (requirements §2). */
export function UpdateDefaultRedirect() {
  const { search } = useLocation();
  return <Redirect to={`/update/default${search}`} />;
}
