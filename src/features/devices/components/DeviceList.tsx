import { useAtomValue } from "jotai";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { localeAtom } from "../../../platform/preferences/atoms";
import { minuteAtom } from "../clock";
import type { ListedDevice } from "../schemas";
import { DeviceRow } from "./DeviceRow";

/**
 * Rows drawn above and below the visible ones (a grid row holds as many devices as there are
 * columns). The drawn rows change only when fewer than {@link MARGIN_ROWS} of them are left beyond
 * the screen's edge, so rows are added a few at a time, not one commit per row scrolled.
 */
const OVERSCAN_ROWS = 4;
const MARGIN_ROWS = 1;
/** Devices drawn before the list has been measured (more than one screen of the largest size holds). */
const FIRST_DRAW = 24;

/** The drawn devices [start, end), the space left for the rows above and below (px), and the grid it was measured on. */
type Range = {
  start: number;
  end: number;
  before: number;
  after: number;
  columns: number;
  pitch: number;
  count: number;
};
type Measured = Range & { firstVisible: number; lastVisible: number; rows: number };

/** The nearest ancestor of `element` that scrolls vertically, or null when the document does. */
function scrollParentOf(element: Element): HTMLElement | null {
  for (let node = element.parentElement; node !== null; node = node.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(node).overflowY)) return node;
  }
  return null;
}

/**
 * Which devices of `count` the list at `list` draws: those of the grid rows on screen and
 * {@link OVERSCAN_ROWS} around them, with the space of the rows left out above and below (px). Reads
 * the grid's columns and gap and a drawn row's height from the page; every row has one fixed height.
 */
function rangeOf(list: HTMLElement, count: number, viewport: { top: number; bottom: number }): Measured | null {
  const first = list.firstElementChild;
  if (!(first instanceof HTMLElement)) return null;
  const style = getComputedStyle(list);
  const columns = Math.max(1, style.gridTemplateColumns.split(" ").filter(Boolean).length);
  const gap = Number.parseFloat(style.rowGap) || 0;
  const pitch = first.offsetHeight + gap;
  if (pitch <= 0) return null;
  const rows = Math.ceil(count / columns);
  const top = list.getBoundingClientRect().top + (Number.parseFloat(style.paddingTop) || 0);
  const firstVisible = Math.max(0, Math.floor((viewport.top - top) / pitch));
  const lastVisible = Math.min(rows, Math.ceil((viewport.bottom - top) / pitch));
  const firstRow = Math.max(0, firstVisible - OVERSCAN_ROWS);
  const lastRow = Math.min(rows, lastVisible + OVERSCAN_ROWS);
  const startRow = Math.min(firstRow, Math.max(0, lastRow - 1));
  return {
    count,
    firstVisible,
    lastVisible,
    rows,
    columns,
    pitch,
    start: startRow * columns,
    end: Math.min(count, Math.max(lastRow, startRow + 1) * columns),
    before: startRow * pitch,
    after: Math.max(0, rows - Math.max(lastRow, startRow + 1)) * pitch,
  };
}

/** Props of {@link DeviceList}. */
export type DeviceListProps = { devices: readonly ListedDevice[]; onOpen: (id: string) => void };

/**
 * The devices as a windowed list: only the rows on screen and a few around them are in the page
 * (500 devices scroll like 30), the others stand in as space above and below, so the scroll bar and
 * positions are those of the whole list. Follows scrolling and resizing (columns change with the
 * width); each item says its place in the whole list (aria-posinset, aria-setsize). Tabbing past
 * the last drawn row scrolls, which draws the next ones.
 */
export function DeviceList({ devices, onOpen }: DeviceListProps) {
  const { t } = useTranslation();
  const now = useAtomValue(minuteAtom);
  const locale = useAtomValue(localeAtom);
  const listRef = useRef<HTMLUListElement>(null);
  const count = devices.length;
  const [range, setRange] = useState<Range>({
    start: 0,
    end: Math.min(count, FIRST_DRAW),
    before: 0,
    after: 0,
    columns: 0,
    pitch: 0,
    count,
  });
  // What is drawn, read by the scroll handler without a render per frame.
  const rangeRef = useRef(range);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    const scroller = scrollParentOf(list);
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = scroller?.getBoundingClientRect();
      const viewport = box ? { top: box.top, bottom: box.bottom } : { top: 0, bottom: window.innerHeight };
      const next = rangeOf(list, count, viewport);
      if (next === null) return;
      const current = rangeRef.current;
      const sameGrid = current.columns === next.columns && current.pitch === next.pitch && current.count === count;
      const drawnFirst = current.start / next.columns;
      const drawnLast = Math.ceil(current.end / next.columns);
      const covered =
        drawnFirst <= Math.max(0, next.firstVisible - MARGIN_ROWS) &&
        drawnLast >= Math.min(next.rows, next.lastVisible + MARGIN_ROWS);
      if (sameGrid && covered) return;
      const { start, end, before, after, columns, pitch } = next;
      rangeRef.current = { start, end, before, after, columns, pitch, count };
      setRange(rangeRef.current);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    const target: HTMLElement | Window = scroller ?? window;
    target.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(schedule);
    resize?.observe(list);
    return () => {
      target.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      resize?.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [count]);

  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);
  return (
    <ul
      ref={listRef}
      className="device-list"
      aria-label={t("devices.listLabel")}
      data-testid="device-list"
      style={{ paddingTop: range.before, paddingBottom: range.after }}
    >
      {devices.slice(start, end).map((device, index) => (
        <DeviceRow
          key={device.id}
          device={device}
          onOpen={onOpen}
          position={start + index + 1}
          size={count}
          now={now}
          locale={locale}
        />
      ))}
    </ul>
  );
}
