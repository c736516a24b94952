import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect, useState } from "react";
import { DOORBELL } from "../../../../contract/cameras";
import { useModalPresence } from "../../../ui/useModalPresence";
import { doorbellAlertsAtom, doorbellRingAtom, isRingFresh } from "../doorbell";

const DoorbellPopup = lazy(() => import("./DoorbellPopup").then((module) => ({ default: module.DoorbellPopup })));

/**
 * Opens the doorbell popup (spec §2, §4, §9) when a ring arrives that is less than 5 s old and the
 * alerts preference is on; it closes by itself after 30 s or on 'Zamknij', and its live views
 * (and their streams) go with it. A ring already shown does not open it again. The popup and the
 * camera views load in their own chunk, only when it opens. Closing plays the modal animation of
 * spec §9 (300 ms, none with reduced motion) before the popup is unmounted.
 */
export function DoorbellWatcher() {
  const ringAt = useAtomValue(doorbellRingAtom);
  const alerts = useAtomValue(doorbellAlertsAtom);
  const [openFor, setOpenFor] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);

  useEffect(() => {
    if (ringAt === null || ringAt === shown || !alerts || !isRingFresh(ringAt, Date.now())) return;
    setShown(ringAt);
    setOpenFor(ringAt);
  }, [ringAt, shown, alerts]);

  useEffect(() => {
    if (openFor === null) return;
    const timer = setTimeout(() => setOpenFor(null), DOORBELL.autoCloseMs);
    return () => clearTimeout(timer);
  }, [openFor]);

  useEffect(() => {
    if (!alerts) setOpenFor(null);
  }, [alerts]);

  const open = openFor !== null;
  const rendered = useModalPresence(open);
  if (!rendered) return null;
  return (
    <Suspense fallback={null}>
      <DoorbellPopup open={open} onClose={() => setOpenFor(null)} />
    </Suspense>
  );
}
