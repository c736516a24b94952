/**
 * A TLS set-up problem the household must fix (a certificate or key that does not parse, a CA key
 * others can read, an expired household certificate): the hub refuses to start with this one-line
 * message (hub/main.ts, exit code {@link TLS_EXIT_CODE}) and overwrites nothing.
 */
export class TlsSetupError extends Error {
  override name = "TlsSetupError";
}

/** The exit code of a hub that refused to start over its TLS files (sysexits EX_CONFIG). */
export const TLS_EXIT_CODE = 78;
