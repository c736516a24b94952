import { useRouter, useRouterState } from "@tanstack/react-router";
import { useAtomValue, useSetAtom, useStore } from "jotai";
import { Suspense, useEffect, useRef, useState } from "react";
import { PANEL_REPORT_EVERY_MS, type PanelCommand } from "../../../../contract/panels";
import { lockSessionCommand } from "../../../platform/auth/commands";
import { commandEnvAtom } from "../../../platform/commands";
import { liveClientIdAtom } from "../../../platform/live/clientId";
import { applyHubProfileAtom, profileSaverAtom } from "../../../platform/kiosk/profile";
import { screenCommandAtom, screenStateAtom } from "../../../platform/kiosk/screen-state";
import { deviceAppUiAtom, localeAtom } from "../../../platform/preferences/atoms";
import { LazyCameraPopup } from "../../cameras";
import { fetchPanels, patchPanel, registerPanel, reportPanel } from "../api";
import { hubClockOffsetAtom, panelsAtom, thisPanelAtom, thisPanelIdAtom } from "../atoms";
import { panelIdOf } from "../identity";
import { useEachPanelCommand } from "../eachCommand";
import { panelsRevision } from "../live";
import { beep, doneCommands, shouldCarryOut, speak } from "../receive";
import { buildReport, followBattery, reportKey } from "../report";

/** How long a change waits before it is reported (more changes within it make one report), ms. */
export const REPORT_DEBOUNCE_MS = 1000;
/** How long a failed registration waits before it is tried again, ms. */
const REGISTER_RETRY_MS = 30_000;

/**
 * This browser as a panel (contract/panels.ts), mounted once in the app shell while logged in:
 * - registers at once (`POST /panels/register` with the id kept in localStorage: identity.ts; the
 *   hub names a new panel after the session) and keeps this panel and the household's list fresh
 *   when `panels/revision` changes; on a household Mosquitto the answer's command channel becomes the
 *   live channel's MQTT client id (liveClientIdAtom; none on the embedded broker);
 * - reports battery (Battery Status API, else Fully Kiosk's), visibility, the current screen, the
 *   last touch and the screen state (`screenStateAtom`), on change (after {@link REPORT_DEBOUNCE_MS})
 *   and every PANEL_REPORT_EVERY_MS while visible;
 * - carries out its own commands (`panel/<id>/command`, or `panel/<channel>/command` on a household
 *   Mosquitto; only this panel's reach this browser): each
 *   once (their ids kept in sessionStorage, so a reload does not repeat one), none older than 30 s by the hub's clock: navigate, a camera popup for its seconds, a
 *   notification toast with a beep and, when asked, read aloud (speech synthesis in the app's
 *   language), reload at once, screen dim / off / wake (`screenCommandAtom`, the screensaver's), and
 *   lock the session;
 * - applies its profile's layout (as this device's) and start screen (once per load, unless the user
 *   moved on already); home reads the profile's sections itself (arrangeHome).
 */
