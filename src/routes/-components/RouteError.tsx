import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ErrorDisplay } from "../../ui/ErrorDisplay";

/** A route's error (a failed loader, a render error): the generic error display (spec §8) with retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const handleRetry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className="page">
      <ErrorDisplay
        error={error}
        title={t("errors.title")}
        detailsLabel={t("errors.details")}
        retry={{ label: t("errors.retry"), onRetry: handleRetry }}
      />
    </section>
  );
}
