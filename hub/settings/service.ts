import { settingsTopic } from "../../contract/topics";
import type { SettingKey } from "../../contract/settings";
import type { BrokerLink } from "../broker/link";
import type { SettingsStore, SkippedSetting } from "./store";
import { applySetting, checkSettingValue, settingJson, type KnownSwitches } from "./value";

/**
 * Household settings (spec §3 "Settings entries", docs/contract.md PATCH /settings): each stored
 * value is also published retained (QoS 1) on `settings/<key>`, at every change and at hub start.
 */
export class SettingsService {
  constructor(
    private readonly store: SettingsStore,
    private readonly link: BrokerLink,
    /** The household's switches: switch items in settings must name one of them (absent = not checked). */
    private readonly knownSwitches?: KnownSwitches,
  ) {}

  /**
   * Stores `value` for `key` (minus `idsToRemove`, see applySetting) and publishes it.
   * @returns the value stored
   * @throws HubError BAD_REQUEST when the value breaks the JSON limits (settingJson), or its key's
   *   schema or names an unknown switch (checkSettingValue: the field under `value` named)
   */
  set(key: SettingKey, value: unknown, idsToRemove: readonly (string | number)[] | undefined): unknown {
    const stored = applySetting(key, value, idsToRemove);
    const json = settingJson(stored); // the size and depth limits first: they name the limit
    checkSettingValue(key, stored, this.knownSwitches);
    this.store.set(key, stored);
    this.link.publish(settingsTopic(key), json, { retain: true, qos: 1 });
    for (const listener of this.listeners) listener(key, stored);
    return stored;
  }

  /** Republishes every stored setting (hub start); a row that breaks the limits is reported to `onSkipped` instead. */
  republishAll(onSkipped: SkippedSetting): void {
    for (const { key, value } of this.store.all(onSkipped))
      this.link.publish(settingsTopic(key), JSON.stringify(value), { retain: true, qos: 1 });
  }

  /** Calls `listener` with each key and value after it is stored (the watchdogs and the garage light read their settings this way). */
  onChange(listener: (key: SettingKey, value: unknown) => void): void {
    this.listeners.push(listener);
  }

  private readonly listeners: ((key: SettingKey, value: unknown) => void)[] = [];

  /** The stored value of `key`, or undefined (see SettingsStore.get). */
  get(key: SettingKey): unknown {
    return this.store.get(key);
  }
}