export function PanelAgent() {
  const store = useStore();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [id] = useState(() => panelIdOf(typeof localStorage === "undefined" ? null : localStorage));
  const setThisId = useSetAtom(thisPanelIdAtom);
  const setThis = useSetAtom(thisPanelAtom);
  const setList = useSetAtom(panelsAtom);
  const setOffset = useSetAtom(hubClockOffsetAtom);
  const setLiveClientId = useSetAtom(liveClientIdAtom);
  const env = useAtomValue(commandEnvAtom);
  const revision = useAtomValue(panelsRevision());
  const screenState = useAtomValue(screenStateAtom);
  const locale = useAtomValue(localeAtom);
  const lock = useSetAtom(lockSessionCommand);
  const [registered, setRegistered] = useState(false);
  const [camera, setCamera] = useState<{ cameraId: string; until: number } | null>(null);
  const liveClientId = useAtomValue(liveClientIdAtom);
  const [done] = useState(() => doneCommands(typeof sessionStorage === "undefined" ? null : sessionStorage));

  // Registration, retried while it fails.
  useEffect(() => {
    setThisId(id);
    if (!env || registered) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async () => {
      const sentAt = Date.now();
      try {
        const { panel, mqttClientId } = await registerPanel(env.api.general, id);
        if (cancelled) return;
        setOffset(Date.parse(panel.lastSeenAt) - (sentAt + Date.now()) / 2);
        setThis(panel);
        setLiveClientId(mqttClientId);
        setRegistered(true);
      } catch (error) {
        console.warn("panel: registration failed", error);
        if (!cancelled) timer = setTimeout(() => void attempt(), REGISTER_RETRY_MS);
      }
    };
    void attempt();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [env, id, registered, setThisId, setThis, setOffset, setLiveClientId]);

  // The list (and this panel's profile) again when the hub says it changed.
  useEffect(() => {
    if (!env || !registered || revision === null) return;
    let cancelled = false;
    fetchPanels(env.api.general).then(
      (items) => {
        if (cancelled) return;
        setList(items);
        const own = items.find((item) => item.id === id);
        if (own) setThis(own);
        else setRegistered(false); // deleted from another panel: this browser registers again
      },
      (error: unknown) => console.warn("panel: list failed", error),
    );
    return () => {
      cancelled = true;
    };
  }, [env, registered, revision, id, setList, setThis]);

  // Reports: on change (debounced) and periodically while visible.
  const lastTouch = useRef<number | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const touched = () => (lastTouch.current = Date.now());
    const visibility = () => setTick((n) => n + 1);
    window.addEventListener("pointerdown", touched, { capture: true, passive: true });
    document.addEventListener("visibilitychange", visibility);
    const battery = followBattery(() => setTick((n) => n + 1));
    batteryRef.current = battery;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") {
        battery.poll();
        setTick((n) => n + 1);
        forceRef.current = true;
      }
    }, PANEL_REPORT_EVERY_MS);
    return () => {
      window.removeEventListener("pointerdown", touched, { capture: true });
      document.removeEventListener("visibilitychange", visibility);
      battery.stop();
      clearInterval(timer);
    };
  }, []);
  const batteryRef = useRef<ReturnType<typeof followBattery> | null>(null);
  const forceRef = useRef(false);
  const sentKey = useRef<string | null>(null);
  useEffect(() => {
    if (!env || !registered) return;
    const timer = setTimeout(() => {
      const report = buildReport({
        battery: batteryRef.current?.read(),
        visible: document.visibilityState === "visible",
        screen: pathname,
        lastTouchAt: lastTouch.current,
        screenState,
      });
      const key = reportKey(report);
      if (key === sentKey.current && !forceRef.current) return;
      forceRef.current = false;
      sentKey.current = key;
      reportPanel(env.api.general, id, report).catch((error: unknown) => {
        sentKey.current = null;
        console.warn("panel: report failed", error);
      });
    }, REPORT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [env, registered, id, pathname, screenState, tick]);

  // Commands: each once and in order (also several within one frame), none stale; the one there
  // when this mounted (a restored snapshot) is not new. On a household Mosquitto they arrive on the
  // panel's command channel (the live channel's client id) instead of its id.
  const carryOut = (message: PanelCommand) => {
    const hubNow = Date.now() + store.get(hubClockOffsetAtom);
    if (!shouldCarryOut(message, hubNow, done.ids)) return;
    done.add(message.id);
    const { command } = message;
    switch (command.type) {
      case "navigate":
        router.history.push(command.to);
        break;
      case "camera":
        setCamera({ cameraId: command.cameraId, until: Date.now() + command.seconds * 1000 });
        break;
      case "notify":
        env?.notify(command.text, "info");
        if (command.sound) beep();
        if (command.speak) speak(command.text, locale === "en" ? "en-GB" : "pl-PL");
        break;
      case "reload":
        window.location.reload();
        break;
      case "screen":
        store.set(screenCommandAtom, { mode: command.mode, at: Date.now() });
        break;
      case "lock":
        void lock();
        break;
    }
  };
  useEachPanelCommand(id, carryOut);
  useEachPanelCommand(liveClientId, carryOut);

  // The profile: its layout is this device's; its start screen opens once per load, while the user
  // is still where the load opened.
  const thisPanel = useAtomValue(thisPanelAtom);
  const setDeviceLayout = useSetAtom(deviceAppUiAtom);
  const appliedLayout = useRef<string | undefined>(undefined);
  const entryPath = useRef(pathname);
  const startApplied = useRef(false);
  useEffect(() => {
    const layout = thisPanel?.profile.layout;
    if (layout !== undefined && layout !== appliedLayout.current) {
      appliedLayout.current = layout;
      setDeviceLayout(layout);
    }
    if (!thisPanel || startApplied.current) return;
    startApplied.current = true;
    const start = thisPanel.profile.startScreen;
    const here = router.state.location.pathname;
    if (start !== undefined && here === entryPath.current && start !== here) router.history.push(start);
  }, [thisPanel, setDeviceLayout, router]);

  // The hub's profile is this panel's (screensaver, locked-down...), and an edit made on this panel
  // (the menu's screensaver settings) is saved to it.
  const applyHubProfile = useSetAtom(applyHubProfileAtom);
  const setProfileSaver = useSetAtom(profileSaverAtom);
  const setThisPanel = useSetAtom(thisPanelAtom);
  const hubProfile = thisPanel?.profile;
  const thisPanelId = thisPanel?.id;
  useEffect(() => {
    if (hubProfile) applyHubProfile(hubProfile);
  }, [hubProfile, applyHubProfile]);
  useEffect(() => {
    if (!env || thisPanelId === undefined) return;
    setProfileSaver({
      save: async (profile) => setThisPanel(await patchPanel(env.api.general, thisPanelId, { profile })),
    });
    return () => setProfileSaver(null);
  }, [env, thisPanelId, setProfileSaver, setThisPanel]);

  // The camera popup closes by itself after the command's seconds.
  useEffect(() => {
    if (!camera) return;
    const timer = setTimeout(() => setCamera(null), Math.max(0, camera.until - Date.now()));
    return () => clearTimeout(timer);
  }, [camera]);

  if (!camera) return null;
  return (
    <Suspense fallback={null}>
      <LazyCameraPopup cameraId={camera.cameraId} open onClose={() => setCamera(null)} />
    </Suspense>
  );
}
