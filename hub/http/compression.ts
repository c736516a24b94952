import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this are sent as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's large answers on the fly: Brotli (quality 4, @fastify/compress's
 * default: quality 11 costs too much per request) or gzip, as the request's Accept-Encoding allows,
 * with `Vary: Accept-Encoding`, for JSON and text of at least {@link COMPRESS_THRESHOLD_BYTES}.
 * It applies to the routes registered after it only (@fastify/compress hooks `onRoute`): register it
 * after the static files (hub/http/static.ts, precompressed at build time, never compressed twice)
 * and before the API. Request bodies are not decompressed (globalDecompression off): the JSON body
 * limits (hub/http/json-limits.ts) keep measuring what arrives.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
  });
}
