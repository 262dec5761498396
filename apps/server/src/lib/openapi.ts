import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { XSRF_HEADER } from "@portal/domain";
import fastifyPlugin from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { AppContext } from "../app-context.js";
import { openApiTags, SECURITY_SCHEMES, serviceFieldsFor } from "./openapi-services.js";

/** The OpenAPI 3.1 document of every route, made from the routes' zod contracts. */
export const OPENAPI_DOCUMENT_PATH = "/api/openapi.json";
/** The readable reference page (Swagger UI) of that document; its files are served from here. */
export const API_REFERENCE_PATH = "/api/docs";

const DESCRIPTION = [
  "Every call of the member portal, generated from the zod contracts the server validates and",
  "serialises with. Every error answers `{ status, exceptionCode, message }`. Calls of the",
  "smart-inquiry and member-details services need the session cookie (else 401); every unsafe",
  `request needs the ${XSRF_HEADER} header with the value of the XSRF-TOKEN cookie (else 403).`,
  "Someone else's query, attachment or entity that is out of reach answers 404, exactly like one",
  "that does not exist.",
].join(" ");

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

const MODEL_REFERENCE = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The zod transform writes every named contract twice, as sent ("XInput") and as answered ("X"):
 * keep only the models the calls refer to, directly or through another kept model.
 */
function withoutUnusedModels(document: OpenApiDocument): OpenApiDocument {
  if (!("components" in document) || !document.components?.schemas) return document;
  const models = document.components.schemas;
  const used = new Set<string>();
  let toScan: unknown[] = [document.paths];
  while (toScan.length > 0) {
    const referenced = toScan.flatMap((part) =>
      [...JSON.stringify(part).matchAll(MODEL_REFERENCE)].map((match) => match[1] ?? ""),
    );
    const fresh = [...new Set(referenced)].filter((name) => name in models && !used.has(name));
    for (const name of fresh) used.add(name);
    toScan = fresh.map((name) => models[name]);
  }
  // The transform built this models object afresh, so it may be trimmed in place.
  for (const name of Object.keys(models)) if (!used.has(name)) delete models[name];
  return document;
}

/**
 * Serves the OpenAPI document at OPENAPI_DOCUMENT_PATH and Swagger UI at API_REFERENCE_PATH.
 * Registered before the routes: the document is made from every route registered after it.
 */
export const openApiPlugin = fastifyPlugin<AppContext>(
  async (app, { config }) => {
    const serviceFields = serviceFieldsFor(config);
    const title = `${config.brand.name}: member portal API`;
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: { title, version: "1", description: DESCRIPTION },
        tags: openApiTags(config),
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform(input);
        const fields = serviceFields(url, input.route.method);
        return { url, schema: fields ? { ...schema, ...fields } : schema };
      },
      transformObject: (input) => withoutUnusedModels(jsonSchemaTransformObject(input)),
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      theme: { title },
      // No top bar: its logo carries an inline <style> the Content-Security-Policy refuses, and its
      // "Explore" box only serves to read other documents.
      uiConfig: { layout: "BaseLayout" },
    });
    app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
