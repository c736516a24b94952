import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { RemotesList } from "../features/ir/components/RemotesList";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /remotes: every IR remote as a grid of its named buttons, with learning. */
function RemotesPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("ir.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("ir.title")}</h1>
      <p className="muted">{t("ir.intro")}</p>
      <RemotesList />
    </section>
  );
}

export const Route = createFileRoute("/remotes")({ component: RemotesPage });
