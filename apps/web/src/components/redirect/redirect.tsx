import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Replaces the current address with `to`, after every render. React Router's <Navigate> navigates
 * only when its target or location path changes: a second visit to the same path (another query
 * string) while the first redirect's screen had not rendered yet left the member on an empty page.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  });
  return null;
}
