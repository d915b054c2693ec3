# Clearance as a container: PostgreSQL (DATABASE_URL) for several instances, or the embedded
# database in the /data volume for one. Build: docker build -t clearance .
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json

WORKDIR /app

# Dependencies first, so a code change does not reinstall them. Production dependencies only:
# tsx (runs the TypeScript) and prisma (postinstall generates the client) are among them.
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/postinstall.js scripts/postinstall.js
COPY prisma prisma
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force

COPY bin bin
COPY src src
COPY app.yml ./

# The code stays root's; the service runs as the image's unprivileged "node" user and writes
# only to /data (the embedded database) and the temp folder (tsx's compile cache).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000

# Ready means: the database answers and every migration is applied.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "bin/clearance.js", "serve"]
