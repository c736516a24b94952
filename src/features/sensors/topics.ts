/** The live topic of a sensor reading (DESIGN §3): `sensor/<kind>/<place>`, from the shared contract. */
export { sensorTopic } from "../../../contract/topics";
