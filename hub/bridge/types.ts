/** One message the bridge publishes into the dashboard's namespace (always retained). */
export interface NamespaceMessage {
  topic: string;
  payload: string;
}

/**
 * What one device message turned into: namespace messages to publish, reasons it (or a part of
 * it) was dropped as bad input, and reasons a configured field was absent (ignored).
 */
export interface Translation {
  messages: NamespaceMessage[];
  dropped: string[];
  ignored: string[];
}

export const emptyTranslation = (): Translation => ({ messages: [], dropped: [], ignored: [] });

export const dropped = (reason: string): Translation => ({ messages: [], dropped: [reason], ignored: [] });
