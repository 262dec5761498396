/** Under a success message: a new, empty form in its place, without leaving the page. */
export function LogAnotherButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-primary mt-3" onClick={onClick}>
      Log another query
    </button>
  );
}
