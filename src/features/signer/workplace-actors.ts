import { api, call } from "../../api/client.ts"
import type { ListedCertificate } from "../../../machines/certificate-list.machine.ts"
import type { CertificateCheck, Detection } from "../../../machines/workplace-check.machine.ts"
import { type CadesPlugin, detectPlugin, pluginSigner, pluginVersions } from "./cadesplugin.ts"

/** The workplace check's actors over the real plug-in and the public validation API. */
export function workplaceActors() {
  let plugin: CadesPlugin | null = null
  return {
    async detect(): Promise<Detection> {
      const state = await detectPlugin()
      plugin = state.status === "ready" ? state.plugin : null
      if (state.status !== "ready") return { plugin: state.status, pluginVersion: null, cspVersion: null, error: state.status === "failed" ? state.error : null }
      const v = await pluginVersions(state.plugin)
      return { plugin: "ready", pluginVersion: v.plugin, cspVersion: v.csp, error: null }
    },
    async listCertificates(): Promise<readonly ListedCertificate[]> {
      return plugin ? pluginSigner(plugin).listCertificates() : []
    },
    async checkCertificates(list: readonly ListedCertificate[]): Promise<Record<string, CertificateCheck | null>> {
      const out: Record<string, CertificateCheck | null> = {}
      for (const c of list) {
        try {
          const r = await call(() =>
            api<{ verdict: string; withinValidity: boolean; chain: { status: string }; revocation: { status: string } }>("/api/v1/svs/certificates/validate/", { method: "POST", body: { certificate: c.certificate } }),
          )
          out[c.thumbprint] = { trusted: r.chain.status === "trusted", withinValidity: r.withinValidity, revoked: r.revocation.status === "revoked" || r.revocation.status === "suspended", verdict: r.verdict }
        } catch {
          out[c.thumbprint] = null
        }
      }
      return out
    },
  }
}
