/** Props of {@link ErrorDisplay}. */
export type ErrorDisplayProps = {
  /** Anything thrown or returned as an error. */
  error: unknown;
  title: string;
  detailsLabel: string;
  /** Optional retry action, rendered as a button. */
  retry?: { label: string; onRetry: () => void };
};

/** What the generic error display shows for a value (spec §8), as plain text. */
export type DescribedError = { message: string; details?: string };

/**
 * Describes any error value per spec §8: a string as itself; an Error-like object by its message (or
 * its stack when the message is empty) with its remaining details (status, code, body) as JSON;
 * any other value as JSON. Never throws (circular values fall back to String()).
 */
export function describeError(error: unknown): DescribedError {
  if (typeof error === "string") return { message: error };
  if (typeof error === "object" && error !== null && (error instanceof Error || "message" in error)) {
    const message = "message" in error && typeof error.message === "string" ? error.message : "";
    const stack = error instanceof Error ? error.stack : undefined;
    const rest = Object.fromEntries(Object.entries(error).filter(([key]) => key !== "message" && key !== "stack"));
    const details = Object.keys(rest).length > 0 ? safeJson(rest) : undefined;
    const text = message || stack || (error instanceof Error ? error.name : "Error");
    return details === undefined ? { message: text } : { message: text, details };
  }
  return { message: safeJson(error) };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The generic error display (spec §8): a titled alert with the message and optional details. */
export function ErrorDisplay({ error, title, detailsLabel, retry }: ErrorDisplayProps) {
  const { message, details } = describeError(error);
  return (
    <section className="error-display" role="alert">
      <h2 className="error-display__title">{title}</h2>
      <p className="error-display__message">{message}</p>
      {details !== undefined && (
        <details className="error-display__details">
          <summary>{detailsLabel}</summary>
          <pre>{details}</pre>
        </details>
      )}
      {retry && (
        <button type="button" className="button" onClick={retry.onRetry}>
          {retry.label}
        </button>
      )}
    </section>
  );
}
