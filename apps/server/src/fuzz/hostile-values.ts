import fc from "fast-check";

// Values an attacker sends: well-formed ones and hostile ones. Strings with NUL, lone surrogates,
// bidirectional controls, SQL and HTML; huge and odd numbers; deep and wide JSON; wrong types.

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\u202eexe.jpg",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "2026-02-30",
    "0000-01-01",
    "9999-12-31",
    "",
    " ",
    "null",
    "-1",
    "1e309",
    "NaN",
  ),
  fc.string({ minLength: 5_000, maxLength: 20_000 }).map((value) => value || "x".repeat(5_000)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
  fc.double({ noNaN: true }),
);

/** Text for a path segment or a query-string value: what arrives is always text. */
export const hostileText = fc.oneof(hostileString, hostileNumber.map(String));

function deep(depth: number): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
}

/**
 * A JSON body: anything at all, or an object with the route's own keys holding hostile values. A
 * key with named values (`choices`, from its enum) or with values known to name real records
 * (`known`, by the key's name) holds one of them half the time, and the object has every key in
 * one case of four, so that a case can pass most checks and its hostile values reach the code behind.
 */
export function hostileBody(
  propertyNames: readonly string[],
  choices: Readonly<Record<string, readonly string[]>> = {},
  known: (propertyName: string) => readonly (string | number)[] = () => [],
): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
  );
  const likelyValue = (name: string) => {
    const likely = [...(choices[name] ?? []), ...known(name)];
    return likely.length > 0 ? fc.oneof(fc.constantFrom(...likely), leaf) : leaf;
  };
  const values = Object.fromEntries(propertyNames.map((name) => [name, likelyValue(name)]));
  const shaped =
    propertyNames.length > 0
      ? fc.oneof(fc.record(values, { requiredKeys: [] }), fc.record(values))
      : fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 5 });
  return fc.oneof(
    { arbitrary: shaped, weight: 2 },
    fc.jsonValue({ maxDepth: 4 }),
    fc.constant(deep(2_000)),
    fc.constant(Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`k${index}`, index]))),
  );
}

/** A multipart body with a boundary that may or may not match, parts that may or may not end. */
export const oddMultipart = fc.record({
  boundary: fc.constantFrom("x", "yyy", ""),
  declared: fc.constantFrom("x", "yyy", ""),
  field: fc.constantFrom("query", "files", "file", "category", "\u0000"),
  value: hostileString,
  close: fc.boolean(),
});
