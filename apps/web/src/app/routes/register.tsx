// Loaded lazily, so the login screen's bundle carries none of the registration pages.
export { RegisterPage as Component } from "../../features/account-access/components/register-page";
