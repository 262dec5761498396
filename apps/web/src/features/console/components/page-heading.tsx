import { type ReactNode, useEffect, useRef } from "react";

/**
 * The page's one h1. It takes focus when the page opens, so after following a link a screen
 * reader starts at the new page's title and the next Tab goes through the new page.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 className="h2 mb-4 console-page-heading" ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
