import { useActorRef, useSelector } from "@xstate/react"
import { useMemo } from "react"
import { fromPromise } from "xstate"
import { certificateListMachine, type ListedCertificate, usableCertificates } from "../../../machines/certificate-list.machine.ts"
import { shortDay } from "../../../schemas/dates.ts"
import type { FieldOption } from "../../../schemas/forms/types.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { requirePluginSigner } from "./cadesplugin.ts"
import { commonNameOf } from "./signer.ts"

/** One certificate as a choice of the source `certificates`: value the thumbprint, label owner, issuer, validity. */
export const certificateOption = (c: ListedCertificate): FieldOption => ({
  value: c.thumbprint,
  label: c.issuerName ? t.certificateLabel(commonNameOf(c.subjectName), commonNameOf(c.issuerName), shortDay(c.validTo)) : c.subjectName,
})

/**
 * The plug-in's certificates for a form's source `certificates` (those one can sign with now) and the
 * `loadCertificates` handler of the refresh button; the list's flow is certificateListMachine's.
 */
export function usePluginCertificates() {
  const actor = useActorRef(certificateListMachine.provide({ actors: { listCertificates: fromPromise(async () => (await requirePluginSigner()).listCertificates()) } }))
  const certificates = useSelector(actor, (s) => s.context.certificates)
  const error = useSelector(actor, (s) => (s.matches("unavailable") ? s.context.error : null))
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const usable = useMemo(() => usableCertificates(certificates), [certificates])
  const options = useMemo(() => usable.map(certificateOption), [usable])
  return { certificates: usable, options, error, loading, refresh: () => actor.send({ type: "REFRESH" }) }
}
