import * as v from "valibot";
import { AdoptionSchema, DeviceShowSchema, type DeviceShow } from "../../../contract/adoption";
import { PlaceSchema, SensorKindSchema } from "../../../contract/sensors";
import type { ListedDevice } from "./schemas";
import { DEVICE_USES, type DeviceUseKind, type UseChoices } from "./uses";

/** The adoption form's fields: text as typed (blank: not set), the use flattened, `capability` a {@link UseChoices} key. */
export type AdoptionFormValues = {
  label: string;
  room: string;
  purpose: string;
  show: DeviceShow;
  hidden: boolean;
  use: "" | DeviceUseKind;
  switchName: string;
  sensorKind: string;
  sensorPlace: string;
  capability: string;
};

/** Field names of {@link AdoptionFormValues}. */
export type AdoptionField = keyof AdoptionFormValues;

/** i18n keys of the form's own messages (valibot messages are these keys; the form translates them). */
export const FORM_MESSAGES = {
  place: "devices.form.placeInvalid",
  kind: "devices.form.kindInvalid",
  capability: "devices.form.capabilityInvalid",
  tooLong: "devices.form.tooLong",
} as const;

const blankToUndefined = (text: string): string | undefined => (text.trim() === "" ? undefined : text.trim());

/** The form's values for `device` as the hub has it (its adoption, or none: shown on home, not hidden, not used). */
export function formValuesOf(device: ListedDevice, choices: UseChoices): AdoptionFormValues {
  const adoption = device.adoption;
  const use = adoption?.use;
  const endpoint = use?.endpoint;
  const property = use?.as === "sensor" ? use.property : use?.as === "solar" ? use.power : undefined;
  const pick =
    use === undefined
      ? undefined
      : choices[use.as].find(
          (choice) =>
            (choice.endpoint ?? undefined) === endpoint && (property === undefined || choice.property === property),
        );
  return {
    label: adoption?.label ?? "",
    room: adoption?.room ?? "",
    purpose: adoption?.purpose ?? "",
    show: adoption?.show ?? "home",
    hidden: adoption?.hidden ?? false,
    use: use?.as ?? "",
    switchName: use?.as === "switch" || use?.as === "solar" ? use.name : "",
    sensorKind: use?.as === "sensor" ? use.kind : "",
    sensorPlace: use?.as === "sensor" ? use.place : "",
    capability: pick?.key ?? "",
  };
}

/**
 * The adoption form's schema for a device whose capabilities offer `choices`: validates the fields
 * (a switch's name and a sensor's place as contract/sensors.ts PlaceSchema, a sensor's kind, a
 * capability the use can take; errors carry {@link FORM_MESSAGES} keys), then builds the
 * adoption and parses it with the contract's AdoptionSchema: the body `PUT
 * /devices/{id}/adoption` takes. Blank texts are left out.
 */
export function adoptionFormSchema(choices: UseChoices) {
  const choiceOf = (values: AdoptionFormValues) =>
    values.use === "" ? undefined : choices[values.use].find((choice) => choice.key === values.capability);
  const text = (max: number) => v.pipe(v.string(), v.maxLength(max, FORM_MESSAGES.tooLong));
  const Fields = v.object({
    label: text(200),
    room: text(64),
    purpose: text(64),
    show: DeviceShowSchema,
    hidden: v.boolean(),
    use: v.picklist(["", ...DEVICE_USES]),
    switchName: v.string(),
    sensorKind: v.string(),
    sensorPlace: v.string(),
    capability: v.string(),
  });
  type Fields = v.InferOutput<typeof Fields>;
  const check = (
    field: "switchName" | "sensorPlace" | "sensorKind" | "capability",
    ok: (values: Fields) => boolean,
    message: string,
  ) =>
    v.forward<Fields, v.PartialCheckIssue<Fields>, [typeof field]>(
      v.partialCheck<Fields, [["use"], [typeof field]], Fields, string>(
        [["use"], [field]],
        (values) => ok(values as Fields),
        message,
      ),
      [field],
    );
  return v.pipe(
    Fields,
    check(
      "switchName",
      (values) => (values.use !== "switch" && values.use !== "solar") || v.is(PlaceSchema, values.switchName),
      FORM_MESSAGES.place,
    ),
    check(
      "sensorPlace",
      (values) => values.use !== "sensor" || v.is(PlaceSchema, values.sensorPlace),
      FORM_MESSAGES.place,
    ),
    check(
      "sensorKind",
      (values) => values.use !== "sensor" || v.is(SensorKindSchema, values.sensorKind),
      FORM_MESSAGES.kind,
    ),
    check("capability", (values) => values.use === "" || choiceOf(values) !== undefined, FORM_MESSAGES.capability),
    v.transform((values): unknown => {
      const choice = choiceOf(values);
      const at = choice?.endpoint === undefined ? {} : { endpoint: choice.endpoint };
      const base = {
        label: blankToUndefined(values.label),
        room: blankToUndefined(values.room),
        purpose: blankToUndefined(values.purpose),
        show: values.show,
        hidden: values.hidden,
      };
      switch (values.use) {
        case "":
          return base;
        case "switch":
          return { ...base, use: { as: "switch", name: values.switchName, ...at } };
        case "sensor":
          return {
            ...base,
            use: {
              as: "sensor",
              kind: values.sensorKind,
              place: values.sensorPlace,
              property: choice?.property,
              ...at,
            },
          };
        case "solar":
          return {
            ...base,
            use: {
              as: "solar",
              name: values.switchName,
              power: choice?.property,
              ...(choice?.energy === undefined ? {} : { energy: choice.energy }),
              ...at,
            },
          };
        default:
          return { ...base, use: { as: values.use, ...at } };
      }
    }),
    AdoptionSchema,
  );
}
