import {
  ACCESS_ACTORS,
  ACCESS_SUBJECTS,
  type AccessActor,
  type AccessSubject,
  accessActionText,
  accessActorText,
  accessSubjectText,
} from "@portal/domain";
import { describe, expect, it } from "vitest";
import { translate } from "../../../i18n/translate";
import { actionText, actorText, subjectText } from "./labels";

describe("the access history's words", () => {
  it("names every actor by role", () => {
    expect(ACCESS_ACTORS.map((who) => actorText(who, translate))).toEqual([
      "You",
      "An agent of the scheme",
      "A supervisor of the scheme",
      "The scheme's information officer",
      "A member of the scheme's staff",
      "The scheme's operator",
      "A member on your policy",
    ]);
  });

  it("words every subject, with the reference where there is one", () => {
    expect(ACCESS_SUBJECTS.map((what) => subjectText({ what, referenceNumber: 300001 }, translate))).toEqual([
      "Query 300001",
      "An attachment of query 300001",
      "Your list of queries",
      "Your membership details",
      "Your documents (reference 300001)",
      "A mail to you",
      "A member search that found you",
      "You logged in",
      "Your password",
      "Your email address",
      "Your phone number",
      "Your account",
      "Your data download",
      "A data request",
      "A legal hold on your data",
      "Your access history",
      "Other information",
    ]);
    expect(subjectText({ what: "DOCUMENTS", referenceNumber: null }, translate)).toBe("Your documents");
    expect(subjectText({ what: "QUERY", referenceNumber: null }, translate)).toBe("A query");
  });

  it("says in English what the domain says, which the archive's page shows", () => {
    for (const who of ACCESS_ACTORS) expect(actorText(who, translate)).toBe(accessActorText(who));
    for (const what of ACCESS_SUBJECTS) {
      for (const referenceNumber of [null, 300001]) {
        expect(subjectText({ what, referenceNumber }, translate)).toBe(
          accessSubjectText({ what, referenceNumber }),
        );
      }
    }
    for (const action of ["READ", "UPDATE"] as const) {
      for (const times of [1, 2, 5])
        expect(actionText({ action, times }, translate)).toBe(accessActionText({ action, times }));
    }
  });

  it("reads a value newer than this page as other information, or as staff", () => {
    expect(subjectText({ what: "SOMETHING_NEW" as AccessSubject, referenceNumber: null }, translate)).toBe(
      "Other information",
    );
    expect(actorText("STAFF_AUDITOR" as AccessActor, translate)).toBe("A member of the scheme's staff");
  });
});
