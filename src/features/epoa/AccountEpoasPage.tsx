import { useState } from "react"
import { Link } from "wouter"
import type { EpoaRecord } from "../../../schemas/entities/epoa.ts"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { api, call } from "../../api/client.ts"
import { multipart } from "../../api/multipart.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { TextField } from "../../ui/TextField.tsx"
import * as pageCss from "../../ui/page.css.ts"
import { pushAlert } from "../alerts/index.ts"
import { EpoaCard } from "./EpoaCard.tsx"
import { EpoaUploadForm } from "./EpoaUploadForm.tsx"
import * as css from "./epoa.css.ts"

const t = epoaMessages.account

const listEpoas = async () => (await call(() => api<{ data: EpoaRecord[] }>("/api/v1/lk/epoas/"))).data

/** The director's confirmation of a revocation: the reason and the account's password (docs/epoa.md). */
function RevokeForm({ epoa, onDone, onCancel }: { epoa: EpoaRecord; onDone: () => void; onCancel: () => void }) {
  const [reason, setReason] = useState("")
  const [password, setPassword] = useState("")
  const revocation = useAction((body: { reason: string; password: string }) => call(() => api(`/api/v1/lk/epoas/${encodeURIComponent(epoa.id)}/revoke/`, { method: "POST", body })), {
    onDone: () => {
      pushAlert({ tone: "success", text: t.revoked })
      onDone()
    },
    onFailure: (e) => pushAlert({ text: e.message, apiError: true }),
  })
  const errors = revocation.errors
  const titleId = `revoke-${epoa.id}`
  return (
    <form
      aria-labelledby={titleId}
      onSubmit={(e) => {
        e.preventDefault()
        // A second submit while it runs is ignored by the machine.
        revocation.run({ reason, password })
      }}
    >
      <h3 id={titleId} className={css.cardTitle}>
        {t.revokeTitle(epoa.attributes.number)}
      </h3>
      <TextField name="reason" label={t.reason} value={reason} errors={errors.reason ?? errors.base} onValueChange={setReason} maxLength={1000} required />
      <TextField name="password" type="password" autoComplete="current-password" label={t.password} value={password} errors={errors.password} onValueChange={setPassword} required />
      <div className={pageCss.actions}>
        <Button type="submit" variant="primary" disabled={revocation.busy}>
          {t.confirm}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  )
}

/**
 * /account/epoas (director level): the МЧД of the director's companies — the upload (the XML with the
 * head's signature; the principal must be one of the director's companies) and the revocation with
 * the reason, confirmed with the account's password.
 */
export function AccountEpoasPage() {
  const loaded = useLoad("all", listEpoas)
  const [revoking, setRevoking] = useState<string | null>(null)
  const reload = loaded.reload
  const list = loaded.state === "ready" ? loaded.value : null
  return (
    <div className={css.page}>
      <Link href="/account">← {epoaMessages.pages.backToAccount}</Link>
      <h1 className={pageCss.title}>{t.title}</h1>
      <p className={pageCss.lead}>{t.lead}</p>
      <EpoaUploadForm
        id="account-epoa-upload"
        title={epoaMessages.crm.upload}
        send={(xml, signature) => call(() => api("/api/v1/lk/epoas/", { method: "POST", body: multipart({ file: xml, signature }) }))}
        onSent={() => {
          pushAlert({ tone: "success", text: epoaMessages.upload.done })
          reload()
        }}
      />
      <section className={css.results} aria-label={t.title}>
        {loaded.state === "failed" && <p role="alert">{loaded.error.message}</p>}
        {list !== null && list.length === 0 && <p>{t.none}</p>}
        {list?.map((e) => (
          <div key={e.id}>
            <EpoaCard epoa={e} />
            {e.attributes.status !== "revoked" &&
              (revoking === e.id ? (
                <RevokeForm
                  epoa={e}
                  onCancel={() => setRevoking(null)}
                  onDone={() => {
                    setRevoking(null)
                    reload()
                  }}
                />
              ) : (
                <Button variant="secondary" onClick={() => setRevoking(e.id)}>
                  {t.revoke}
                </Button>
              ))}
          </div>
        ))}
      </section>
    </div>
  )
}
