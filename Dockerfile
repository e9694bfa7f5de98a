# syntax=docker/dockerfile:1
# One image for every process of the explorer: the site server (the default command) or the bundled indexer
# (`command: ["indexer/index.ts"]`). Both run their TypeScript directly on Node 24 (type stripping), so the runtime
# stage holds the sources they import, the site's build (dist/) and the production dependencies; no devnet, no
# anvil, no test tools.

# Stage 1: everything installed, the site built, then the development dependencies dropped.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the project's lock file is kept by npm install (README, "On a fresh machine").
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Stage 2: what the servers run, as an unprivileged user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    ASTRO_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=4321 \
    INDEXER_PORT=3300 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/common ./common
COPY --from=build /app/indexer ./indexer
COPY --from=build /app/src ./src
COPY --from=build /app/deploy/probe.ts ./deploy/probe.ts
# The indexer's SQLite database and downloaded compilers live in DATA_DIR: a volume, owned by the user that writes it.
RUN groupadd --system sto && useradd --system --gid sto --home-dir /app --shell /usr/sbin/nologin sto \
    && mkdir -p /data && chown sto:sto /data
VOLUME ["/data"]
USER sto
EXPOSE 4321 3300
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["node", "deploy/probe.ts", "/livez"]
ENTRYPOINT ["node"]
CMD ["src/lib/server/site-server.ts"]
