// The demo members and staff seeded into an empty embedded database. Shared with the end-to-end tests,
// so this file imports nothing. Never seeded into a PostgreSQL server unless SEED_DEMO_DATA=true.

export const DEMO_MEMBERS = [
  {
    username: "demo.member",
    password: "Portal-Demo-2026!",
    firstName: "Thandi",
    lastName: "Nkosi",
    emails: ["thandi.nkosi@example.com", "t.nkosi@example.org"],
  },
  {
    username: "demo.second",
    password: "Second-Demo-2026!",
    firstName: "Pieter",
    lastName: "van der Merwe",
    emails: ["pieter.vdmerwe@example.com"],
  },
  {
    // A member who just joined: no queries and no document submissions yet.
    username: "demo.newcomer",
    password: "Newcomer-Demo-2026!",
    firstName: "Ayesha",
    lastName: "Patel",
    emails: ["ayesha.patel@example.com"],
    withoutHistory: true,
  },
] as const;

/** The scheme's demo staff, seeded with the demo members: an agent, a supervisor and the information officer. */
export const DEMO_STAFF = [
  {
    username: "demo.agent",
    password: "Agent-Demo-2026!",
    firstName: "Lerato",
    lastName: "Mokoena",
    emails: ["lerato.mokoena@scheme.example"],
    role: "STAFF_AGENT",
  },
  {
    username: "demo.supervisor",
    password: "Supervisor-Demo-2026!",
    firstName: "Johan",
    lastName: "Botha",
    emails: ["johan.botha@scheme.example"],
    role: "STAFF_SUPERVISOR",
  },
  {
    username: "demo.officer",
    password: "Officer-Demo-2026!",
    firstName: "Naledi",
    lastName: "Khumalo",
    emails: ["naledi.khumalo@scheme.example"],
    role: "STAFF_INFORMATION_OFFICER",
  },
] as const;
