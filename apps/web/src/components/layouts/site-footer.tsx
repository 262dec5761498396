import { useId } from "react";
import { useAppConfig } from "../../config/app-config";
import { SCHEME_CLOSED_DAYS, SCHEME_CONTACT_LINES, SCHEME_SITE_PAGES } from "../../config/scheme-contact";

/** Said after a link that opens the scheme's main website in a new tab (as the content service does). */
export const LEAVES_PORTAL_NOTE = "(opens the scheme's website)";

/**
 * The page's footer (the contentinfo landmark): the scheme's contact numbers and hours, and its
 * privacy notice and PAIA manual on the scheme's main website, which open in a new tab.
 */
export function SiteFooter() {
  const { schemeName, schemeSiteUrl } = useAppConfig();
  const contactId = useId();
  const legalId = useId();
  return (
    <footer className="app-footer">
      <div className="container">
        <div className="row g-4">
          <section className="col-lg-8" aria-labelledby={contactId}>
            <h2 className="app-footer__heading" id={contactId}>
              Contact {schemeName}
            </h2>
            <ul className="app-footer__lines list-unstyled row g-3 mb-2">
              {SCHEME_CONTACT_LINES.map((line) => (
                <li key={line.label} className="col-sm-6">
                  <span className="d-block fw-semibold">{line.label}</span>
                  <a className="app-footer__link" href={`tel:${line.dial}`}>
                    {line.number}
                  </a>
                  <span className="d-block small">{line.hours}</span>
                </li>
              ))}
            </ul>
            <p className="small mb-0">{SCHEME_CLOSED_DAYS}</p>
          </section>
          <section className="col-lg-4" aria-labelledby={legalId}>
            <h2 className="app-footer__heading" id={legalId}>
              Your information
            </h2>
            <ul className="list-unstyled mb-0">
              <li className="mb-2">
                <ExternalLink href={`${schemeSiteUrl}${SCHEME_SITE_PAGES.privacyNotice}`}>
                  Privacy notice
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={`${schemeSiteUrl}${SCHEME_SITE_PAGES.paiaManual}`}>
                  PAIA manual
                </ExternalLink>
              </li>
            </ul>
          </section>
        </div>
        <p className="app-footer__legal small mb-0">
          {schemeName} is a fictional medical scheme: the contact details above are example data.
        </p>
      </div>
    </footer>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="app-footer__link" href={href} target="_blank" rel="noopener noreferrer">
      {children} <span className="small">{LEAVES_PORTAL_NOTE}</span>
    </a>
  );
}
