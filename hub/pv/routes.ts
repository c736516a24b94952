import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import {
  PV_LOG_FIELD,
  PV_LOG_MAX_BYTES,
  PV_LOG_PATH,
  PV_LOGS_PATH,
  type PvLogAnswer,
  type PvLogsAnswer,
} from "../../contract/pv";
import { HubError } from "../core/errors";
import type { PvService } from "./service";

/**
 * Multipart limits of `POST /pv/log` (@fastify/multipart, i.e. busboy): one file of at most
 * PV_LOG_MAX_BYTES, at most 2 other fields of 1 KiB, 3 parts, header pairs bounded. Over a limit: 413
 * BAD_REQUEST (hub/http/errors.ts); a stream cut short never reaches the parser.
 */
export const PV_MULTIPART_LIMITS = {
  fileSize: PV_LOG_MAX_BYTES,
  files: 1,
  fields: 2,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 3,
  headerPairs: 100,
} as const;

/**
 * The PV routes on the general base (spec §7; docs/contract.md "PV logs"; shapes in
 * contract/pv.ts): `POST /pv/log` (multipart/form-data, the CSV in field `file`;
 * answer `{item: PvLogSummary}`; a bad file 400 BAD_REQUEST `{line, message: "line <n>: …"}`, no
 * file 400 naming `file`, too large 413) and `GET /pv/logs` (`{items: PvLogSummary[]}`, newest first).
 */
export function pvRoutes({ pv }: { pv: PvService }) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(fastifyMultipart, { limits: PV_MULTIPART_LIMITS, throwFileSizeLimit: true });

    app.post(PV_LOG_PATH, { config: { body: "multipart" } }, async (request) => {
      if (!request.isMultipart())
        throw new HubError("BAD_REQUEST", `${PV_LOG_FIELD}: expected a multipart/form-data upload`);
      let upload: { name: string | undefined; bytes: Buffer } | null = null;
      for await (const part of request.parts()) {
        if (part.type !== "file") continue;
        if (part.fieldname !== PV_LOG_FIELD || upload !== null) {
          part.file.resume();
          continue;
        }
        upload = { name: part.filename, bytes: await part.toBuffer() };
      }
      if (upload === null) throw new HubError("BAD_REQUEST", `${PV_LOG_FIELD}: required`);
      return { item: pv.upload(upload.name, upload.bytes) } satisfies PvLogAnswer;
    });

    app.get(PV_LOGS_PATH, async () => ({ items: pv.list() }) satisfies PvLogsAnswer);
  };
}
