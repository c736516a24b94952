import { useAtomValue } from "jotai";
import { ChartLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FreshnessFlags } from "../../../ui/FreshnessFlags";
import { Tile, TileSkeleton, TileValue, type TileFreshness } from "../../../ui/Tile";
import { sensorFreshnessAtom, sensorReadingAtom } from "../atoms";
import type { SensorKind } from "../schemas";
import { readingParts, readingShape } from "./formatReading";
import { kindIcon } from "./kindIcon";
import { sensorAgeLabelAtom } from "./tileAtoms";
import { useReadingWords } from "./useReadingWords";

/** Props of {@link SensorTile}. */
export type SensorTileProps = {
  kind: SensorKind;
  place: string;
  /** The hub's label of the sensor (plain text). */
  label: string;
  /** The room the tile is shown in: the label is not repeated under the heading when it equals it. */
  room?: string | undefined;
  /** When given, the footer holds a 'Wykres dnia' button that calls it (the day's history). */
  onOpenHistory?: (() => void) | undefined;
};

/** True when `label` says nothing the room heading does not already say (compared trimmed, any case). */
function repeatsRoom(label: string, room: string | undefined): boolean {
  const text = label.trim().toLocaleLowerCase("pl");
  return text === "" || text === room?.trim().toLocaleLowerCase("pl");
}

/**
 * One sensor reading (UI contract): `<article data-testid="sensor-<kind>-<place>"
 * data-freshness="loading|fresh|outdated|stale" aria-label="<kind>: <label>">` with the kind's icon
 * and name, the label when it differs from the room, the value and unit (`data-testid="sensor-value"`,
 * the largest thing in the tile), and the relative time (`data-testid="sensor-age"`).
 * Before the first reading: a skeleton and 'Ładowanie…' (loading; never stale, spec §9 ages only
 * values that exist). Then 'Nieaktualne' after 1 minute and 'Przestarzałe' after 5 (spec §9), each
 * with its own icon, colour and border. Reads only its own atoms, so a message for another topic
 * does not re-render it. The label comes from the hub's config and is rendered as text.
 */
export function SensorTile({ kind, place, label, room, onOpenHistory }: SensorTileProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const reading = useAtomValue(sensorReadingAtom(kind, place));
  const freshness: TileFreshness = useAtomValue(sensorFreshnessAtom(kind, place)) ?? "loading";
  const age = useAtomValue(sensorAgeLabelAtom(kind, place, locale));
  const kindName = t(`sensors.kinds.${kind}`);
  const Icon = kindIcon(kind, reading?.value ?? null);
  // One shape for the loading tile and the reading that replaces it, so both are as tall.
  const shape = readingShape(kind);
  const variant = shape.word ? "word" : "number";
  const words = useReadingWords();
  const parts = reading === null ? null : readingParts(kind, reading.value, words);
  const footer = (
    <>
      {age !== null && (
        <span className="tile__age" data-testid="sensor-age">
          {age}
        </span>
      )}
      <FreshnessFlags
        freshness={freshness}
        labels={{ loading: t("sensors.loading"), outdated: t("sensors.outdated"), stale: t("sensors.stale") }}
      />
      {onOpenHistory && (
        <button
          type="button"
          className="tile__history"
          data-testid="sensor-history"
          aria-label={t("sensors.openHistory", { kind: kindName, label })}
          title={t("sensors.openHistory", { kind: kindName, label })}
          onClick={onOpenHistory}
        >
          <ChartLine aria-hidden="true" />
        </button>
      )}
    </>
  );
  return (
    <Tile
      testId={`sensor-${kind}-${place}`}
      freshness={freshness}
      name={t("sensors.tileName", { kind: kindName, label })}
      icon={<Icon />}
      title={kindName}
      subtitle={repeatsRoom(label, room) ? undefined : label}
      footer={footer}
    >
      {parts === null ? (
        <TileSkeleton testId="sensor-value" variant={variant} stacked={shape.stacked} />
      ) : (
        <TileValue
          text={parts.text}
          unit={parts.unit}
          spaced={parts.spaced}
          variant={variant}
          stacked={shape.stacked}
          testId="sensor-value"
        />
      )}
    </Tile>
  );
}
