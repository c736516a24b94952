import type { ErrorCode } from "../../contract/errors";

/**
 * A refusal with one of the contract's error codes (contract/errors.ts), free of any
 * transport: services and stores throw it; the HTTP error handler (hub/http/errors.ts) answers it as
 * `{code, message, ...extra}` with the code's status from the contract's ERROR_STATUS table.
 * `extra` holds the fields the contract adds to some codes (`attemptsLeft`, `retryAfterMs`).
 */
export class HubError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = "HubError";
    this.code = code;
    this.extra = extra;
  }
}
