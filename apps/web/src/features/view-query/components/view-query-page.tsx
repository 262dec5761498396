/** View-query screen (spec §2, route update/{origin}): the query, its attachments, the agent response and the update form come here. */
export function ViewQueryPage() {
  return (
    <section>
      <h1 className="h2 mb-4">How can we help?</h1>
    </section>
  );
}
