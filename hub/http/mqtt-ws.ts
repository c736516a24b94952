import type {} from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { AuthService } from "../auth/auth-service";
import type { EmbeddedBroker } from "../broker/embedded";
import type { SessionRegistry } from "../core/session-registry";
import type { HubLogger } from "../broker/link";
import { assertAllowedOrigin } from "./origin";
import { SESSION_COOKIE } from "./session-guard";
import { mqttWebSocketStream } from "./ws-stream";

/**
 * `GET /mqtt` WebSocket (MQTT 3.1.1 over WebSocket) into the embedded broker (docs/contract.md
 * "Live channel"). The upgrade is refused with 401 AUTH_NO_SESSION or 403 AUTH_SESSION_LOCKED
 * unless the cookie holds a valid unlocked session. The connection is registered under its
 * session so lock, revoke and logout close it, and handed to the broker with its session id: the
 * session admits it, and its client id may not take over another owner's (broker/device-access.ts).
 * Requires @fastify/websocket to be registered.
 */
export function mqttWebSocketRoute(deps: {
  auth: AuthService;
  broker: EmbeddedBroker;
  connections: SessionRegistry;
  log: HubLogger;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      "/mqtt",
      {
        websocket: true,
        preValidation: async (request) => {
          assertAllowedOrigin(request); // 403 FORBIDDEN_ORIGIN before any upgrade (CSRF): hub/http/origin.ts
          deps.auth.resolve(request.cookies[SESSION_COOKIE], false);
        },
      },
      (socket, request) => {
        let sessionId: number;
        try {
          sessionId = deps.auth.resolve(request.cookies[SESSION_COOKIE], false).id;
        } catch {
          socket.close(4401, "no session");
          return;
        }
        const stream = mqttWebSocketStream(socket);
        stream.on("error", (error) => deps.log.debug({ err: error.message }, "browser mqtt stream error"));
        const unregister = deps.connections.add(sessionId, () => socket.terminate());
        socket.on("close", unregister);
        deps.broker.handleBrowser(stream, request.raw, sessionId);
      },
    );
  };
}
