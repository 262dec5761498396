import { type ReactNode, useId } from "react";

/** One card of a page: a region named by its h2, so screen-reader users can jump between them. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card mb-4" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 className="h4 card-title" id={titleId}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
