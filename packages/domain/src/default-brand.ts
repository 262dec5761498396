import type { Brand } from "./contracts/brand.js";

/**
 * The brand the portal runs with when BRAND_FILE is not set: Meridian, the demo scheme, exactly as
 * docs/examples/brand.json writes it (a test holds the two together).
 *
 * EXAMPLE DATA: Meridian is a fictional scheme, and these numbers and hours are invented for the
 * demo. A real scheme writes its own brand file (docs/configuration.md, "The scheme's brand").
 */
export const DEFAULT_BRAND: Brand = {
  name: "Meridian Health Medical Scheme",
  shortName: "Meridian Health",
  logo: null,
  colours: {
    primary: "#0e5e6f",
    ink: "#0a3d47",
    inkText: "#dee2e6",
    accent: "#f2b544",
  },
  contactLines: [
    {
      label: "Member services",
      number: "0860 100 247",
      dial: "+27860100247",
      hours: "Monday to Friday 08:00–18:00, Saturday 08:00–13:00",
    },
    {
      label: "Hospital pre-authorisation",
      number: "0860 100 248",
      dial: "+27860100248",
      hours: "24 hours, every day",
    },
    {
      label: "Emergency medical assistance",
      number: "0800 100 911",
      dial: "+27800100911",
      hours: "24 hours, every day",
    },
    {
      label: "Fraud hotline (anonymous)",
      number: "0800 100 372",
      dial: "+27800100372",
      hours: "24 hours, every day",
    },
  ],
  closedDays: "Member services is closed on Sundays and public holidays.",
  footerLinks: [
    { label: "Privacy notice", href: "{{SCHEME_SITE_URL}}/privacy-notice" },
    { label: "PAIA manual", href: "{{SCHEME_SITE_URL}}/paia-manual" },
  ],
  footerNote:
    "Meridian Health Medical Scheme is a fictional medical scheme: the contact details above are example data.",
  mail: {
    senderName: "Meridian Health",
    signature: ["Kind regards,", "Meridian Health Medical Scheme"],
  },
};
