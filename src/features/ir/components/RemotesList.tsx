import { useAtomValue } from "jotai";
import { Radio } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/EmptyState";
import { allRemotesAtom } from "../live";
import { RemoteCard } from "./RemoteCard";
import "./remotes.css";

/** Every IR remote the hub announces (`features/ir/+`), each a {@link RemoteCard}; 'Brak pilotów' with where they are added when none. */
export function RemotesList() {
  const { t } = useTranslation();
  const remotes = useAtomValue(allRemotesAtom);
  if (remotes.length === 0)
    return <EmptyState icon={<Radio size={48} />} title={t("ir.none")} hint={t("ir.noneHint")} />;
  return (
    <div className="remotes">
      {remotes.map((remote) => (
        <RemoteCard key={remote.device} remote={remote} />
      ))}
    </div>
  );
}
