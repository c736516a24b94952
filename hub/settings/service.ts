import { settingsTopic } from "../../src/shared/contract/topics";
import type { SettingKey } from "../../src/shared/contract/settings";
import type { BrokerLink } from "../broker/link";
import type { SettingsStore, SkippedSetting } from "./store";
import { applySetting, settingJson } from "./value";

/**
 * Household settings (spec §3 "Settings entries", docs/contract.md PATCH /settings): each stored
 * value is also published retained (QoS 1) on `settings/<key>`, at every change and at hub start.
 */
export class SettingsService {
  constructor(
    private readonly store: SettingsStore,
    private readonly link: BrokerLink,
  ) {}

  /**
   * Stores `value` for `key` (minus `idsToRemove`, see applySetting) and publishes it.
   * @returns the value stored
   * @throws HubError BAD_REQUEST when the value breaks the JSON limits (settingJson)
   */
  set(key: SettingKey, value: unknown, idsToRemove: readonly (string | number)[] | undefined): unknown {
    const stored = applySetting(key, value, idsToRemove);
    const json = settingJson(stored);
    this.store.set(key, stored);
    this.link.publish(settingsTopic(key), json, { retain: true, qos: 1 });
    return stored;
  }

  /** Republishes every stored setting (hub start); a row that breaks the limits is reported to `onSkipped` instead. */
  republishAll(onSkipped: SkippedSetting): void {
    for (const { key, value } of this.store.all(onSkipped)) this.link.publish(settingsTopic(key), JSON.stringify(value), { retain: true, qos: 1 });
  }

  /** The stored value of `key`, or undefined (see SettingsStore.get). */
  get(key: SettingKey): unknown {
    return this.store.get(key);
  }
}
