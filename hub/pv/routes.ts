import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import {
  PV_DAY_PATH,
  PV_MONTH_PATH,
  PvDayQuerySchema,
  PvMonthQuerySchema,
  type PvDayAnswer,
  type PvMonthAnswer,
  PV_LOG_FIELD,
  PV_LOG_MAX_BYTES,
  PV_LOG_PATH,
  PV_LOGS_PATH,
  type PvLogAnswer,
  type PvLogsAnswer,
} from "../../contract/pv";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
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
 * A chart query (`day` or `month`) checked by `schema`: a value breaking one of the contract's rules is
 * 400 BAD_REQUEST with that rule's words (`day: must be YYYY-MM-DD`, never the value sent); a missing
 * or unknown key as any body (http/body.ts parseBody: `day: required`, `body: unknown field`).
 */
function parseChartQuery<TSchema extends v.GenericSchema>(schema: TSchema, query: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, { ...(query as object) }, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key: unknown = issue?.path?.[0]?.key;
  if (issue?.kind === "validation" && issue.path?.length === 1 && (key === "day" || key === "month"))
    throw new HubError("BAD_REQUEST", `${key}: ${issue.message}`);
  return parseBody(schema, { ...(query as object) });
}

/**
 * The PV routes on the general base (spec §7; docs/contract.md "PV logs"; shapes in
 * contract/pv.ts): `POST /pv/log` (multipart/form-data, the CSV in field `file`;
 * answer `{item: PvLogSummary}`; a bad file 400 BAD_REQUEST `{line, message: "line <n>: …"}`, no
 * file 400 naming `file`, too large 413), `GET /pv/logs` (`{items: PvLogSummary[]}`, newest first),
 * `GET /pv/day?day=YYYY-MM-DD` (`{item: PvDayStats}`) and `GET /pv/month?month=YYYY-MM`
 * (`{item: PvMonthStats}`): a missing, malformed or out-of-range day or month, or another query key,
 * is 400 BAD_REQUEST naming it (`day: must be YYYY-MM-DD`).
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

    app.get(PV_DAY_PATH, async (request) => {
      const { day } = parseChartQuery(PvDayQuerySchema, request.query);
      return { item: pv.day(day) } satisfies PvDayAnswer;
    });

    app.get(PV_MONTH_PATH, async (request) => {
      const { month } = parseChartQuery(PvMonthQuerySchema, request.query);
      return { item: pv.month(month) } satisfies PvMonthAnswer;
    });
  };
}
