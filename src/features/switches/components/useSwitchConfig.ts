import { useStore } from "jotai";
import { useCallback, useEffect, useState } from "react";
import { commandEnvAtom } from "../../../platform/commands";
import { fetchSwitch } from "../api";
import type { Switch } from "../schemas";

/** Where the edit form's load of a switch definition is: on its way, failed, or the hub's answer. */
export type SwitchConfigLoad = { status: "loading" } | { status: "failed" } | { status: "loaded"; item: Switch };

/**
 * Loads switch `name`'s definition from the hub when the caller mounts (spec §7 `GET
 * config/switches/{id}`), for the edit form to show the hub's current values. `retry` loads it again.
 * A failure (offline, unknown switch, the hub's error) is `failed` and logged; nothing is thrown.
 */
export function useSwitchConfig(name: string): { load: SwitchConfigLoad; retry: () => void } {
  const store = useStore();
  const [load, setLoad] = useState<SwitchConfigLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const env = store.get(commandEnvAtom);
    let cancelled = false;
    const failed = (error: unknown) => {
      console.warn("switches: definition not loaded", error);
      if (!cancelled) setLoad({ status: "failed" });
    };
    if (!env) failed(new Error("commandEnvAtom was not set at app start"));
    else
      fetchSwitch(env.api.general, name).then((item) => {
        if (!cancelled) setLoad({ status: "loaded", item });
      }, failed);
    return () => {
      cancelled = true;
    };
  }, [store, name, attempt]);
  const retry = useCallback(() => {
    setLoad({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);
  return { load, retry };
}
