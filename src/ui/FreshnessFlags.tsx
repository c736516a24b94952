import { Clock, Hourglass, TriangleAlert } from "lucide-react";
import { TileFlag, type TileFreshness } from "./Tile";

/** The words of each flag, in the user's language ('Ładowanie…', 'Nieaktualne', 'Przestarzałe'). */
export type FreshnessFlagLabels = { loading: string; outdated: string; stale: string };

/** Props of {@link FreshnessFlags}. */
export type FreshnessFlagsProps = { freshness: TileFreshness; labels: FreshnessFlagLabels };

/**
 * The freshness flag of a reading tile's footer (spec §9): one {@link TileFlag} for `loading`
 * (hourglass), `outdated` (clock, after 1 minute) and `stale` (warning triangle, after 5 minutes),
 * nothing while `fresh`. Each state has its own icon and class, so colour is never the only difference.
 */
export function FreshnessFlags({ freshness, labels }: FreshnessFlagsProps) {
  if (freshness === "fresh") return null;
  const icon = freshness === "loading" ? <Hourglass /> : freshness === "outdated" ? <Clock /> : <TriangleAlert />;
  return (
    <TileFlag freshness={freshness} icon={icon}>
      {labels[freshness]}
    </TileFlag>
  );
}
