import { formatDueDate } from "@portal/domain";

interface ReplyExpectedByProps {
  /** The last day of the reply promise (yyyy-MM-dd); null for queries from before it was kept. */
  date: string | null;
  className?: string;
}

/** "Reply expected by Tue 24 Nov 2026" in small text; nothing for a query without a promised date. */
export function ReplyExpectedBy({ date, className = "" }: ReplyExpectedByProps) {
  if (date === null) return null;
  return (
    <p className={`small text-body-secondary ${className}`.trim()}>Reply expected by {formatDueDate(date)}</p>
  );
}
