import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { ATTACHMENTS_FIELD } from "@portal/domain";
import { startNode, stop, waitForHttp } from "./child-process.js";
import { LOAD_CONNECTIONS, type LoadFigure, loadFigure, loadRun } from "./load.js";
import { type PacedFigure, type PacedRequest, pacedLoad } from "./paced-load.js";
import type { PortalFork } from "./portal-process.js";
import { demoMemberSession, type PortalSession } from "./portal-session.js";

// The portal's own cost on the request path: each member read measured on the portal and on the
// plain route (plain-route.ts: the same answers from the fewest statements, no plugins), in several
// forks of fresh processes of both, each warmed up uncounted, then back to back so a drift of the
// shared machine falls on both; then the help search, and a steady mixed load.

const plainScript = path.join(path.dirname(fileURLToPath(import.meta.url)), "plain-route.js");
const PLAIN_PORT = 18903;
const WARM_UP_SECONDS = 3;

/** The member's open list as the SPA asks for it: the bench's main read. */
export const OPEN_LIST_PATH = "/api/smart-inquiry/member-queries?daysAgo=7&status=OPEN&origin=MEMBER_WEB";

/** What the portal must reach against the plain route, for each read. */
export const PLAIN_ROUTE_TARGET = { shareOfRate: 0.8, p99Ratio: 1.25 };

interface Comparison {
  what: string;
  /** The mean of the forks. */
  portal: LoadFigure;
  plain: LoadFigure;
  forks: { portal: LoadFigure[]; plain: LoadFigure[] };
}

const mean = (figures: LoadFigure[]): LoadFigure => ({
  requestsPerSecond: figures.reduce((sum, figure) => sum + figure.requestsPerSecond, 0) / figures.length,
  p99Ms: figures.reduce((sum, figure) => sum + figure.p99Ms, 0) / figures.length,
});

/**
 * Both servers must answer the same JSON, or the comparison would not be of the same work; and
 * neither answer may set a cookie: the load sends the same cookies throughout, as a browser does
 * once it has taken every cookie, so a cookie set here would be set again in every answer measured.
 */
async function sameAnswer(portalBase: string, plainBase: string, path: string, cookie: string) {
  const [portal, plain] = await Promise.all(
    [portalBase, plainBase].map(async (base) => {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${base}${path} answered ${response.status}`);
      const setCookies = response.headers.getSetCookie().map((line) => line.split("=")[0]);
      if (setCookies.length > 0) {
        throw new Error(`${base}${path} sets ${setCookies.join(", ")} with the bench's cookies`);
      }
      return response.json();
    }),
  );
  if (!isDeepStrictEqual(portal, plain)) {
    throw new Error(
      `the plain route answers ${path} differently:\n${JSON.stringify(plain)}\n${JSON.stringify(portal)}`,
    );
  }
}

/**
 * How many times each server is started afresh for the reads. Two processes of one build, measured
 * side by side, differ by up to 15 % in CPU a request, the same way in every round (where their
 * code and heap happened to land), so one process of each measured a server's luck as much as its
 * code. Each fork is a new portal process and a new plain route, as JMH forks a new JVM.
 */
export const FORKS = 3;

async function compareWithPlainRoute(options: {
  databaseUrl: string;
  /** A new portal process on the bench's store, for one fork. */
  startPortalFork: () => Promise<PortalFork>;
  cookie: string;
  paths: { what: string; path: string }[];
  seconds: number;
}): Promise<Comparison[]> {
  const { cookie, seconds } = options;
  const plainBase = `http://127.0.0.1:${PLAIN_PORT}`;
  const figures = options.paths.map(() => ({ portal: [] as LoadFigure[], plain: [] as LoadFigure[] }));
  for (let fork = 0; fork < FORKS; fork += 1) {
    const portal = await options.startPortalFork();
    const plain = startNode([plainScript], {
      PLAIN_PORT: String(PLAIN_PORT),
      DATABASE_URL: options.databaseUrl,
    });
    try {
      await waitForHttp(`${plainBase}/wsg/session`, plain);
      for (const [index, { path }] of options.paths.entries()) {
        await sameAnswer(portal.base, plainBase, path, cookie);
        // Back to back, the first in turn, so a drift of the shared machine falls on both. Each
        // run's first seconds are not counted: they are the server's warm-up on this read (V8
        // compiling the path, the pool opening its connections and preparing the statements on
        // each), which a running server did long ago; uncounted, the portal's larger path warmed
        // up in its first measured round (its GC and compiler threads took 24 µs a request then,
        // 3 µs after). Its connections stay open into the measure (load.ts).
        const order = fork % 2 === 0 ? (["portal", "plain"] as const) : (["plain", "portal"] as const);
        for (const server of order) {
          const base = server === "portal" ? portal.base : plainBase;
          const figure = await loadFigure(
            `${base}${path}`,
            seconds,
            { cookie },
            LOAD_CONNECTIONS,
            WARM_UP_SECONDS,
          );
          figures[index]?.[server].push(figure);
        }
      }
    } finally {
      await stop(plain);
      await portal.stop();
    }
  }
  return options.paths.map(({ what }, index) => {
    const { portal = [], plain = [] } = figures[index] ?? {};
    return { what, portal: mean(portal), plain: mean(plain), forks: { portal, plain } };
  });
}

