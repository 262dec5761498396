import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { useTranslate } from "../../../i18n/translate";
import { accountHelpMessages } from "../account-help.messages";

/** Under the login form: the way in for a member without a log-in, and for one who forgot the password. */
export function AccountHelpLinks() {
  const { t } = useTranslate();
  return (
    <ul className="list-unstyled mt-4 mb-0">
      <li className="mb-2">
        {t(accountHelpMessages.noLogInYet)}{" "}
        <Link to={paths.register.getHref()}>{t(accountHelpMessages.register)}</Link>
      </li>
      <li>
        <Link to={paths.forgotPassword.getHref()}>{t(accountHelpMessages.forgotPassword)}</Link>
      </li>
    </ul>
  );
}
