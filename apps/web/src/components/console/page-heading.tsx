import { useEffect, useRef } from "react";
import { PageTitle } from "../page-title/page-title";

/**
 * The page's one h1, which also titles the browser tab. It takes focus when the page opens, so
 * after following a link a screen reader starts at the new page's title and the next Tab goes
 * through the new page.
 */
export function PageHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <PageTitle>{`${children} · Staff console`}</PageTitle>
      <h1 className="h2 mb-4 console-page-heading" ref={heading} tabIndex={-1}>
        {children}
      </h1>
    </>
  );
}
