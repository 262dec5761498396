// The endpoints of the portal's OpenAPI document (made from the domain contracts), as the fuzz
// tests walk them: method, path template, query-string names, body keys, and whether it is an upload.

export interface Operation {
  method: string;
  path: string;
  queryNames: string[];
  bodyProperties: string[];
  /** The body keys whose schema names its values (an enum): those values, so a case can pass validation. */
  bodyChoices: Record<string, string[]>;
  multipart: boolean;
}

interface PropertySchema {
  enum?: unknown[];
  anyOf?: PropertySchema[];
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, PropertySchema> } }>;
        };
      }
    >
  >;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      const properties = content["application/json"]?.schema?.properties ?? {};
      return {
        method: method.toUpperCase(),
        path,
        queryNames: (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        bodyProperties: Object.keys(properties),
        bodyChoices: Object.fromEntries(
          Object.entries(properties)
            .map(([name, schema]) => [name, choicesOf(schema)] as const)
            .filter(([, choices]) => choices.length > 0),
        ),
        multipart: "multipart/form-data" in content,
      };
    }),
  );
}

/** The path with each {parameter} filled, in order, from `values` ("1" when they run out). */
export function pathWith(template: string, values: readonly string[]): string {
  let index = 0;
  // A URL cannot carry a lone surrogate: a browser sends U+FFFD in its place, and so does this.
  return template.replace(/\{[^}]+\}/g, () =>
    encodeURIComponent(Buffer.from(values[index++] ?? "1", "utf8").toString("utf8")),
  );
}

function choicesOf(schema: PropertySchema): string[] {
  const own = (schema.enum ?? []).filter((value): value is string => typeof value === "string");
  return [...own, ...(schema.anyOf ?? []).flatMap(choicesOf)];
}