function printComparisons(comparisons: Comparison[], say: (line: string) => void): void {
  say("");
  say(
    `The portal against the plain route (plain Fastify + node-postgres, the same JSON from the fewest statements; ${LOAD_CONNECTIONS} connections, PostgreSQL; the mean of ${FORKS} forks, each a new process of both):`,
  );
  say("| read | portal req/s | plain req/s | share | portal p99 | plain p99 | p99 ratio | share by fork |");
  say("|---|---|---|---|---|---|---|---|");
  for (const { what, portal, plain, forks } of comparisons) {
    const share = portal.requestsPerSecond / plain.requestsPerSecond;
    const ratio = portal.p99Ms / plain.p99Ms;
    const byFork = forks.portal
      .map((figure, fork) => {
        const plainFigure = forks.plain[fork] as LoadFigure;
        return `${((figure.requestsPerSecond / plainFigure.requestsPerSecond) * 100).toFixed(0)} %`;
      })
      .join(", ");
    say(
      `| ${what} | ${portal.requestsPerSecond.toFixed(0)} | ${plain.requestsPerSecond.toFixed(0)} | ${(share * 100).toFixed(0)} % | ${portal.p99Ms.toFixed(1)} ms | ${plain.p99Ms.toFixed(1)} ms | ${ratio.toFixed(2)}x | ${byFork} |`,
    );
  }
  say(
    `Target: a share of at least ${PLAIN_ROUTE_TARGET.shareOfRate * 100} % and a p99 ratio of at most ${PLAIN_ROUTE_TARGET.p99Ratio}x.`,
  );
}

/** Questions as members type them: the search answers each in turn, so no single answer is warm. */
const HELP_QUESTIONS = [
  "how do I claim for a GP visit",
  "physiotherapy benefit",
  "change my bank details",
  "chronic medication application",
  "hospital pre-authorisation",
  "add a dependant to my plan",
  "optometry glasses",
  "tax certificate",
  "my claim was not paid",
  "medicine delivery",
];

const HELP_CONNECTIONS = 20;

function helpSearchFigure(portalBase: string, seconds: number): Promise<LoadFigure> {
  return loadRun(
    {
      url: portalBase,
      connections: HELP_CONNECTIONS,
      duration: seconds,
      requests: HELP_QUESTIONS.map((question) => ({
        path: `/api/help/search?q=${encodeURIComponent(question)}`,
      })),
    },
    "help search",
  );
}

const STEADY_RATE = 300;
const STEADY_WARM_UP_SECONDS = 3;

/** The bench's parts: the three reads against the plain route, the help search, the steady load. */
export const REQUEST_PATH_PARTS = ["reads", "help", "steady"] as const;
export type RequestPathPart = (typeof REQUEST_PATH_PARTS)[number];

/** A multipart body as the member's browser sends a new query with one small PDF. */
function smallSubmission(attachmentsField: string): { body: Buffer; contentType: string } {
  const boundary = "----portal-bench-steady";
  const fields: [string, string][] = [
    ["subCategory", "CLAIM_NOT_PAID"],
    ["query", "Steady load: my claim was not paid."],
    ["email", "bench@example.com"],
    ["category", "MEDICAL_CLAIMS"],
    ["origin", "MEMBER_WEB"],
    ["ccEmail", ""],
  ];
  const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4096, 0x20)]);
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${attachmentsField}"; filename="claim.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A steady STEADY_RATE requests a second of mixed member traffic for `seconds`, evenly spaced (an
 * open loop, paced-load.ts): in every ten, seven open lists and two views of a query by one member,
 * and one new query with a small file by another.
 */
