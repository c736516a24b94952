/**
 * The authentication contract as the dashboard uses it: every schema and error code comes from the
 * shared contract (contract), the one the hub validates with.
 */
export {
  AUTH_BAD_PIN,
  AUTH_BAD_USER_OR_PWD,
  AUTH_LOGIN_DELAY,
  AUTH_NO_SESSION,
  AUTH_PIN_DELAY,
  AUTH_SESSION_LOCKED,
  AUTH_SESSION_REVOKED,
  BAD_REQUEST,
  ERROR_CODES,
  FORBIDDEN_ORIGIN,
  INTERNAL,
  NOT_FOUND,
  UNSUPPORTED_MEDIA_TYPE,
  type ErrorCode,
} from "../../../contract/errors";
export {
  BadPinErrorSchema,
  LOGIN_TEXT_MAX_LENGTH,
  LockAnswerSchema,
  LoginAnswerSchema,
  LoginBodySchema,
  LogoutAnswerSchema,
  RetryAfterErrorSchema,
  SessionInfoSchema,
  SessionListSchema,
  UnlockBodySchema,
  type LoginBody,
  type SessionInfo,
} from "../../../contract/auth";
