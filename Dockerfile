# A target per deployable, so each team builds and ships only its own:
#   docker build --target auth .        (catalog, media, exam, gateway alike)
#   docker build --target mfe-monster --build-arg REMOTE_VERSION=2026-11-28.1 \
#     --build-arg REMOTE_BASE=<the remote's image of the release before> .      (each remote)
# docker-compose.yml and the Kubernetes bases (deploy/kubernetes) name these targets.
# Production runs the current LTS (Node 24); the code stays compatible with Node 20 (see README).

# A remote's release starts from that remote's image of the release before, so every earlier
# version stays served beside the new one: for a rollback, and for a page opened before the release.
# The first release starts from nginx.
ARG REMOTE_BASE=nginx:1.27-alpine

# What every Node deployable starts from: the workspace's manifests, so npm installs one workspace's
# dependencies (and the root's tsx) and no other's.
FROM node:24-slim AS node-deployable
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json tsconfig.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY packages/testing/package.json packages/testing/
COPY services/kit/package.json services/kit/
COPY services/auth/package.json services/auth/
COPY services/catalog/package.json services/catalog/
COPY services/media/package.json services/media/
COPY services/exam/package.json services/exam/
COPY gateway/package.json gateway/
COPY shell/package.json shell/
COPY mfe-home/package.json mfe-home/
COPY mfe-monster/package.json mfe-monster/
COPY mfe-lessons/package.json mfe-lessons/
COPY mfe-admin/package.json mfe-admin/
COPY packages/contracts packages/contracts
COPY services/kit services/kit
# Each target's command: tsx runs the TypeScript, and the tracing register module loads
# OpenTelemetry's instrumentations before the entry (docs/operating.md, Traces).

FROM node-deployable AS auth
RUN npm ci --omit=dev --no-audit --no-fund --include-workspace-root -w @learning/auth
COPY services/auth services/auth
USER node
CMD ["node", "--import", "tsx", "--import", "@learning/kit/tracing-register", "services/auth/src/main.ts"]

FROM node-deployable AS catalog
RUN npm ci --omit=dev --no-audit --no-fund --include-workspace-root -w @learning/catalog
COPY services/catalog services/catalog
USER node
CMD ["node", "--import", "tsx", "--import", "@learning/kit/tracing-register", "services/catalog/src/main.ts"]

FROM node-deployable AS exam
RUN npm ci --omit=dev --no-audit --no-fund --include-workspace-root -w @learning/exam
COPY services/exam services/exam
USER node
CMD ["node", "--import", "tsx", "--import", "@learning/kit/tracing-register", "services/exam/src/main.ts"]

FROM node-deployable AS media
# ffmpeg gives media durations, poster frames, mp3 renditions of recordings and the HLS ladders.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data/media && chown node:node /data/media
RUN npm ci --omit=dev --no-audit --no-fund --include-workspace-root -w @learning/media
COPY services/media services/media
USER node
CMD ["node", "--import", "tsx", "--import", "@learning/kit/tracing-register", "services/media/src/main.ts"]

# The front-ends' production builds, made once for the shell (which the gateway serves) and the remotes.
FROM node:24-slim AS front-ends
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node-deployable AS gateway
RUN npm ci --omit=dev --no-audit --no-fund --include-workspace-root -w @learning/gateway
COPY gateway gateway
# The shell, which the gateway serves; and the remotes, which it serves too where no remote's own
# deployment does (docker-compose's one host; REMOTES_DIR).
COPY --from=front-ends /app/shell/dist shell/dist
COPY --from=front-ends /app/mfe-home/dist mfe-home/dist
COPY --from=front-ends /app/mfe-monster/dist mfe-monster/dist
COPY --from=front-ends /app/mfe-lessons/dist mfe-lessons/dist
COPY --from=front-ends /app/mfe-admin/dist mfe-admin/dist
USER node
CMD ["node", "--import", "tsx", "--import", "@learning/kit/tracing-register", "gateway/src/main.ts"]

# A remote: its static build under /remotes/<name>/<REMOTE_VERSION>/, served by nginx on 8080
# (deploy/remote-nginx.conf), beside the versions of REMOTE_BASE. A release is a new version's path
# and the gateway's REMOTE_<NAME>_URL pointing at its mf-manifest.json; a rollback points it back
# (docs/operating.md, "Releases").
FROM ${REMOTE_BASE} AS remote
COPY deploy/remote-nginx.conf /etc/nginx/conf.d/default.conf
ARG REMOTE_VERSION=current

FROM remote AS mfe-home
COPY --from=front-ends /app/mfe-home/dist /usr/share/nginx/html/remotes/home/${REMOTE_VERSION}/

FROM remote AS mfe-monster
COPY --from=front-ends /app/mfe-monster/dist /usr/share/nginx/html/remotes/monster/${REMOTE_VERSION}/

FROM remote AS mfe-lessons
COPY --from=front-ends /app/mfe-lessons/dist /usr/share/nginx/html/remotes/lessons/${REMOTE_VERSION}/

FROM remote AS mfe-admin
COPY --from=front-ends /app/mfe-admin/dist /usr/share/nginx/html/remotes/admin/${REMOTE_VERSION}/
