import type { ReactNode } from "react";
import { NavLink } from "react-router";

/**
 * A header link that looks like the header's buttons. NavLink marks it aria-current="page" while
 * its page is shown; the filled look says the same to sighted members.
 */
export function HeaderNavLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) => `btn btn-sm ${isActive ? "btn-light" : "btn-outline-light"}`}
    >
      {children}
    </NavLink>
  );
}
