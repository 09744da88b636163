/** The alerts' public API for other features: push an alert (the host is the app's). */
export { type AlertInput, alertsActor, pushAlert } from "./alerts.ts"
