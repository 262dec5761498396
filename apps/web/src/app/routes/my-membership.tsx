// Loaded lazily, so the login screen's bundle carries none of the member pages.
export { MyMembershipPage as Component } from "../../features/my-membership/components/my-membership-page";
