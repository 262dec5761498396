// Loaded lazily, so the login screen's bundle carries none of the password pages.
export { ForgotPasswordPage as Component } from "../../features/account-access/components/forgot-password-page";
