// The desk's conversations (docs/decisions 0024): a member's query and its updates with the
// scheme's replies, as one thing. Every write to a conversation is one of these commands; the
// member's pages, the timeline and the console read a conversation by its key.

export {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "./canned-replies.js";
export {
  addNote,
  assignConversation,
  assignConversations,
  closeConversation,
  closeConversations,
  conversationOf,
  type DeskAct,
  emptyConversations,
  membersOfConversations,
  ReplyAlreadySent,
  reopenConversation,
  type SeenConversation,
  sendReply,
} from "./commands/desk.js";
export { recordDocumentsReceived } from "./commands/documents-received.js";
export { readDrafts, saveDraft } from "./commands/drafts.js";
export {
  type EmailedMessageRecorded,
  recordEmailedMessage,
} from "./commands/emailed-messages.js";
export {
  addMemberMessage,
  type MemberMessageKind,
  type NewAttachment,
  type NewMessage,
  recordMemberMessage,
  startConversation,
} from "./commands/member-messages.js";
export {
  type ConversationRemoval,
  conversationRows,
  countConversationContent,
  memberSubmissions,
  type RemovalReason,
  removeConversationContent,
  removeSubmissionContent,
  type SubmissionRemoval,
} from "./commands/remove-content.js";
export { type ReplyFile, type ReplySent, type ReplyToSend, replyToConversation } from "./commands/reply.js";
export {
  findConversation,
  findMessageAttachment,
  findReplyAttachment,
  listDeskStaff,
  readDeskThread,
  readMemberSummary,
} from "./desk-reads.js";
export { countQueue, listQueue, type QueueFilter, queueSortOf } from "./queue.js";
export { foldQueueCounts } from "./queue-count-fold.js";
