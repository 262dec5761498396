// The access history in the member's words: the domain's, which the archive's index.html uses too.
export {
  ACCESS_ACTION_LABELS as ACTION_LABELS,
  ACCESS_ACTOR_LABELS as ACTOR_LABELS,
  accessActionText as actionText,
  accessActorText as actorText,
  accessSubjectText as subjectText,
} from "@portal/domain";
