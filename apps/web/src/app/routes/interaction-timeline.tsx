// Loaded lazily, so the login screen's bundle carries none of the member pages.
export { InteractionTimelinePage as Component } from "../../features/interaction-timeline/components/interaction-timeline-page";
