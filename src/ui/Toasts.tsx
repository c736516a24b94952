/** One notification; `id` is unique while shown. */
export type Toast = { id: number; message: string; tone: "error" | "info" };

/** Props of {@link ToastRegion}. */
export type ToastRegionProps = {
  toasts: readonly Toast[];
  label: string;
  dismissLabel: string;
  onDismiss: (id: number) => void;
};

/**
 * Live region listing the current notifications (role="status", polite). Removal after 5000 ms
 * (spec §9) is the owner's job; each toast also has a dismiss button.
 */
export function ToastRegion({ toasts, label, dismissLabel, onDismiss }: ToastRegionProps) {
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={label}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`}>
          <span className="toast__message">{toast.message}</span>
          <button
            type="button"
            className="toast__dismiss"
            aria-label={dismissLabel}
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
