# One image for every deployable of the workspace; docker-compose.yml picks the entry per service.
# Production runs the current LTS (Node 24); the code stays compatible with Node 20 (see README).
FROM node:24-slim AS base
WORKDIR /app
ENV NODE_ENV=production
# ffmpeg gives media durations, poster frames and mp3 renditions of recordings (it works without, with less).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data/media && chown node:node /data/media
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY services/kit/package.json services/kit/
COPY services/auth/package.json services/auth/
COPY services/catalog/package.json services/catalog/
COPY services/media/package.json services/media/
COPY services/exam/package.json services/exam/
COPY gateway/package.json gateway/
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY packages ./packages
COPY services ./services
COPY gateway ./gateway
COPY scripts ./scripts
USER node
# ENTRY is the deployable's main module, e.g. services/auth/src/main.ts or gateway/src/main.ts.
ENV ENTRY=gateway/src/main.ts
# The tracing register module loads OpenTelemetry's instrumentations before the entry (docs/operating.md, Traces).
CMD ["sh", "-c", "exec node --import tsx --import @learning/kit/tracing-register \"$ENTRY\""]
