import { FETCH_DELAY_MS } from "../../schemas/constants.ts"

/**
 * The default fetch delay (SPEC.md section 9, `FETCH_DELAY_MS` = 200 ms): `onSlow` runs only when
 * `pending` has not settled by then, so a view shows its pending state ('Загрузка…') for slow reads
 * only. Answers `pending` itself; the timer is cleared when it settles.
 */
export function whenSlow<T>(pending: Promise<T>, onSlow: () => void, delay: number = FETCH_DELAY_MS): Promise<T> {
  const timer = setTimeout(onSlow, delay)
  return pending.finally(() => clearTimeout(timer))
}
