/** `+79000000001` → `+7 (900) 000-00-01` (the phone mask of SPEC.md section 5); other values as they are. */
export function formatPhone(phone: string | null | undefined): string | null {
  if (!phone) return null
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone)
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone
}
