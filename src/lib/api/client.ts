import ky, { HTTPError } from "ky";
import * as v from "valibot";
import { ApiError, classifyError, httpError, readErrorBody } from "./errors";
import { joinUrl, toSearchParams, type Query } from "./query";
import { createQueues, QueueWaitError, type QueueName, type Queues } from "./queues";
import { GATEWAY_FAILURE_STATUSES } from "../../shared/http";
import { CACHE_FETCHED_AT_HEADER } from "../../shared/messages";

/** HTTP methods the dashboard uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** A successful call: the validated data and whether the service worker answered from its cache. */
export type ApiResult<T> = { data: T; fromCache: boolean; fetchedAt: Date };

/** Per-call options. */
export type RequestOptions<T> = {
  /** JSON request body. */
  json?: unknown;
  /** Query parameters; arrays become repeated keys (spec §7). */
  query?: Query;
  /** Schema the response body must satisfy; without it the body is returned unvalidated as `unknown`. */
  schema?: v.GenericSchema<unknown, T>;
  /** Run the call through a named queue (spec §7). */
  queue?: QueueName;
  /** Aborts the call; the error is then kind "aborted". */
  signal?: AbortSignal;
};

/** Options of {@link createApiClient}. Defaults are spec §9's HTTP client constants. */
export type ApiClientOptions = {
  /** Absolute or same-origin base, e.g. "/api/v2". */
  baseUrl: string;
  /** Retries of idempotent calls (GET, PUT, DELETE) on network errors, timeouts and 5xx. Default 1. */
  retry?: number;
  /** Wait before a retry, ms. Default 100. */
  retryDelayMs?: number;
  /** Time limit per attempt (until response headers), ms. Default 30 000. */
  attemptTimeoutMs?: number;
  /** Time limit for the whole call including retries and reading the body, ms. Default 60 000. */
  totalTimeoutMs?: number;
  /** Called with the hub's error code of every error response that has one (spec §4: lock on AUTH_SESSION_LOCKED). */
  onErrorCode?: (code: string) => void;
  /** fetch to use (tests, service worker). Default globalThis.fetch at call time. */
  fetch?: typeof fetch;
  /** The named queues (spec §7), shared by the clients of one app; default: this client's own. */
  queues?: Queues;
  /** The longest a write (POST, PATCH, PUT, DELETE) waits for its turn in a queue, ms; later it is not sent. Default 10 000. */
  queueWaitLimitMs?: number;
};

/** Per-call options with a schema: the result is typed by the schema. */
export type ValidatedRequestOptions<T> = RequestOptions<T> & { schema: v.GenericSchema<unknown, T> };

/**
 * A client for one API base. Every method rejects with an {@link ApiError} only. With a `schema`
 * the data is validated and typed; without one it is `unknown`.
 */
