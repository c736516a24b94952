import { createFileRoute } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { HomeClock } from "../platform/clock/components/HomeClock";
import { LightsSection } from "../features/lights";
import { GarageSection } from "../features/garage";
import { GpsSection } from "../features/gps";
import { ClimateSection } from "../features/climate";
import { appUiAtom } from "../platform/preferences/atoms";
import { fetchSensors } from "../features/sensors/api";
import { OutdoorMinBox } from "../features/sensors/components/OutdoorMinBox";
import { SensorTiles } from "../features/sensors/components/SensorTiles";
import { groupByRoom } from "../features/sensors/rooms";
import { ChosenSwitches } from "../features/switches/components/ChosenSwitches";
import { prepareCollation } from "../shared/collation";
import { nextTask } from "../lib/tasks/nextTask";
import { useDocumentTitle } from "../ui/useDocumentTitle";
import { useRevealSteps } from "../ui/useRevealSteps";
import { CalendarList } from "../features/calendar";
import { useSensorHistory } from "./-components/SensorHistory";
import { useLiveStateSettled } from "../platform/live/settled";

/**
 * Home (/, spec §2): a header with the clock, the date and the lowest outdoor temperature
 * (hidden under 460 px), the switches chosen in setting `dashboardSwitches` (if any), then the
 * sensors' tiles grouped by room (GET /config/sensors), then the lights, the garage door and gate in
 * their room, the heater and the air conditioning in their rooms, the cat
 * tracker, and last the calendar's upcoming events; each sensor's chart of the day opens
 * from its tile. The sections mount one after another in transitions ({@link useRevealSteps}).
 *
 * Nothing may arrive above what is shown (CLS 0). The calendar exists only once its live
 * topic has arrived (`calendar/events`, retained), so it comes last; above the rooms it would push every
 * tile down by its height on a first visit. The chosen switches
 * stay first, so the sections wait for the live state ({@link useLiveStateSettled}: restored from the
 * snapshot at once on a returning device; the retained burst on a new one, at most 2 s after the
 * live channel connects, not at all when it fails); before that the chosen switches' setting is
 * unknown and they would come in above the rooms.
 */
function HomePage() {
  const { t } = useTranslation();
  const { data: sensors } = Route.useLoaderData();
  const appUi = useAtomValue(appUiAtom);
  const history = useSensorHistory(Route.useRouteContext().api.general);
  useDocumentTitle(t("app.titleSuffix"));
  // The lights, the climate and the calendar sort by Polish names: load the collation data in a task
  // of their own before those sections render, not inside one of their renders.
  useEffect(() => {
    let mounted = true;
    void nextTask().then(() => mounted && prepareCollation());
    return () => {
      mounted = false;
    };
  }, []);
  // Mounted one after another: the first screenful paints, the rest follow in time slices,
  // the sensors one room per step. Every step appends below what is shown, so nothing moves.
  const rooms = useMemo(() => groupByRoom(sensors, t("sensors.otherRoom")).length, [sensors, t]);
  const sensorSteps = Math.max(rooms, 1);
  const before = [<ChosenSwitches key="switches" settingKey="dashboardSwitches" />];
  const after = [
    <LightsSection key="lights" />,
    <GarageSection key="garage" />,
    <ClimateSection key="climate" sensors={sensors} />,
    <GpsSection key="gps" />,
    <CalendarList key="calendar" />,
  ];
  // The route's first render (synchronous: the router's store) is the header alone; every section
  // comes in a transition, time-sliced.
  const shown = useRevealSteps(before.length + sensorSteps + after.length, 0, useLiveStateSettled());
  const roomsShown = Math.min(Math.max(shown - before.length, 0), sensorSteps);
  const sections = [
    ...before.slice(0, shown),
    ...(roomsShown > 0
      ? [<SensorTiles key="sensors" sensors={sensors} onOpenHistory={history.open} roomLimit={roomsShown} />]
      : []),
    ...after.slice(0, Math.max(shown - before.length - sensorSteps, 0)),
  ];
  return (
    <section className="page home" aria-labelledby="sensors-heading">
      <h1 id="sensors-heading" className="visually-hidden">
        {t("sensors.heading")}
      </h1>
      <header className="home__header">
        <HomeClock />
        <OutdoorMinBox fractionDigits={appUi === "car" ? 0 : 1} />
      </header>
      {sections}
      {history.element}
    </section>
  );
}

export const Route = createFileRoute("/")({
  loader: ({ context }) => fetchSensors(context.api.general),
  component: HomePage,
});