async function steadyMixedFigure(
  portalBase: string,
  session: PortalSession,
  paths: { list: string; view: string; submit: string },
  seconds: number,
  arrivals: "even" | "random",
): Promise<PacedFigure> {
  const cookie = session.cookieHeader();
  // Another member logs the new queries: at a scheme the member reading a list is not the one who
  // logged a hundred queries in the last seconds, whose list would grow with every one of them.
  const writer = await demoMemberSession(portalBase, 1);
  const submission = smallSubmission(ATTACHMENTS_FIELD);
  const submit: PacedRequest = {
    kind: "new query",
    method: "POST",
    path: paths.submit,
    headers: {
      cookie: writer.cookieHeader(),
      "x-xsrf-token": writer.xsrfToken(),
      "content-type": submission.contentType,
    },
    body: submission.body,
  };
  const list: PacedRequest = { kind: "list", method: "GET", path: paths.list, headers: { cookie } };
  const view: PacedRequest = { kind: "view", method: "GET", path: paths.view, headers: { cookie } };
  return pacedLoad({
    base: portalBase,
    rate: STEADY_RATE,
    seconds,
    arrivals,
    mix: [list, view, list, list, submit, list, view, list, list, list],
  });
}

/**
 * The portal (already running at `base`, on the PostgreSQL database at `databaseUrl`) against the
 * plain route, then the help search, then the steady mixed load, which adds queries, so it runs last.
 */
export async function benchPortalOwnCost(options: {
  base: string;
  session: PortalSession;
  databaseUrl: string;
  /** A new portal process on the same store, for each fork of the reads (portal-process.ts). */
  startPortalFork: () => Promise<PortalFork>;
  openListPath: string;
  seconds: number;
  say: (line: string) => void;
  /** The parts to run (run-request-path.js takes them from BENCH_REQUEST_PATH); all by default. */
  parts?: readonly RequestPathPart[];
}): Promise<void> {
  const { base, session, databaseUrl, openListPath, seconds, say, parts = REQUEST_PATH_PARTS } = options;
  const list = (await (await session.fetch(openListPath)).json()) as {
    queries: { referenceNumber: number }[];
  };
  const reference = list.queries[0]?.referenceNumber;
  if (reference === undefined) throw new Error("the demo member has no open query to view");
  const viewPath = `/api/smart-inquiry/member-queries/${reference}?origin=MEMBER_WEB`;
  if (parts.includes("reads")) {
    const comparisons = await compareWithPlainRoute({
      databaseUrl,
      startPortalFork: options.startPortalFork,
      cookie: session.cookieHeader(),
      seconds,
      paths: [
        { what: "open list", path: openListPath },
        { what: "view of one query", path: viewPath },
        { what: "`GET /wsg/session`", path: "/wsg/session" },
      ],
    });
    printComparisons(comparisons, say);
  }
  if (parts.includes("help")) {
    const help = await helpSearchFigure(base, seconds);
    say("");
    say(
      `Help search (\`GET /api/help/search\`, ten questions in turn, ${HELP_CONNECTIONS} connections): ${help.requestsPerSecond.toFixed(0)} req/s, p99 ${help.p99Ms.toFixed(1)} ms   (target: >= 5000 req/s, p99 < 20 ms)`,
    );
  }
  if (!parts.includes("steady")) return;
  const paths = {
    list: openListPath,
    view: viewPath,
    submit: "/api/smart-inquiry/member-queries/query-additional-info",
  };
  // Not counted: the mix's first seconds on a fresh server (the new query's code compiled, the pool's
  // connections opened and its statements prepared), so the figures are of a server that has been
  // running, as "steady" says.
  await steadyMixedFigure(base, session, paths, STEADY_WARM_UP_SECONDS, "even");
  for (const arrivals of ["even", "random"] as const) {
    const steady = await steadyMixedFigure(base, session, paths, seconds, arrivals);
    say(
      arrivals === "even"
        ? `Steady mixed load (${STEADY_RATE} req/s for ${seconds} s, evenly spaced: 7 lists, 2 views and 1 new query with a 4 KB PDF in every 10; PostgreSQL): ${steady.requestsPerSecond.toFixed(0)} req/s sent, p50 ${steady.p50Ms.toFixed(1)} ms, p99 ${steady.p99Ms.toFixed(1)} ms   (target: p99 < 50 ms)`
        : `The same mix arriving at random moments at the same mean rate (a Poisson process): p50 ${steady.p50Ms.toFixed(1)} ms, p99 ${steady.p99Ms.toFixed(1)} ms`,
    );
    say(
      `  p99 by kind: ${Object.entries(steady.p99ByKindMs)
        .map(([kind, ms]) => `${kind} ${ms.toFixed(1)} ms`)
        .join(", ")}; slowest ${steady.maxMs.toFixed(1)} ms`,
    );
  }
}
