import { createFileRoute } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { HomeClock } from "../platform/clock/components/HomeClock";
import { appUiAtom } from "../platform/preferences/atoms";
import { fetchSensors } from "../features/sensors/api";
import { arrangeHome, thisPanelAtom } from "../features/panels";
import { OutdoorMinBox } from "../features/sensors/components/OutdoorMinBox";
import { SensorTiles } from "../features/sensors/components/SensorTiles";
import { groupByRoom } from "../features/sensors/rooms";
import { prepareCollation } from "../shared/collation";
import { nextTask } from "../lib/tasks/nextTask";
import { useDocumentTitle } from "../ui/useDocumentTitle";
import { useRevealSteps } from "../ui/useRevealSteps";
import { useSensorHistory } from "./-components/SensorHistory";
import { useLiveStateSettled } from "../platform/live/settled";
import type { HomeSectionComponent } from "../platform/part";
import type { NamedHomeSection } from "./-context";

/**
 * Home (/, spec §2): a header with the clock, the date and the lowest outdoor temperature
 * (hidden under 460 px), the sections the app's parts declare with a negative order (the switches
 * chosen in setting `dashboardSwitches`, if any), then the sensors' tiles grouped by room
 * (GET /config/sensors), then the sections with a positive order (src/app/features.ts: the lights,
 * the garage door and gate in their room, the heater and the air conditioning in their rooms, the cat
 * tracker, and last the calendar's upcoming events), or in the order this panel's profile gives
 * (its `home`: sections left out are hidden); each sensor's chart of the day opens
 * from its tile. The sections mount one after another in transitions ({@link useRevealSteps}); the
 * loader loads their components with the sensors, so each renders at once when its step comes.
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
  const { data: sensors, sections: loaded } = Route.useLoaderData();
  const appUi = useAtomValue(appUiAtom);
  const panel = useAtomValue(thisPanelAtom);
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
  // The order: this panel's profile (its `home`: those left out hidden), else the app's (negative
  // orders above the rooms, the rest below).
  const arranged = arrangeHome(loaded, panel?.profile.home) ?? [
    ...loaded.filter((section) => section.order < 0).map((section) => section.name),
    SENSORS,
    ...loaded.filter((section) => section.order >= 0).map((section) => section.name),
  ];
  const steps = arranged.reduce((total, id) => total + (id === SENSORS ? sensorSteps : 1), 0);
  // The route's first render (synchronous: the router's store) is the header alone; every section
  // comes in a transition, time-sliced.
  const shown = useRevealSteps(steps, 0, useLiveStateSettled());
  const sections: ReactNode[] = [];
  let used = 0;
  for (const id of arranged) {
    if (used >= shown) break;
    if (id === SENSORS) {
      const roomsShown = Math.min(shown - used, sensorSteps);
      sections.push(
        <SensorTiles key="sensors" sensors={sensors} onOpenHistory={history.open} roomLimit={roomsShown} />,
      );
      used += sensorSteps;
      continue;
    }
    const section = loaded.find((item) => item.name === id);
    if (section) sections.push(<section.Section key={id} sensors={sensors} />);
    used += 1;
  }
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

/** The rooms' sensor tiles among the sections a panel's profile orders (features/panels arrangeHome). */
const SENSORS = "sensors";

/** The home sections' modules (`src/features/<name>/home.ts`), each a chunk of its own. */
const SECTIONS = import.meta.glob<{ HomeSection: HomeSectionComponent }>("../features/*/home.ts");

/**
 * The components of home's sections, in order (router context's `homeSections`, from the app's list).
 * @throws Error when a part declares a section but has no `home.ts`
 */
async function loadSections(sections: readonly NamedHomeSection[]) {
  return Promise.all(
    sections.map(async ({ name, order }) => {
      const load = SECTIONS[`../features/${name}/home.ts`];
      if (load === undefined) throw new Error(`home: ${name} declares a section but has no home.ts`);
      return { name, order, Section: (await load()).HomeSection };
    }),
  );
}

export const Route = createFileRoute("/")({
  loader: async ({ context }) => {
    const [sensors, sections] = await Promise.all([
      fetchSensors(context.api.general),
      loadSections(context.homeSections),
    ]);
    return { ...sensors, sections };
  },
  component: HomePage,
});
