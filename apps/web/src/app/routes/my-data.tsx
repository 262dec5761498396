// Loaded lazily, so the login screen's bundle carries none of the member pages.
export { MyDataPage as Component } from "../../features/my-data/components/my-data-page";
