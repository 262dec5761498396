import { ACCOUNT_LINK_ROUTES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("paths", () => {
  it("builds the view-query link of the open-queries list", () => {
    expect(paths.update.getHref("default", { reference: 42, timeline: false })).toBe(
      "/update/default?reference=42&timeline=false",
    );
  });

  it("encodes the return location of the login link", () => {
    expect(paths.login.getHref("/update/default?reference=1&timeline=false")).toBe(
      "/login?redirectTo=%2Fupdate%2Fdefault%3Freference%3D1%26timeline%3Dfalse",
    );
    expect(paths.login.getHref()).toBe("/login");
  });

  it("builds contact-us and document-submission links", () => {
    expect(paths.contactUs.getHref("medxpress")).toBe("/contact-us/medxpress");
    expect(paths.contactUs.getHref()).toBe("/contact-us/default");
    expect(paths.documentSubmission.getHref(9)).toBe("/document-submission?reference=9");
    expect(paths.myMembership.getHref()).toBe("/my-membership");
    expect(paths.interactionTimeline.getHref()).toBe("/interaction-timeline");
    expect(paths.myData.getHref()).toBe("/my-data");
    expect(paths.console.getHref()).toBe("/console");
  });

  it("opens the mailed account links where the server points them", () => {
    expect(paths.register.getHref()).toBe("/register");
    expect(paths.forgotPassword.getHref()).toBe("/forgot-password");
    expect(paths.activateAccount.getHref("abc_-1")).toBe(`${ACCOUNT_LINK_ROUTES.activation}abc_-1`);
    expect(paths.resetPassword.getHref("abc_-1")).toBe(`${ACCOUNT_LINK_ROUTES.passwordReset}abc_-1`);
    expect(paths.activateAccount.path).toBe("/register/activate/:token");
    expect(paths.resetPassword.path).toBe("/forgot-password/reset/:token");
  });
});
