/** PLACEHOLDER until the alerts machine lands: the API every feature uses to show an alert. */
export interface AlertInput {
  readonly text: string
  readonly tone?: "info" | "success" | "error"
  /** API errors stay 10 s instead of 5 s. */
  readonly apiError?: boolean
}

export function pushAlert(_alert: AlertInput): void {}
