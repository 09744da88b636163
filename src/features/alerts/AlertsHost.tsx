/** PLACEHOLDER until the alerts machine lands. */
export function AlertsHost() {
  return null
}
