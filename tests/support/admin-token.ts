/** The test servers' administrator (tests/support/server.ts seeds it; the soak's child seeds its own). */
export const TEST_ADMIN = { email: "admin@test.local", password: "Adm1n-Test-Pass" } as const

/** An administrator's token from the real CRM sign-in of the server at `url`. */
export async function adminToken(url: string, admin: { readonly email: string; readonly password: string } = TEST_ADMIN): Promise<string> {
  const res = await fetch(`${url}/api/v2/crm/sign_in/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ admin }),
  })
  if (!res.ok) throw new Error(`sign in failed: ${res.status}`)
  const body = (await res.json()) as { meta: { jwt: string } }
  return body.meta.jwt
}
