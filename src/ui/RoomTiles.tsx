import { useId, type ReactNode } from "react";

/** Widest a room gets, in grid columns (the rooms grid has at most 6, styles/home.css). */
const MAX_SPAN = 6;

/** Props of {@link RoomTiles}. */
export type RoomTilesProps<T> = {
  /** The room's name: its `<h2>` and the section's accessible name. */
  name: string;
  /** More classes of the section after `room` (`climate`, `garage garage--car`). */
  className?: string | undefined;
  /** Beside the name in the head (the sensors' battery levels). */
  aside?: ReactNode;
  /** The room's tiles, in order. */
  items: readonly T[];
  /** Each item's React key. */
  itemKey: (item: T) => string;
  /** Draws one item's tile. */
  renderItem: (item: T) => ReactNode;
};

/**
 * One room of a screen's room grid: `<section class="room" aria-labelledby data-span>` headed by the
 * room's `<h2 class="room__name">` (and `aside`), then its tiles as `<ul class="room__tiles">` of
 * `<li class="room__tile">` (no list without tiles). `data-span` (1..6, the tile count) lets the
 * grid give the room as many columns as it has tiles, up to the grid's width.
 */
export function RoomTiles<T>({ name, className, aside, items, itemKey, renderItem }: RoomTilesProps<T>) {
  const headingId = useId();
  return (
    <section
      className={className ? `room ${className}` : "room"}
      aria-labelledby={headingId}
      data-span={Math.min(Math.max(items.length, 1), MAX_SPAN)}
    >
      <div className="room__head">
        <h2 id={headingId} className="room__name">
          {name}
        </h2>
        {aside}
      </div>
      {items.length > 0 && (
        <ul className="room__tiles">
          {items.map((item) => (
            <li key={itemKey(item)} className="room__tile">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
