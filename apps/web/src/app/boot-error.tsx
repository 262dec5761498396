/** Shown when /app-config.json cannot be loaded: without it the portal cannot reach its services. */
export function BootError() {
  return (
    <main className="container boot-status">
      <div className="alert alert-danger" role="alert">
        The portal could not start. Please check your connection and try again.
      </div>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
