import { Link } from "react-router";
import { paths } from "../../../config/paths";

/** Under the login form: the way in for a member without a log-in, and for one who forgot the password. */
export function AccountHelpLinks() {
  return (
    <ul className="list-unstyled mt-4 mb-0">
      <li className="mb-2">
        No log-in yet? <Link to={paths.register.getHref()}>Register</Link>
      </li>
      <li>
        <Link to={paths.forgotPassword.getHref()}>Forgot your password?</Link>
      </li>
    </ul>
  );
}
