// Words the supervisors' pages show for the services' values.

/** "Reply sent" for REPLY_SENT: the outbox's kinds, in words. */
export function mailKindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
