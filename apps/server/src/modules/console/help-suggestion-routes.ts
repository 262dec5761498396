import { consoleReferenceParamsSchema, errorBodySchema, helpSuggestionsResponseSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, queryParam } from "../access/index.js";
import { conversationOf, findConversation, readDeskThread } from "../conversations/index.js";
import { createHelpSearch } from "../help/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";

/**
 * The help the composer offers for a reply: by the conversation's category and the
 * member's words, among its channel's fragments (help/suggestions.ts), each with a summary written
 * for a mail. Staff only; not audited, like the drafts: the answer holds published help, no member
 * data, and the query page that shows it has audited the read.
 */
export const consoleHelpSuggestionRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (
  app,
  { db, config, now },
) => {
  const help = createHelpSearch(config.CONTENT_DIR, now);
  app.get(
    "/queries/:referenceNumber/help-suggestions",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        response: {
          200: helpSuggestionsResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
      config: { access: { audience: AUDIENCES.staff, target: queryParam("referenceNumber") } },
    },
    async (request) => {
      const conversation = await conversationOf(db, request.params.referenceNumber);
      const head = conversation === null ? undefined : await findConversation(db, conversation);
      if (conversation === null || !head) throw errors.notFound();
      const { messages } = await readDeskThread(db, conversation);
      const suggestions = await help.suggest({
        category: head.category,
        subCategory: head.subCategory,
        messages: messages.map((message) => message.text).reverse(),
      });
      return { suggestions };
    },
  );
};
