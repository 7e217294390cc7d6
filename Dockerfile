# Production image: the compiled server serves the built web app and the API on one port.
# Build: docker build -t palaro .   Run: see docs/OPERATIONS.md
# A supported LTS (Node 20 reached its end of life in April 2026); the code itself runs on Node
# 20.19 or newer. The build and the run stages share one image so argon2's native build matches.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (apps/web/dist) and the server (apps/server/dist, JavaScript with the contract
# compiled in); then only the runtime dependencies stay.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
# Fonts for the names sharp draws into the game art's WebP (games/art-files.ts); slim has none.
RUN apt-get update && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
# The server package as built: dist/ runs; drizzle/ (migrations) and media/ are read at run time,
# found from apps/server/package.json. The web build beside it.
COPY --from=build /app/apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness: an orchestrator that restarts unhealthy containers must not restart every replica
# because the database is down. Load balancers route by /health/ready (docs/OPERATIONS.md).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health/live').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
