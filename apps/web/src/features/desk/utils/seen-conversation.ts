import type { ConsoleReply, ThreadMessage } from "@portal/domain";
import { formatDateTime, personName } from "../../../lib/console/labels";

// What an agent had seen of a conversation when writing a reply: the newest reply and the newest
// of the member's messages. Sent with the reply, so the server can refuse one written on an older
// view (409 CONVERSATION_CHANGED), and used to say what came since.

export interface SeenConversation {
  replyId: number | null;
  messageReference: number;
}

export function newestOf(
  replies: readonly ConsoleReply[],
  thread: readonly ThreadMessage[],
): SeenConversation {
  const replyIds = replies.map((reply) => reply.id);
  return {
    replyId: replyIds.length === 0 ? null : Math.max(...replyIds),
    messageReference: Math.max(0, ...thread.map((message) => message.referenceNumber)),
  };
}

/** What came after `seen`, in words: "A reply from Lerato Dlamini, 2026-11-24 14:02". */
export function arrivedSince(
  seen: SeenConversation,
  replies: readonly ConsoleReply[],
  thread: readonly ThreadMessage[],
): string[] {
  const newReplies = replies
    .filter((reply) => reply.id > (seen.replyId ?? 0))
    .map(
      (reply) =>
        `A reply ${reply.sentBy ? `from ${personName(reply.sentBy)}` : "from the scheme"}, ${formatDateTime(reply.sentAt)}`,
    );
  const newMessages = thread
    .filter((message) => message.referenceNumber > seen.messageReference)
    .map(
      (message) =>
        `A message from the member (${message.referenceNumber}), ${formatDateTime(message.dateLogged)}`,
    );
  return [...newMessages, ...newReplies];
}
