import { dueDateText } from "../../../lib/console/labels";

/**
 * The day a reply is due; overdue in red and said in words too, never by colour alone. No day:
 * none is owed (the member was answered, or the conversation is closed), unless it is overdue,
 * which is a message logged before promises were recorded.
 */
export function DueDate({ replyDueOn, overdue }: { replyDueOn: string | null; overdue: boolean }) {
  if (replyDueOn === null && !overdue) return <span className="text-body-secondary">None owed</span>;
  const day = replyDueOn === null ? "No date recorded" : dueDateText(replyDueOn);
  if (!overdue) return <span>{day}</span>;
  return (
    <span className="text-danger fw-semibold">
      {day} <span className="badge text-bg-danger">Overdue</span>
    </span>
  );
}