export type ApiClient = {
  readonly baseUrl: string;
  request<T>(method: HttpMethod, path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>>;
  request(method: HttpMethod, path: string, opts?: RequestOptions<unknown>): Promise<ApiResult<unknown>>;
  get<T>(path: string, opts: Omit<ValidatedRequestOptions<T>, "json">): Promise<ApiResult<T>>;
  get(path: string, opts?: Omit<RequestOptions<unknown>, "json">): Promise<ApiResult<unknown>>;
  post<T>(path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>>;
  post(path: string, opts?: RequestOptions<unknown>): Promise<ApiResult<unknown>>;
  patch<T>(path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>>;
  patch(path: string, opts?: RequestOptions<unknown>): Promise<ApiResult<unknown>>;
  put<T>(path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>>;
  put(path: string, opts?: RequestOptions<unknown>): Promise<ApiResult<unknown>>;
  delete<T>(path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>>;
  delete(path: string, opts?: RequestOptions<unknown>): Promise<ApiResult<unknown>>;
  /**
   * Runs `job`, a call this client cannot make itself (the PV upload's XMLHttpRequest, for its
   * progress), through named queue `name` as a write: it waits at most `queueWaitLimitMs` for its
   * turn, else rejects with an ApiError of kind "timeout" and `job` never runs. Rejects with what
   * `job` rejects with.
   */
  inQueue<T>(name: QueueName, job: () => Promise<T>): Promise<T>;
  /**
   * Reports the failure of a call this client did not make itself (an upload by XMLHttpRequest, a
   * stream read with fetch, a video player's request: src/lib/api/refusal.ts reads their answers)
   * as its own calls report theirs: the error's code goes to `onErrorCode` (spec §4: any answer
   * carrying AUTH_SESSION_LOCKED locks the session). Returns the error as an ApiError.
   */
  report(error: unknown): ApiError;
};

/** Response header the service worker sets (ISO time) when it answers from its IndexedDB cache. */
export { CACHE_FETCHED_AT_HEADER };

/** Never retried: a POST or PATCH may have done its work (a garage must not open twice). */
const RETRY_METHODS = ["get", "put", "delete", "head"];

/** The writes: a queued one that waited too long is dropped, never sent late (DESIGN §5). */
const WRITE_METHODS: readonly HttpMethod[] = ["POST", "PATCH", "PUT", "DELETE"];

function queueWaitError(error: QueueWaitError): ApiError {
  return new ApiError(`Request ${error.message}`, { kind: "timeout", cause: error });
}
const RETRY_STATUS_CODES = [500, ...GATEWAY_FAILURE_STATUSES];

function cacheInfo(response: Response): { fromCache: boolean; fetchedAt: Date } {
  const header = response.headers.get(CACHE_FETCHED_AT_HEADER);
  const time = header === null ? Number.NaN : Date.parse(header);
  return Number.isNaN(time)
    ? { fromCache: false, fetchedAt: new Date() }
    : { fromCache: true, fetchedAt: new Date(time) };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ApiError(`Response is not JSON (HTTP ${response.status})`, {
      kind: "server",
      status: response.status,
      body: text,
      cause,
    });
  }
}

function validate<T>(schema: v.GenericSchema<unknown, T>, body: unknown, status: number): T {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`).join("; ");
  throw new ApiError(`Response failed validation: ${issues}`, { kind: "server", status, body });
}

/**
 * Creates the HTTP client of one API base (spec §7 and §9; DESIGN §4). Built on ky (retry with a
 * fixed delay, per-attempt timeout) and p-queue (named queues). Cookies are sent (`credentials:
 * "include"`). Idempotent calls are retried once after 100 ms on a network error, a timeout or a
 * 5xx; POST and PATCH never are. Every attempt has 30 s, the whole call 60 s. The body is validated
 * with `schema`; a mismatch is an ApiError of kind "server". A call with `queue` waits for its turn in
 * that named queue (spec §7); a write that waited over `queueWaitLimitMs` (10 s) is not sent and
 * fails with kind "timeout".
 * Errors: always an {@link ApiError} (client, server, aborted, timeout, network).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const retry = options.retry ?? 1;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const totalTimeoutMs = options.totalTimeoutMs ?? 60_000;
  const queues = options.queues ?? createQueues();
  const maxWaitMs = options.queueWaitLimitMs ?? 10_000;

  async function attempt<T>(method: HttpMethod, path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>> {
    const total = new AbortController();
    const timer = setTimeout(
      () => total.abort(new DOMException("Total time limit reached", "TimeoutError")),
      totalTimeoutMs,
    );
    const signal = opts.signal ? AbortSignal.any([opts.signal, total.signal]) : total.signal;
    const searchParams = toSearchParams(opts.query);
    try {
      const response = await ky(joinUrl(options.baseUrl, path), {
        method,
        json: opts.json,
        searchParams: searchParams.size > 0 ? searchParams : undefined,
        credentials: "include",
        signal,
        timeout: options.attemptTimeoutMs ?? 30_000,
        fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        retry: {
          limit: retry,
          methods: RETRY_METHODS,
          statusCodes: RETRY_STATUS_CODES,
          afterStatusCodes: [],
          retryOnTimeout: true,
          delay: () => retryDelayMs,
          shouldRetry: () => (signal.aborted ? false : undefined),
        },
      });
      const data = validate(opts.schema, await readBody(response), response.status);
      return { data, ...cacheInfo(response) };
    } catch (error) {
      if (error instanceof HTTPError) {
        const body = await readErrorBody(error.response);
        throw httpError(error.response.status, error.response.statusText, body, error);
      }
      if (total.signal.aborted && !(error instanceof ApiError)) {
        throw new ApiError(`Request took longer than ${totalTimeoutMs} ms`, { kind: "timeout", cause: error });
      }
      if (opts.signal?.aborted && !(error instanceof ApiError)) {
        throw new ApiError("Request aborted", { kind: "aborted", cause: error });
      }
      throw classifyError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function run<T>(method: HttpMethod, path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>> {
    try {
      const { queue } = opts;
      if (!queue) return await attempt(method, path, opts);
      return await queues.run(
        queue,
        () => attempt(method, path, opts),
        WRITE_METHODS.includes(method) ? { maxWaitMs } : {},
      );
    } catch (error) {
      throw report(error instanceof QueueWaitError ? queueWaitError(error) : error);
    }
  }

  function request<T>(method: HttpMethod, path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>>;
  function request(method: HttpMethod, path: string, opts?: RequestOptions<unknown>): Promise<ApiResult<unknown>>;
  function request(method: HttpMethod, path: string, opts: RequestOptions<unknown> = {}): Promise<ApiResult<unknown>> {
    return run(method, path, { ...opts, schema: opts.schema ?? v.unknown() });
  }

  const shorthand = (method: HttpMethod) =>
    ((path: string, opts?: RequestOptions<unknown>) => request(method, path, opts)) as {
      <T>(path: string, opts: ValidatedRequestOptions<T>): Promise<ApiResult<T>>;
      (path: string, opts?: RequestOptions<unknown>): Promise<ApiResult<unknown>>;
    };

  function report(error: unknown): ApiError {
    const apiError = classifyError(error);
    if (apiError.code !== undefined) options.onErrorCode?.(apiError.code);
    return apiError;
  }

  return {
    baseUrl: options.baseUrl,
    report,
    request,
    get: shorthand("GET"),
    post: shorthand("POST"),
    patch: shorthand("PATCH"),
    put: shorthand("PUT"),
    delete: shorthand("DELETE"),
    inQueue: <T>(name: QueueName, job: () => Promise<T>): Promise<T> =>
      queues.run(name, job, { maxWaitMs }).catch((error: unknown) => {
        throw error instanceof QueueWaitError ? queueWaitError(error) : error;
      }),
  };
}
