import type { Page } from "@playwright/test";
import { DASHBOARD_DB_NAME } from "../../../src/shared/db/database";

/**
 * One row of the app's persisted live snapshot in the page's IndexedDB (Dexie database `dashboard`,
 * table `liveSnapshot`): the stored `value` of `topic` and the table's row count, or null when the
 * table or the row is not there yet.
 */
export async function snapshotRow(page: Page, topic: string): Promise<{ value: unknown; count: number } | null> {
  return page.evaluate(
    ({ name, topic }) =>
      new Promise<{ value: unknown; count: number } | null>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("liveSnapshot")) {
            db.close();
            resolve(null);
            return;
          }
          const store = db.transaction("liveSnapshot", "readonly").objectStore("liveSnapshot");
          const row = store.get(topic);
          const count = store.count();
          count.onsuccess = () => {
            const found = row.result as { value: unknown } | undefined;
            db.close();
            resolve(found === undefined ? null : { value: found.value, count: count.result });
          };
          count.onerror = () => reject(new Error(String(count.error)));
        };
      }),
    { name: DASHBOARD_DB_NAME, topic },
  );
}
