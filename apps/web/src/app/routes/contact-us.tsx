// Loaded lazily, so the login screen's bundle carries none of the member pages.
export { ContactUsPage as Component } from "../../features/contact-us/components/contact-us-page";
