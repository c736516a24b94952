import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SwitchesList } from "../features/switches/components/SwitchesList";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /switches (spec §2, §3): the configured switches, grouped, with their live power state. */
function SwitchesPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("switches.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("switches.title")}</h1>
      <p className="muted">{t("switches.intro")}</p>
      <SwitchesList />
    </section>
  );
}

export const Route = createFileRoute("/switches")({ component: SwitchesPage });
