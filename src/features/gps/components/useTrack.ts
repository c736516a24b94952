import { useAtomValue, useSetAtom, useStore } from "jotai";
import { useEffect } from "react";
import { commandEnvAtom } from "../../../platform/commands";
import { fetchTrack } from "../api";
import { gpsStateAtom, gpsTrackAtom, setTrackAtom } from "../atoms";

/** Hours of track the screen shows (the hub keeps 24). */
export const TRACK_HOURS = 6;

/**
 * The track of `tracker` for its screen: fetched once on mount from `GET /gps/{tracker}/track`
 * (a failure keeps the persisted track; the screen works offline), then extended by each new live fix.
 */
export function useTrack(tracker: string) {
  const store = useStore();
  const setTrack = useSetAtom(setTrackAtom);
  const state = useAtomValue(gpsStateAtom(tracker));
  useEffect(() => {
    const env = store.get(commandEnvAtom);
    if (!env) return;
    let cancelled = false;
    fetchTrack(env.api.general, tracker, TRACK_HOURS).then(
      (points) => {
        if (!cancelled) setTrack(tracker, points);
      },
      (error: unknown) => console.warn("gps: track not loaded", error),
    );
    return () => {
      cancelled = true;
    };
  }, [store, tracker, setTrack]);
  const lat = state?.lat;
  const lon = state?.lon;
  const time = state?.time;
  useEffect(() => {
    if (lat !== undefined && lon !== undefined && time !== undefined) setTrack(tracker, [{ lat, lon, time }]);
  }, [tracker, lat, lon, time, setTrack]);
  return useAtomValue(gpsTrackAtom(tracker));
}
