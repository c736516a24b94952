import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/** Shown for an unknown path inside the app. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t("errors.notFound")}</h1>
      <Link to="/">{t("errors.backHome")}</Link>
    </section>
  );
}
