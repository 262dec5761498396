// Loaded lazily, so the login screen's bundle carries none of the member pages.
export { DocumentSubmissionPage as Component } from "../../features/document-submission/components/document-submission-page";
