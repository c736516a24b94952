import type { ReactNode } from "react";
import "./Tile.css";

/**
 * How current a tile's reading is (spec §9): `loading` before the first value arrives,
 * then `fresh`, `outdated` (1 minute) and `stale` (5 minutes). Each looks different and says so.
 */
export type TileFreshness = "loading" | "fresh" | "outdated" | "stale";

/** Props of {@link Tile}. */
export type TileProps = {
  /** data-testid of the article (the sensors' UI contract: `sensor-<kind>-<place>`). */
  testId?: string;
  freshness: TileFreshness;
  /** Accessible name of the article ('Temperatura: Balkon'). */
  name: string;
  /** A decorative icon (lucide), rendered aria-hidden. */
  icon: ReactNode;
  /** The tile's heading (the kind of reading: 'Temperatura'). */
  title: string;
  /** A second, smaller line under the heading (the sensor's label), omitted when empty. */
  subtitle?: string | undefined;
  /** The main reading: a {@link TileValue} or a {@link TileSkeleton}. */
  children: ReactNode;
  /** The bottom line: the age of the reading and its freshness flag. */
  footer?: ReactNode;
};

/**
 * A reading tile: icon and heading, the main reading as the largest thing in it, and a
 * footer. The tile is a CSS size container, so the reading's type scales with the tile's width and
 * never overflows (Tile.css). Presentational: props in, nothing out.
 */
export function Tile({ testId, freshness, name, icon, title, subtitle, children, footer }: TileProps) {
  return (
    <article className="tile" data-testid={testId} data-freshness={freshness} aria-label={name}>
      <div className="tile__head">
        <span className="tile__icon" aria-hidden="true">
          {icon}
        </span>
        <h3 className="tile__title">
          {title}
          {subtitle ? <span className="tile__subtitle">{subtitle}</span> : null}
        </h3>
      </div>
      <div className="tile__body">{children}</div>
      {footer ? <div className="tile__foot">{footer}</div> : null}
    </article>
  );
}

/** Props of {@link TileValue}. */
export type TileValueProps = {
  /** The number (or word) in its final text: '21,7', '1 008,1', 'Zamknięte'. */
  text: string;
  /** The unit, shown smaller after the number and wrapping under it when the tile is narrow; "" for none. */
  unit: string;
  /** True when the unit follows after a space ('55 %'), false when it is glued ('21,7°C'). */
  spaced: boolean;
  /** "word" for a reading that is a word ('Otwarte'): a smaller size so it fits a phone's tile. */
  variant?: "number" | "word";
  /** True: the unit always goes under the number ('1 007,8' over 'hPa'), whatever the width. */
  stacked?: boolean;
  testId?: string;
};

/**
 * A tile's main reading: the number in tabular figures, the unit smaller beside it. The text of the
 * element is the reading as written ('21,7°C', '55 %'); the number never breaks, the unit may wrap.
 */
export function TileValue({ text, unit, spaced, variant = "number", stacked = false, testId }: TileValueProps) {
  return (
    <p
      className={`tile__value tile__value--${variant}${spaced ? " tile__value--spaced" : ""}${stacked ? " tile__value--stacked" : ""}`}
      data-testid={testId}
    >
      <span className="tile__number">{text}</span>
      {unit === "" ? null : (
        <>
          {spaced ? " " : null}
          <span className="tile__unit">{unit}</span>
        </>
      )}
    </p>
  );
}

/** Props of {@link TileSkeleton}: the shape of the {@link TileValue} that will replace it. */
export type TileSkeletonProps = { testId?: string; variant?: "number" | "word"; stacked?: boolean };

/**
 * The placeholder of a reading not seen yet (freshness `loading`): a softly pulsing bar, no text, as
 * tall as the {@link TileValue} of the same `variant` and `stacked` on one line, so the tile keeps
 * its height when the reading comes (CLS 0).
 */
export function TileSkeleton({ testId, variant = "number", stacked = false }: TileSkeletonProps) {
  return (
    <p
      className={`tile__value tile__value--loading tile__value--${variant}${stacked ? " tile__value--stacked" : ""}`}
      data-testid={testId}
    >
      <span className="skeleton" aria-hidden="true" />
    </p>
  );
}

/** Props of {@link TileFlag}. */
export type TileFlagProps = { freshness: TileFreshness; children: ReactNode; icon?: ReactNode };

/**
 * The freshness flag in a tile's footer ('Ładowanie…', 'Nieaktualne', 'Przestarzałe'): text with an
 * optional icon, styled per state so colour is never the only difference.
 */
export function TileFlag({ freshness, children, icon }: TileFlagProps) {
  return (
    <span className={`tile__flag tile__flag--${freshness}`}>
      {icon ? (
        <span className="tile__flag-icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="tile__flag-text">{children}</span>
    </span>
  );
}
