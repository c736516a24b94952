import { ApiError, httpError, readErrorBody } from "./errors";

/**
 * Answers of the hub that no retry can change for this session (spec §4, §8): 401 (no session: the
 * login form) and 403 (AUTH_SESSION_LOCKED: the PIN screen). A stream, an upload or a player that
 * gets one stops and reports it to its API client ({@link ApiClient.report}); spec §8's 500 ms
 * restart is for stream errors, not for a session the hub refuses.
 */
export function isSessionRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The ApiError of a failed fetch `response` (status, text, and the hub's error body with its `code`). */
export async function errorOfResponse(response: Response): Promise<ApiError> {
  return httpError(response.status, response.statusText, await readErrorBody(response));
}

/** The body of a finished XMLHttpRequest: parsed JSON when it is JSON, its text otherwise, undefined when empty or unreadable. */
function bodyOfXhr(xhr: XMLHttpRequest): unknown {
  let text: string;
  try {
    if (xhr.responseType === "arraybuffer" && xhr.response instanceof ArrayBuffer)
      text = new TextDecoder().decode(xhr.response);
    else if (xhr.responseType === "" || xhr.responseType === "text") text = xhr.responseText;
    else return undefined;
  } catch {
    return undefined;
  }
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The ApiError of a finished XMLHttpRequest that failed with an HTTP status (an upload, an HLS
 * player's playlist or segment): status, text and the hub's error body with its `code`.
 */
export function errorOfXhr(xhr: XMLHttpRequest): ApiError {
  return httpError(xhr.status, xhr.statusText, bodyOfXhr(xhr));
}
