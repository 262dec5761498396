// Loaded lazily, so the login screen's bundle carries none of the member pages.
export { ViewQueryPage as Component } from "../../features/view-query/components/view-query-page";
