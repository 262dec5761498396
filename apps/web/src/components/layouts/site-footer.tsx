import { useId } from "react";
import { useAppConfig } from "../../config/app-config";
import { useTranslate } from "../../i18n/translate";
import { layoutMessages } from "./layout.messages";

/** Said after a link that opens the scheme's main website in a new tab (as the content service does), in English; layoutMessages.leavesPortal in the member's language. */
export const LEAVES_PORTAL_NOTE = "(opens the scheme's website)";

/**
 * The page's footer (the contentinfo landmark), from the scheme's brand (BRAND_FILE): its contact
 * numbers and hours, and its links (the privacy notice and PAIA manual on the scheme's website),
 * which open in a new tab.
 */
export function SiteFooter() {
  const { t } = useTranslate();
  const { brand } = useAppConfig();
  const contactId = useId();
  const legalId = useId();
  return (
    <footer className="app-footer">
      <div className="container">
        <div className="row g-4">
          <section className="col-lg-8" aria-labelledby={contactId}>
            <h2 className="app-footer__heading" id={contactId}>
              {t(layoutMessages.footerContact, { schemeName: brand.name })}
            </h2>
            <ul className="app-footer__lines list-unstyled row g-3 mb-2">
              {brand.contactLines.map((line) => (
                <li key={`${line.label} ${line.dial}`} className="col-sm-6">
                  <span className="d-block fw-semibold">{line.label}</span>
                  <a className="app-footer__link" href={`tel:${line.dial}`}>
                    {line.number}
                  </a>
                  <span className="d-block small">{line.hours}</span>
                </li>
              ))}
            </ul>
            {brand.closedDays ? <p className="small mb-0">{brand.closedDays}</p> : null}
          </section>
          {brand.footerLinks.length > 0 ? (
            <section className="col-lg-4" aria-labelledby={legalId}>
              <h2 className="app-footer__heading" id={legalId}>
                {t(layoutMessages.footerYourInformation)}
              </h2>
              <ul className="list-unstyled mb-0">
                {brand.footerLinks.map((link) => (
                  <li key={`${link.label} ${link.href}`} className="mb-2">
                    <ExternalLink href={link.href}>{link.label}</ExternalLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        {brand.footerNote ? <p className="app-footer__legal small mb-0">{brand.footerNote}</p> : null}
      </div>
    </footer>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslate();
  return (
    <a className="app-footer__link" href={href} target="_blank" rel="noopener noreferrer">
      {children} <span className="small">{t(layoutMessages.leavesPortal)}</span>
    </a>
  );
}
