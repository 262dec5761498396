/**
 * The address of the page that embeds the medxpress form (requirements §10.10): the referrer, else
 * the first ancestor origin. Firefox has no location.ancestorOrigins, hence the optional access.
 */
export function parentPageAddress(): string | undefined {
  if (document.referrer !== "") return document.referrer;
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return ancestors?.[0] ?? undefined;
}
