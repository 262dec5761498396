import type { Database } from "../../src/db/database.js";
import { addMember, type TestApp, TestBrowser } from "../test-app.js";

export const SI = "/api/smart-inquiry";
export const PORTAL = "/portal/api/das-mp/smart-inquiry-api";

export const defaultQueryFields = {
  subCategory: "CLAIM_NOT_PAID",
  query: "My claim for the GP visit on 3 November has not been paid.",
  email: "member@example.com",
  category: "MEDICAL_CLAIMS",
  origin: "MEMBER_WEB",
  ccEmail: "",
};

export const medxpressQueryFields = {
  category: "MEDXPRESS_DELIVERY_QUERY",
  product: "Health",
  email: "member@example.com",
  query: "My delivery has not arrived.",
  origin: "MED_XPRESS",
};

/** A new member, logged in through the gateway in their own browser. */
export async function loggedInMember(testApp: TestApp) {
  const member = await addMember(testApp.database);
  const browser = new TestBrowser(testApp.app);
  const login = await browser.logIn(member.username, member.password);
  if (login.statusCode !== 200) throw new Error(`log-in failed: ${login.body}`);
  return { ...member, browser };
}

export async function openList(browser: TestBrowser, origin = "MEMBER_WEB", daysAgo = 7, status = "OPEN") {
  const response = await browser.request({
    method: "GET",
    url: `${SI}/member-queries?daysAgo=${daysAgo}&status=${status}&origin=${origin}`,
  });
  return response.json().queries as {
    referenceNumber: number;
    category: string;
    queryDetail: string;
    dateLogged: string;
  }[];
}

export async function countQueries(database: Database): Promise<number> {
  const { queries } = await import("../../src/db/schema.js");
  return database.db.$count(queries);
}
