/** Document-submission screen (spec §2): the submission and its attachments come here. */
export function DocumentSubmissionPage() {
  return (
    <section>
      <h1 className="h2 mb-4">How can we help?</h1>
    </section>
  );
}
