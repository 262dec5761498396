import type { MouseEvent, ReactNode } from "react";

interface SkipLinkProps {
  /** id of the element to go to; it needs tabIndex={-1} to take focus. */
  targetId: string;
  children: ReactNode;
}

/**
 * A link for keyboard users past what they would otherwise tab through, hidden until it has focus.
 * It moves focus itself: followed as a plain "#id" link, the hash router would read the id as a
 * page address and leave the page.
 */
export function SkipLink({ targetId, children }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <a href={`#${targetId}`} className="visually-hidden-focusable skip-link" onClick={skip}>
      {children}
    </a>
  );
}
