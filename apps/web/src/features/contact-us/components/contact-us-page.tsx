/** Contact-us screen (spec §2): the open-queries list and the "Log a new query" card come here. */
export function ContactUsPage() {
  return (
    <section>
      <h1 className="h2 mb-4">How can we help?</h1>
    </section>
  );
}
