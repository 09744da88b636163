import type { OfferKind } from "../../../machines/offer-request.machine.ts"

/**
 * Opens the offers modal ('Задать вопрос' or the callback) and the personal-data policy modal from
 * anywhere on the site: module-level listeners; the hosts in the site shell register themselves.
 */
type Listener<T> = (arg: T) => void

function channel<T>() {
  const listeners = new Set<Listener<T>>()
  return {
    listen(l: Listener<T>): () => void {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    /** Answers false when no host is mounted. */
    emit(arg: T): boolean {
      for (const l of listeners) l(arg)
      return listeners.size > 0
    },
  }
}

const offers = channel<OfferKind>()
const policy = channel<void>()

export const onOpenOffer = offers.listen
export const openOffer = (kind: OfferKind = "question") => offers.emit(kind)
export const onOpenPolicy = policy.listen
export const openPolicy = () => policy.emit(undefined)
