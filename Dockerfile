# The hub and the built dashboard in one image (docs/install.md "Docker").
# Not built in this project's CI: its machines cannot pull base images. Keep it small and standard.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# ffmpeg: RTSP cameras' HLS; tini: signals reach the hub (it stops cleanly on SIGTERM).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg tini \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir /data && chown node:node /data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
ENV NODE_ENV=production HUB_DATA_DIR=/data PORT=8080
USER node
VOLUME /data
# HTTP, HTTPS, MQTT, MQTT over TLS (the embedded broker's device listeners).
EXPOSE 8080 8443 1883 8883
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist-hub/main.js"]
