import { useAtomValue } from "jotai";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PUSH_CATEGORIES, type PushCategory } from "../../../../contract/panels";
import { commandEnvAtom, gateReasonProps, useCommandGate } from "../../../platform/commands";
import { deletePanelPush, fetchPanelPush, fetchPushKey, putPanelPush } from "../api";
import { pushProblem, PushProblemError, subscribeBrowser, unsubscribeBrowser, type PushProblem } from "../browser";
import { thisPanelAtom } from "../../panels";

type Loaded = { status: "loading" } | { status: "failed" } | { status: "loaded"; subscribed: boolean };
type Problem = PushProblem | "hub" | "noneChosen";

/**
 * 'Powiadomienia push' in the menu, for this panel (its id: panel-id.ts): whether it is subscribed
 * (GET /panels/{id}/push), the events it is pushed about (checkboxes: Dzwonek, Brama, Garaż, Zalanie,
 * Dym; all chosen for a new subscription), 'Włącz powiadomienia' (asks the notification permission,
 * subscribes with the hub's VAPID key, PUT /panels/{id}/push), 'Zapisz wybór' and 'Wyłącz
 * powiadomienia' (DELETE, and the browser's subscription removed). Says in Polish why it cannot work:
 * an insecure origin, a browser without Push, no permission, the browser's push service refusing, the
 * hub refusing. Buttons follow the command gate (offline, locked).
 */
export function PushSettings() {
  const { t } = useTranslation();
  const env = useAtomValue(commandEnvAtom);
  const gate = useCommandGate();
  // The hub lets only the panel's own session change its subscription: wait until this browser has
  // registered as its panel (the panels feature does it at login).
  const panelId = useAtomValue(thisPanelAtom)?.id ?? null;
  const legendId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [chosen, setChosen] = useState<readonly PushCategory[]>(PUSH_CATEGORIES);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(() => pushProblem());
  const [saved, setSaved] = useState(false);

  const load = useCallback(async () => {
    if (!env || panelId === null) return;
    try {
      const categories = await fetchPanelPush(env.api.general, panelId);
      if (categories !== null) setChosen(categories);
      setLoaded({ status: "loaded", subscribed: categories !== null });
    } catch {
      setLoaded({ status: "failed" });
    }
  }, [env, panelId]);

  useEffect(() => {
    void load();
  }, [load]);

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    setSaved(false);
    try {
      const subscribed = await action();
      setProblem(null);
      setSaved(true);
      setLoaded({ status: "loaded", subscribed });
    } catch (error) {
      setProblem(error instanceof PushProblemError ? error.problem : "hub");
    } finally {
      setBusy(false);
    }
  };

  const handleSubscribe = () => {
    if (!env || panelId === null) return;
    if (chosen.length === 0) {
      setProblem("noneChosen");
      return;
    }
    void run(async () => {
      const subscription = await subscribeBrowser(await fetchPushKey(env.api.general));
      await putPanelPush(env.api.general, panelId, { subscription, categories: [...chosen] });
      return true;
    });
  };

  const handleUnsubscribe = () => {
    if (!env || panelId === null) return;
    void run(async () => {
      await deletePanelPush(env.api.general, panelId);
      await unsubscribeBrowser();
      return false;
    });
  };

  const handleToggle = (category: PushCategory, on: boolean) => {
    setSaved(false);
    setChosen((current) => PUSH_CATEGORIES.filter((item) => (item === category ? on : current.includes(item))));
  };

  if (loaded.status === "loading") return <p className="muted">{t("push.loading")}</p>;
  if (loaded.status === "failed") return <p role="alert">{t("push.loadFailed")}</p>;
  const disabled = gate.disabled || busy;
  return (
    <div className="settings-list" data-testid="push-settings">
      <p data-testid="push-status">{loaded.subscribed ? t("push.on") : t("push.off")}</p>
      <fieldset className="choice-field" aria-labelledby={legendId}>
        <legend id={legendId} className="choice-field__legend">
          {t("push.categories")}
        </legend>
        {PUSH_CATEGORIES.map((category) => (
          <label key={category} className="choice-field__option" data-checked={chosen.includes(category)}>
            <input
              type="checkbox"
              className="choice-field__input"
              checked={chosen.includes(category)}
              disabled={busy}
              onChange={(event) => handleToggle(category, event.currentTarget.checked)}
            />
            {t(`push.category.${category}`)}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p role="alert" data-testid="push-problem">
          {t(problem === "noneChosen" ? "push.noneChosen" : `push.problem.${problem}`)}
        </p>
      )}
      {saved && !problem && <p role="status">{t("push.saved")}</p>}
      <div className="menu-links">
        <button
          type="button"
          className="button"
          disabled={disabled}
          {...gateReasonProps(gate)}
          onClick={handleSubscribe}
        >
          {loaded.subscribed ? t("push.save") : t("push.subscribe")}
        </button>
        {loaded.subscribed && (
          <button
            type="button"
            className="button button--danger"
            disabled={disabled}
            {...gateReasonProps(gate)}
            onClick={handleUnsubscribe}
          >
            {t("push.unsubscribe")}
          </button>
        )}
      </div>
    </div>
  );
}
