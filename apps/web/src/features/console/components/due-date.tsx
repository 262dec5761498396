import { dueDateText } from "../utils/labels";

/** The day a reply is due; overdue in red and said in words too, never by colour alone. */
export function DueDate({ replyDueOn, overdue }: { replyDueOn: string | null; overdue: boolean }) {
  if (replyDueOn === null) return <span className="text-body-secondary">Not set</span>;
  if (!overdue) return <span>{dueDateText(replyDueOn)}</span>;
  return (
    <span className="text-danger fw-semibold">
      {dueDateText(replyDueOn)} <span className="badge text-bg-danger">Overdue</span>
    </span>
  );
}
