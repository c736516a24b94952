import { useAtomValue, useStore } from "jotai";
import { useTranslation } from "react-i18next";
import { ToastRegion } from "../ui/Toasts";
import { dismissToast, toastsAtom } from "./notifications";

/** Renders the app's toasts (role="status" region, UI contract). */
export function ToastHost() {
  const toasts = useAtomValue(toastsAtom);
  const store = useStore();
  const { t } = useTranslation();
  return (
    <ToastRegion
      toasts={toasts}
      label={t("toasts.label")}
      dismissLabel={t("toasts.dismiss")}
      onDismiss={(id) => dismissToast(store, id)}
    />
  );
}
