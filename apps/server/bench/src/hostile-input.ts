import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import Fastify from "fastify";
import { installJsonDepthLimit, MAX_JSON_DEPTH } from "../../dist/lib/json-depth.js";
import { readMail } from "../../dist/modules/inbound-mail/mail-reading.js";
import { REPLY_TEXT_READ_LENGTH, replyText } from "../../dist/modules/inbound-mail/reply-text.js";

// What hostile input costs the event loop (docs/decisions/0031): each hardened function on the
// worst bodies we know for it, at its size limit and past it, the longest of a few rounds. The
// reply cutter is timed call by call (it runs in one piece); a JSON body goes through Fastify with
// the portal's JSON parser, and the event loop's longest delay while it is answered is taken.
// Budget: the event loop never held 100 ms.

const BUDGET_MS = 100;
const ROUNDS = Number(process.env.BENCH_HOSTILE_ROUNDS ?? 5);
/** app.ts's bodyLimit. */
const BODY_LIMIT = 1024 * 1024;
/** The largest mail the poller reads (MAX_INBOUND_MAIL_BYTES), as one text part. */
const MAIL_LIMIT = 64 * 1024 * 1024;

/** `head`, then `piece` as often as fits in `length` characters with `tail` after it; flat, as a parser's string is. */
function filled(head: string, piece: string, tail: string, length: number): string {
  const text = head + piece.repeat(Math.floor((length - head.length - tail.length) / piece.length)) + tail;
  return Buffer.from(text, "latin1").toString("latin1");
}

const size = (length: number) =>
  length >= 1000 * 1024 ? `${(length / 1024 / 1024).toFixed(1)} MB` : `${(length / 1024).toFixed(0)} KB`;

function cutterCases(): [string, string][] {
  const limit = REPLY_TEXT_READ_LENGTH;
  const blankLines = (length: number) => filled("Hello\n", " \n", "", length);
  return [
    ['the tester\'s "Hello" and lines of a space', blankLines(limit)],
    ["the same, 192 KB", blankLines(192 * 1024)],
    ["the same, 384 KB", blankLines(384 * 1024)],
    ["the same, at the mail limit", blankLines(MAIL_LIMIT)],
    ["one line of spaces, then a word", filled("Hello\n", " ", "x", limit)],
    ["lines of spaces, then Gmail's quote", filled("Hello\n", "      \n", "On Tue, X wrote:\n> q", limit)],
    ["a line of dashes, then a word", filled("Hello\n", "-", "x", limit)],
    ["a line of underscores, then a word", filled("Hello\n", "_", "x", limit)],
    ["'On ' without 'wrote:'", filled("Hello\n", "On ", "", limit)],
    ["lines of 'On …' without 'wrote:'", filled("Hello\n", "On Tuesday, I\n", "", limit)],
    ["'From:' lines without 'Sent:'", filled("Hello\n", "From: Meridian\n\n\n\n\n", "", limit)],
    ["quote lines", filled("Hello\n", "> earlier\n", "", limit)],
  ];
}

function longestCall(run: () => void): number {
  let longest = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    run();
    longest = Math.max(longest, performance.now() - start);
  }
  return longest;
}

function jsonCases(): [string, string][] {
  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const withinDepth = deep(MAX_JSON_DEPTH - 1);
  return [
    ["nested all the way (refused at level 65)", "[".repeat(BODY_LIMIT)],
    [
      "nested past the limit at its end (refused)",
      filled('{"a":"', "[{", `","b":${deep(MAX_JSON_DEPTH)}}`, BODY_LIMIT),
    ],
    ["64 deep, a string of brackets (parsed)", filled('{"a":"', "[{", `","b":${withinDepth}}`, BODY_LIMIT)],
    [
      "64 deep, a flat array of numbers (parsed)",
      filled(`{"b":${withinDepth},"a":[0`, ",0", "]}", BODY_LIMIT),
    ],
  ];
}

async function longestJsonBlock(payload: string): Promise<{ ms: number; status: number }> {
  const app = Fastify({ bodyLimit: BODY_LIMIT });
  installJsonDepthLimit(app);
  app.post("/", async () => ({ ok: true }));
  await app.ready();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longest = 0;
  let status = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      delay.reset();
      delay.enable();
      const answer = await app.inject({
        method: "POST",
        url: "/",
        payload,
        headers: { "content-type": "application/json" },
      });
      // A timer after the answer: the delay of the block just ended is recorded.
      await new Promise((resolve) => setTimeout(resolve, 5));
      delay.disable();
      status = answer.statusCode;
      longest = Math.max(longest, delay.max / 1e6);
    }
  } finally {
    await app.close();
  }
  return { ms: longest, status };
}

/** An HTML-only mail of one table row of `cells` cells: html-to-text's worst line. */
function wideTableMail(cells: number): string {
  return [
    "From: Member <member@example.com>",
    "To: support@scheme.example",
    "Subject: Re: Your query",
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    `<p>My reply.</p><table><tr>${"<td>x</td>".repeat(cells)}</tr></table>`,
  ].join("\r\n");
}

/** The event loop's longest delay while `run` works, over the rounds. */
async function longestBlock(run: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longest = 0;
  for (let round = 0; round < ROUNDS; round++) {
    delay.reset();
    delay.enable();
    await run();
    await new Promise((resolve) => setTimeout(resolve, 5));
    delay.disable();
    longest = Math.max(longest, delay.max / 1e6);
  }
  return longest;
}

export async function benchHostileInput(say: (line: string) => void): Promise<void> {
  say(`The event loop's longest block on hostile input (the longest of ${ROUNDS} rounds):`);
  say("| what | size | longest block | budget |");
  say("|---|---|---|---|");
  for (const [what, body] of cutterCases()) {
    const ms = longestCall(() => replyText(body));
    say(`| reply cutter: ${what} | ${size(body.length)} | ${ms.toFixed(1)} ms | < ${BUDGET_MS} ms |`);
  }
  for (const cells of [100_000, 400_000]) {
    const raw = Buffer.from(wideTableMail(cells));
    const ms = await longestBlock(() => readMail(raw));
    say(
      `| HTML-only mail: one table row of ${cells.toLocaleString("en")} cells, read | ${size(raw.length)} | ${ms.toFixed(1)} ms | < ${BUDGET_MS} ms |`,
    );
  }
  for (const [what, payload] of jsonCases()) {
    const { ms, status } = await longestJsonBlock(payload);
    say(
      `| JSON body: ${what}, answered ${status} | ${size(payload.length)} | ${ms.toFixed(1)} ms | < ${BUDGET_MS} ms |`,
    );
  }
}
