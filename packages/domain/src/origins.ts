/** Origins as they appear in routes (contact-us/{origin}, update/{origin}). */
export const ROUTE_ORIGINS = ["default", "medxpress"] as const;
export type RouteOrigin = (typeof ROUTE_ORIGINS)[number];

/** Origins as they are sent to the smart-inquiry service. */
export const SERVER_ORIGINS = ["MEMBER_WEB", "MED_XPRESS"] as const;
export type ServerOrigin = (typeof SERVER_ORIGINS)[number];

export function isDefaultRouteOrigin(routeOrigin: string): boolean {
  return routeOrigin === "default";
}

/** The spec counts any route origin other than "default" as the medxpress channel. */
export function toServerOrigin(routeOrigin: string): ServerOrigin {
  return isDefaultRouteOrigin(routeOrigin) ? "MEMBER_WEB" : "MED_XPRESS";
}

/** The route origin whose screens show a query of this server origin (update/{origin}). */
export function toRouteOrigin(serverOrigin: ServerOrigin): RouteOrigin {
  return serverOrigin === "MEMBER_WEB" ? "default" : "medxpress";
}
