/**
 * The scheme's logo: a mark and the scheme's name as real text, so screen readers and translation
 * tools read the name itself. The mark says nothing the name does not, so it is hidden from
 * assistive technology; the logo's accessible name is the name. The mark is the brand's image
 * (BRAND_FILE's logo, a data: URI) or, without one, the portal's own mark in the brand's colours.
 */
export function SchemeLogo({ name, logo }: { name: string; logo: string | null }) {
  return (
    <span className="scheme-logo">
      {logo ? (
        <img
          className="scheme-logo__mark"
          src={logo}
          alt=""
          width="36"
          height="36"
          data-testid="scheme-mark"
        />
      ) : (
        <SchemeMark />
      )}
      <span className="scheme-logo__name">{name}</span>
    </span>
  );
}

/** The portal's own mark: a disc in the brand's accent with a meridian and an equator in its ink. */
export function SchemeMark() {
  return (
    <svg
      className="scheme-logo__mark"
      viewBox="0 0 40 40"
      width="36"
      height="36"
      aria-hidden="true"
      focusable="false"
      data-testid="scheme-mark"
    >
      <circle className="scheme-logo__disc" cx="20" cy="20" r="19" />
      <ellipse className="scheme-logo__line" cx="20" cy="20" rx="7.5" ry="15.5" />
      <path className="scheme-logo__line" d="M4.5 20h31M20 4.5v31" />
      <path className="scheme-logo__cross" d="M25.5 9.5h4v4h4v4h-4v4h-4v-4h-4v-4h4z" />
    </svg>
  );
}
