import { useAtomValue } from "jotai";
import { Cpu } from "lucide-react";
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/EmptyState";
import { devicesNewestFirstAtom } from "../listAtoms";
import { filterCounts, filterDevices, type DeviceFilter } from "../list";
import { useDevicesFollowRevision } from "../revision";
import { DeviceFilterBar } from "./DeviceFilterBar";
import { DeviceList } from "./DeviceList";
import "./devices.css";

const DeviceDetail = lazy(() => import("./DeviceDetail").then((m) => ({ default: m.DeviceDetail })));

/** The empty state's heading and hint keys for a filter with nothing to list. */
const EMPTY: Record<DeviceFilter, { title: string; hint: string }> = {
  all: { title: "devices.none", hint: "devices.noneHint" },
  new: { title: "devices.noneNew", hint: "devices.noneNewHint" },
  hidden: { title: "devices.noneHidden", hint: "devices.noneHiddenHint" },
};

/**
 * The devices screen's content ('Urządzenia'): the filter ('Wszystkie', 'Nowe', 'Ukryte') and the
 * search by name over the household's devices newest first (GET /devices, kept current by
 * `devices/revision` while shown), how many are listed (announced politely), one row each
 * (DeviceList, windowed), and a device's detail with its adoption when opened (DeviceDetail, loaded then).
 */
export function DevicesScreen() {
  const { t } = useTranslation();
  useDevicesFollowRevision();
  const devices = useAtomValue(devicesNewestFirstAtom);
  const [filter, setFilter] = useState<DeviceFilter>("all");
  const [query, setQuery] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const deferredQuery = useDeferredValue(query);
  const counts = useMemo(() => filterCounts(devices ?? []), [devices]);
  const listed = useMemo(
    () => (devices === null ? null : filterDevices(devices, filter, deferredQuery)),
    [devices, filter, deferredQuery],
  );
  const handleOpen = useCallback((id: string) => setOpenId(id), []);
  const handleClose = useCallback(() => setOpenId(null), []);
  const open = openId === null ? undefined : devices?.find((device) => device.id === openId);

  return (
    <div className="devices">
      <DeviceFilterBar
        filter={filter}
        counts={counts}
        query={query}
        onFilterChange={setFilter}
        onQueryChange={setQuery}
      />
      {listed === null ? (
        <p className="muted" role="status">
          {t("devices.loading")}
        </p>
      ) : (
        <>
          <p className="devices__count muted" role="status" data-testid="devices-count">
            {t("devices.shown", { count: listed.length })}
          </p>
          {listed.length === 0 ? (
            deferredQuery.trim() !== "" ? (
              <EmptyState
                icon={<Cpu />}
                title={t("devices.noneMatching", { query: deferredQuery.trim() })}
                hint={t("devices.noneMatchingHint")}
              />
            ) : (
              <EmptyState
                icon={<Cpu />}
                title={t(EMPTY[filter].title)}
                hint={t(EMPTY[filter].hint)}
                testId="devices-empty"
              />
            )
          ) : (
            <DeviceList devices={listed} onOpen={handleOpen} />
          )}
        </>
      )}
      {open !== undefined && (
        <Suspense fallback={null}>
          <DeviceDetail device={open} onClose={handleClose} />
        </Suspense>
      )}
    </div>
  );
}
