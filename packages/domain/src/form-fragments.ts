// The log-a-query form's content fragments (fetched as /site{path}; content/ holds one file per
// path). Apart from the categories so that the page frame, which prefetches the tooltip, does not
// bring every category and subcategory into the member's first load.
export const ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT = "/fragments/smart-inquiry/additional-email-tooltip.html";
export const MEDXPRESS_TURNAROUND_FRAGMENT = "/fragments/smart-inquiry/medxpress-turnaround.html";
export const MEDXPRESS_TURNAROUND_LA_HEALTH_FRAGMENT =
  "/fragments/smart-inquiry/medxpress-turnaround-la-health.html";
