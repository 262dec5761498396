import { Navigate, useLocation } from "react-router";
import { HOME_HREF } from "../../config/paths";

/** The empty path goes to contact-us/default (requirements §2). */
export function RootRedirect() {
  return <Navigate to={HOME_HREF} replace />;
}

/** Bare "update" goes to update/default, keeping ?reference=…&timeline=… (requirements §2). */
export function UpdateDefaultRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/update/default${search}`} replace />;
}
