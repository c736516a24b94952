import { Link } from "@tanstack/react-router";
import { Radio } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The menu's link to /remotes ('Piloty na podczerwień'). */
export function RemotesLink() {
  const { t } = useTranslation();
  return (
    <Link to="/remotes" className="button remotes-link">
      <Radio aria-hidden="true" size={18} />
      <span>{t("ir.link")}</span>
    </Link>
  );
}
