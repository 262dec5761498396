type WindowWithDataLayer = Window & { dataLayer?: unknown[] };

/** Requirements §10.11: tells the tag manager that a query was logged, creating its queue if absent. */
export function pushQueryLogged(referenceNumber: number): void {
  const target = window as WindowWithDataLayer;
  target.dataLayer ??= [];
  target.dataLayer.push({ event: "query_logged", referenceNumber });
}
